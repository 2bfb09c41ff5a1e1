import type { Language } from '@signet/contracts/common';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../errors.ts';
import { hashToken, newToken } from '../../plugins/auth.ts';
import { countHit, type RateLimitRule } from '../../plugins/rate-limit.ts';
import type { AccountsDeps } from './accounts.service.ts';
import * as repo from './accounts.repository.ts';

// Mailed links (sign-up, e-mail confirmation, password reset): their tokens, and the limits on
// how many such mails anonymous callers may trigger.

export const oneHour = 60 * 60 * 1000;

/** Mails triggered by anonymous callers are limited so nobody can flood an inbox. */
const mailLimits = {
  recipient: (purpose: string, email: string): RateLimitRule => ({
    key: `mail:${purpose}:${email}`,
    limit: 5,
    windowMs: oneHour,
  }),
  address: (ip: string, limit = 30): RateLimitRule => ({ key: `mail:ip:${ip}`, limit, windowMs: oneHour }),
};

/** Counts one hit of the rule; TOO_MANY_ATTEMPTS once its limit is passed. */
export async function enforceLimit(db: Db, rule: RateLimitRule, now: Date): Promise<void> {
  const state = await countHit(db, rule, now);
  if (state.count > rule.limit)
    throw new AppError('TOO_MANY_ATTEMPTS', 'Too many requests. Please wait and try again.', {
      retryAfterSeconds: state.retryAfterSeconds,
    });
}

/** The limits of a mail an anonymous caller triggers: per client address, and per recipient and purpose. */
export async function enforceMailLimits(
  deps: AccountsDeps,
  mail: { ip: string; purpose: string; email: string },
  now: Date,
): Promise<void> {
  await enforceLimit(deps.db, mailLimits.address(mail.ip, deps.mailLimitPerAddress), now);
  await enforceLimit(deps.db, mailLimits.recipient(mail.purpose, mail.email), now);
}

/** A new mailed token; only its hash is stored. */
export async function issueEmailToken(
  deps: AccountsDeps,
  token: {
    purpose: repo.TokenPurpose;
    email: string;
    userId: string | null;
    lang: Language;
    lifetimeMs: number;
  },
): Promise<string> {
  const value = newToken();
  const now = deps.clock.now();
  await repo.insertEmailToken(deps.db, {
    tokenHash: hashToken(value),
    purpose: token.purpose,
    email: token.email,
    userId: token.userId,
    lang: token.lang,
    createdAt: now,
    expiresAt: new Date(now.getTime() + token.lifetimeMs),
  });
  return value;
}
