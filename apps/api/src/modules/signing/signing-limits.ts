import { createHash } from 'node:crypto';
import { AppError } from '../../errors.ts';
import {
  countHit,
  countHitOrRefuse,
  peekHits,
  resetHits,
  type RateLimitRule,
} from '../../plugins/rate-limit.ts';
import type { Db } from '../../db/client.ts';

const hourMs = 60 * 60 * 1000;

/**
 * Limits on QES signing, which sends a code by SMS and takes the code back. Windows are fixed (the
 * shared counters of plugins/rate-limit.ts), so two can meet within any span of their length.
 *
 * Worst case for someone guessing codes as one signer (a six-digit code, 10^6 values, new with
 * every signing started): the QTSP takes at most `answersPerCode` answers per signing, and a signer
 * may start `startsPerSigner` signings per hourly window: at most 5 × 3 = 15 codes in one. Every
 * answer is also counted, before it reaches the QTSP, against `answersPerSignerPerDay` per signer
 * and 24-hour window (three locked codes' worth; cancelling a signing before it locks does not
 * help): the tenth answer and every new signing are refused until that window ends. So at most
 * 18 codes in any 24 hours, and so in any hour too (where two windows meet); the chance that one
 * of them is right is at most 18 / (10^6 − 2) ≈ 0.0018 % a day (9 a window: ≈ 0.33 % over a
 * whole year of trying). A right answer proves the phone and starts the count again.
 *
 * SMS flooding: each signing started and each code re-sent is one SMS; per hourly window at most
 * 5 + 5 per signer, 20 + 20 per request, and 10 to one mobile number whichever signer slots
 * carry it.
 */
export const qesLimits = {
  startsPerSigner: 5,
  startsPerRequest: 20,
  resendsPerSigner: 5,
  resendsPerRequest: 20,
  smsPerMobile: 10,
  window: hourMs,
  /** The QTSP's own limit of answers to one code (the sandbox's and the product's: three). */
  answersPerCode: 3,
  answersPerSignerPerDay: 9,
  answerWindow: 24 * hourMs,
} as const;

/** The bounds the comment above states, from the limits themselves (the tests check both). */
export const guessingBound = {
  codesPerHourWindow: qesLimits.startsPerSigner * qesLimits.answersPerCode,
  codesInAnyHour: Math.min(
    2 * qesLimits.startsPerSigner * qesLimits.answersPerCode,
    2 * qesLimits.answersPerSignerPerDay,
  ),
  codesInAnyDay: 2 * qesLimits.answersPerSignerPerDay,
  successPerDay: (2 * qesLimits.answersPerSignerPerDay) / (1_000_000 - (qesLimits.answersPerCode - 1)),
};

const rule = (key: string, limit: number, windowMs = qesLimits.window): RateLimitRule => ({
  key,
  limit,
  windowMs,
});

/** Counter keys hold no phone number, only its digest. */
const mobileKey = (mobile: string) => createHash('sha256').update(mobile).digest('hex').slice(0, 32);

const answerRule = (signerKey: string) =>
  rule(`tan-answer:${signerKey}`, qesLimits.answersPerSignerPerDay, qesLimits.answerWindow);

function blocked(retryAfterSeconds: number): AppError {
  return new AppError(
    'SIGNING_BLOCKED',
    'Too many wrong codes: qualified signing is blocked for you for a while. Try again later.',
    { retryAfterSeconds },
  );
}

/** Refuses a QES signing or resend while the signer is blocked for wrong codes. */
async function checkNotBlocked(db: Db, signerKey: string, now: Date): Promise<void> {
  const answers = await peekHits(db, answerRule(signerKey), now);
  if (answers.count >= qesLimits.answersPerSignerPerDay) throw blocked(answers.retryAfterSeconds);
}

/**
 * Counts one SMS against every rule, refused with 429 when any is used up. Rules already used up
 * are checked first without counting, so a refused attempt does not eat the request's budget of
 * the other signers; the counts themselves are atomic, so concurrent attempts cannot pass together.
 */
async function countSms(db: Db, rules: RateLimitRule[], now: Date): Promise<void> {
  const refuse = (retryAfterSeconds: number) =>
    new AppError(
      'SIGNING_RATE_LIMITED',
      'Too many codes were sent for this signing within the hour. Please try again later.',
      { retryAfterSeconds },
    );
  const before = await Promise.all(rules.map((r) => peekHits(db, r, now)));
  const full = before.filter((state, index) => state.count >= rules[index]!.limit);
  if (full.length) throw refuse(Math.max(...full.map((state) => state.retryAfterSeconds)));
  const after: Array<{ count: number; retryAfterSeconds: number }> = [];
  for (const r of rules) after.push(await countHit(db, r, now));
  const over = after.filter((state, index) => state.count > rules[index]!.limit);
  if (over.length) throw refuse(Math.max(...over.map((state) => state.retryAfterSeconds)));
}

const codeBudgets = {
  start: { key: 'qes-start', perSigner: qesLimits.startsPerSigner, perRequest: qesLimits.startsPerRequest },
  resend: {
    key: 'tan-resend',
    perSigner: qesLimits.resendsPerSigner,
    perRequest: qesLimits.resendsPerRequest,
  },
};

/**
 * Before a code is sent (a QES signing started, or its code sent again): the signer is not blocked,
 * and the hour's budgets of the signer, each request and the mobile number allow one more.
 */
export async function countCodeSent(
  db: Db,
  kind: keyof typeof codeBudgets,
  signing: { signerKey: string; requestIds: string[]; mobile: string | null },
  now: Date,
): Promise<void> {
  const budget = codeBudgets[kind];
  await checkNotBlocked(db, signing.signerKey, now);
  await countSms(
    db,
    [
      rule(`${budget.key}:${signing.signerKey}`, budget.perSigner),
      ...signing.requestIds.map((id) => rule(`${budget.key}:request:${id}`, budget.perRequest)),
      ...(signing.mobile ? [rule(`qes-sms:${mobileKey(signing.mobile)}`, qesLimits.smsPerMobile)] : []),
    ],
    now,
  );
}

/**
 * Counts an answer before it reaches the QTSP (right or wrong: nobody knows yet), so concurrent
 * answers cannot exceed the budget; refused with 429 once the signer's answers are used up.
 */
export async function countTanAnswer(db: Db, signerKey: string, now: Date): Promise<void> {
  await countHitOrRefuse(db, answerRule(signerKey), now, blocked);
}

/** A right answer: the person has the phone, so their earlier typing errors no longer count. */
export async function tanAccepted(db: Db, signerKey: string): Promise<void> {
  await resetHits(db, answerRule(signerKey).key);
}
