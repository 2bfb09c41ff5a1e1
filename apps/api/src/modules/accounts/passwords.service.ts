import type { z } from 'zod';
import type { CheckPasswordBody, PasswordErrorCode } from '@signet/contracts/accounts';
import type { Language } from '@signet/contracts/common';
import { AppError } from '../../errors.ts';
import { hashToken, type UserCaller } from '../../plugins/auth.ts';
import type { RateLimitRule } from '../../plugins/rate-limit.ts';
import { queueMail } from '../../mail/mailer.ts';
import { requireUser, type AccountsDeps } from './accounts.service.ts';
import * as repo from './accounts.repository.ts';
import { enforceLimit, enforceMailLimits, issueEmailToken, oneHour } from './email-tokens.ts';
import { hashPassword, passwordMatches } from './password-hashing.ts';
import {
  checkPasswordPolicy,
  checkPersonalPassword,
  passwordPolicyMessages,
  personalParts,
} from './password-policy.ts';
import { attributesOf } from './user-dto.ts';
import { isServiceAccountEmail } from './service-accounts.service.ts';

// Passwords: the strength check while typing, a change by the signed-in user, and a forgotten
// password reset through a mailed link.

const resetTokenMs = 60 * 60 * 1000;

/** The strength estimate costs real CPU time: an anonymous caller gets plenty for typing, no more. */
const checkPasswordLimit = (ip: string): RateLimitRule => ({
  key: `check-password:ip:${ip}`,
  limit: 150,
  windowMs: oneHour,
});

/** PASSWORD_POLICY on `field` when the person's new password breaks the policy. */
export function assertPasswordAllowed(
  password: string,
  person: { firstName: string; lastName: string; email: string },
  field: string,
): void {
  const problem = checkPersonalPassword(password, person);
  if (problem) throw new AppError('PASSWORD_POLICY', passwordPolicyMessages[problem], { field });
}

export async function checkPassword(
  deps: AccountsDeps,
  input: z.infer<typeof CheckPasswordBody> & { ip: string; caller: UserCaller | null },
): Promise<{ valid: boolean; errorCode: PasswordErrorCode | null }> {
  await enforceLimit(deps.db, checkPasswordLimit(input.ip), deps.clock.now());
  const user = input.caller ? await repo.findUserById(deps.db, input.caller.userId) : null;
  const personal = [
    ...personalParts(input.firstName ?? '', input.lastName ?? '', input.email ?? ''),
    ...(user ? personalParts(user.firstName, user.lastName, user.email) : []),
  ];
  const errorCode = checkPasswordPolicy(input.password, personal);
  return { valid: errorCode === null, errorCode };
}

export async function changePassword(
  deps: AccountsDeps,
  caller: UserCaller,
  body: { oldPassword: string; newPassword: string },
): Promise<void> {
  const user = await requireUser(deps.db, caller.userId);
  if (!(await passwordMatches(user.passwordHash, body.oldPassword)))
    throw new AppError('WRONG_PASSWORD', 'The current password is wrong.', { field: 'oldPassword' });
  assertPasswordAllowed(body.newPassword, user, 'newPassword');
  await setPassword(deps, user, body.newPassword, caller.sessionId);
}

/** Stores a new password; every other session ends, and the owner is told by mail. */
async function setPassword(
  deps: AccountsDeps,
  user: repo.UserRow,
  password: string,
  keepSession?: string,
): Promise<void> {
  const now = deps.clock.now();
  const passwordHash = await hashPassword(password);
  await deps.db.transaction(async (tx) => {
    await repo.updateUser(tx, user.id, {
      passwordHash,
      attributes: repo.attributesWith({ weak_password: false }),
      updatedAt: now,
    });
    await repo.revokeUserSessions(tx, user.id, now, keepSession);
    await queueMail(tx, deps.clock, {
      to: user.email,
      template: 'passwordChanged',
      lang: attributesOf(user).lang,
      params: { firstName: user.firstName },
    });
  });
}

/** Always answers the same, whether or not the address has an account. */
export async function requestReset(
  deps: AccountsDeps,
  input: { email: string; lang?: Language; ip: string },
): Promise<void> {
  const now = deps.clock.now();
  await enforceMailLimits(deps, { ip: input.ip, purpose: 'reset', email: input.email }, now);
  const user = await repo.findUserByEmail(deps.db, input.email);
  // A service account (an API user's) has no password anybody may set.
  if (!user || isServiceAccountEmail(user.email)) return;
  const lang = input.lang ?? attributesOf(user).lang;
  await deps.db.transaction(async (tx) => {
    // Only the newest link works: an older one lying in a mailbox or a forwarded mail is dead.
    await repo.revokeUnusedTokens(tx, user.id, 'reset_password', now);
    const token = await issueEmailToken(
      { ...deps, db: tx },
      { purpose: 'reset_password', email: user.email, userId: user.id, lang, lifetimeMs: resetTokenMs },
    );
    await queueMail(tx, deps.clock, {
      to: user.email,
      template: 'passwordReset',
      lang,
      params: { firstName: user.firstName },
      actionUrl: `${deps.publicUrl}/password-reset/new?token=${token}`,
    });
  });
}

export async function resetPassword(
  deps: AccountsDeps,
  body: { token: string; password: string },
): Promise<void> {
  const now = deps.clock.now();
  const tokenHash = hashToken(body.token);
  const token = await repo.findUsableToken(deps.db, tokenHash, ['reset_password'], now);
  const user = token?.userId ? await repo.findUserById(deps.db, token.userId) : null;
  if (!token || !user)
    throw new AppError(
      'TOKEN_INVALID',
      'This reset link is invalid or has expired. Please ask for a new one.',
      { field: 'token' },
    );
  assertPasswordAllowed(body.password, user, 'password');
  if (!(await repo.consumeToken(deps.db, tokenHash, now)))
    throw new AppError('TOKEN_INVALID', 'This reset link was used already.', { field: 'token' });
  await setPassword(deps, user, body.password);
}
