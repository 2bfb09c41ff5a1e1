import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import type { RegisterBody } from '@signet/contracts/accounts';
import { defaultLanguage, type Language } from '@signet/contracts/common';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../errors.ts';
import { hashToken, type UserCaller } from '../../plugins/auth.ts';
import { queueMail } from '../../mail/mailer.ts';
import { requireUser, type AccountsDeps } from './accounts.service.ts';
import * as repo from './accounts.repository.ts';
import { enforceMailLimits, issueEmailToken } from './email-tokens.ts';
import { hashPassword } from './password-hashing.ts';
import { assertPasswordAllowed } from './passwords.service.ts';
import { startSession } from './sessions.service.ts';
import { attributesOf, defaultAttributes } from './user-dto.ts';

// Sign-up in two steps (the address confirmed from its inbox, then the account registered), and
// the confirmation of a signed-in user's new e-mail address.

const signupTokenMs = 24 * 60 * 60 * 1000;

/** Signup step 1 (anonymous) or re-verification of a signed-in user's new e-mail address. */
export async function requestConfirmation(
  deps: AccountsDeps,
  input: { email: string; lang?: Language; ip: string; caller: UserCaller | null },
): Promise<void> {
  await enforceMailLimits(deps, { ip: input.ip, purpose: 'confirm', email: input.email }, deps.clock.now());
  if (input.caller) {
    const user = await requireUser(deps.db, input.caller.userId);
    const lang = input.lang ?? attributesOf(user).lang;
    const token = await issueEmailToken(deps, {
      purpose: 'verify_email',
      email: input.email,
      userId: user.id,
      lang,
      lifetimeMs: signupTokenMs,
    });
    await queueMail(deps.db, deps.clock, {
      to: input.email,
      template: 'emailVerification',
      lang,
      params: { firstName: user.firstName, email: input.email },
      actionUrl: `${deps.publicUrl}/profile/confirm?token=${token}`,
    });
    return;
  }
  const lang = input.lang ?? defaultLanguage;
  const token = await issueEmailToken(deps, {
    purpose: 'signup',
    email: input.email,
    userId: null,
    lang,
    lifetimeMs: signupTokenMs,
  });
  await queueMail(deps.db, deps.clock, {
    to: input.email,
    template: 'signupConfirmation',
    lang,
    actionUrl: `${deps.publicUrl}/signup/confirm?token=${token}`,
  });
}

/**
 * Checks a mailed token. A signup token stays usable (registration consumes it); an e-mail
 * verification token is applied at once: the account takes the confirmed address.
 */
export async function validConfirmation(
  deps: AccountsDeps,
  token: string,
): Promise<{ valid: boolean; email: string | null }> {
  const now = deps.clock.now();
  const tokenHash = hashToken(token);
  const row = await repo.findUsableToken(deps.db, tokenHash, ['signup', 'verify_email'], now);
  if (!row) return { valid: false, email: null };
  if (row.purpose === 'verify_email' && row.userId) {
    const userId = row.userId;
    const applied = await deps.db.transaction(async (tx) => {
      const taken = await repo.findUserByEmail(tx, row.email);
      if (taken && taken.id !== userId) return false;
      if (!(await repo.consumeToken(tx, tokenHash, now))) return false;
      await repo.updateUser(tx, userId, { email: row.email, emailVerified: true, updatedAt: now });
      return true;
    });
    return applied ? { valid: true, email: row.email } : { valid: false, email: null };
  }
  return { valid: true, email: row.email };
}

/** Signup step 2: the account, from a confirmed address; signed in at once. */
export async function register(
  deps: AccountsDeps,
  body: z.infer<typeof RegisterBody>,
): Promise<{ value: string; expiration: string }> {
  const now = deps.clock.now();
  const tokenHash = hashToken(body.token);
  const token = await repo.findUsableToken(deps.db, tokenHash, ['signup'], now);
  if (!token)
    throw new AppError(
      'TOKEN_INVALID',
      'This confirmation link is invalid or has expired. Please sign up again.',
      { field: 'token' },
    );
  assertPasswordAllowed(body.password, { ...body, email: token.email }, 'password');
  const passwordHash = await hashPassword(body.password);
  const userId = randomUUID();
  const lang = body.lang ?? (token.lang as Language);
  await deps.db.transaction((tx) =>
    createConfirmedAccount(tx, {
      tokenHash,
      id: userId,
      email: token.email,
      firstName: body.firstName,
      lastName: body.lastName,
      passwordHash,
      lang,
      mobile: body.mobile ?? null,
      avatar: body.avatar,
      now,
    }),
  );
  return startSession(deps, userId);
}

/**
 * The account of a confirmed signup (personal or business): verified address, terms accepted. Its
 * token is used up in the same transaction; refused when the address has an account meanwhile, or
 * when a concurrent request used the token first.
 */
export async function createConfirmedAccount(
  tx: Db,
  account: {
    tokenHash: string;
    id: string;
    email: string;
    firstName: string;
    lastName: string;
    passwordHash: string;
    lang: Language;
    mobile: string | null;
    avatar?: string;
    now: Date;
  },
): Promise<void> {
  if (await repo.findUserByEmail(tx, account.email))
    throw new AppError(
      'EMAIL_TAKEN',
      'An account with this e-mail address exists already. Sign in instead.',
      {
        field: 'token',
      },
    );
  if (!(await repo.consumeToken(tx, account.tokenHash, account.now)))
    throw new AppError('TOKEN_INVALID', 'This confirmation link was used already.', { field: 'token' });
  await repo.insertUser(tx, {
    id: account.id,
    email: account.email,
    emailVerified: true,
    firstName: account.firstName,
    lastName: account.lastName,
    passwordHash: account.passwordHash,
    attributes: {
      ...defaultAttributes(account.lang, account.mobile),
      accepted_gtc: true,
      avatar: account.avatar ?? 'f2',
    },
    createdAt: account.now,
    updatedAt: account.now,
  });
}
