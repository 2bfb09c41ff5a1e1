import type { z } from 'zod';
import type { SignatureQualitiesDetail, UpdateUserBody, User } from '@signet/contracts/accounts';
import { AppError } from '../../errors.ts';
import type { UserCaller } from '../../plugins/auth.ts';
import { queueMail } from '../../mail/mailer.ts';
import { getUser, requireUser, type AccountsDeps } from './accounts.service.ts';
import * as repo from './accounts.repository.ts';
import { passwordMatches } from './password-hashing.ts';
import { requestConfirmation } from './signup.service.ts';
import { attributesOf, highestQualityOf, signatureQualitiesOf } from './user-dto.ts';

// The signed-in user's own account: names and settings, accepted terms, qualities, deletion.

export async function updateUser(
  deps: AccountsDeps,
  caller: UserCaller,
  body: z.infer<typeof UpdateUserBody>,
  ip: string,
): Promise<User> {
  const user = await requireUser(deps.db, caller.userId);
  const now = deps.clock.now();
  const attributes = { ...attributesOf(user) };
  for (const [key, value] of Object.entries(body.attributes ?? {})) {
    if (value !== undefined) (attributes as Record<string, unknown>)[key] = value;
  }
  await repo.updateUser(deps.db, user.id, {
    firstName: body.firstName ?? user.firstName,
    lastName: body.lastName ?? user.lastName,
    attributes,
    updatedAt: now,
  });
  // A new e-mail address takes effect only once confirmed from its own inbox.
  if (body.email && body.email !== user.email) {
    const owner = await repo.findUserByEmail(deps.db, body.email);
    if (owner)
      throw new AppError('EMAIL_TAKEN', 'Another account uses this e-mail address.', { field: 'email' });
    await requestConfirmation(deps, { email: body.email, lang: attributes.lang, ip, caller });
  }
  return getUser(deps, user.id);
}

const acceptedAttribute = {
  business_invite: 'accepted_business_invite',
  gtc: 'accepted_gtc',
  tou_swisscom: 'accepted_tou_swisscom',
} as const;

export async function accept(
  deps: AccountsDeps,
  caller: UserCaller,
  what: keyof typeof acceptedAttribute,
): Promise<User> {
  const user = await requireUser(deps.db, caller.userId);
  const attributes = { ...attributesOf(user), [acceptedAttribute[what]]: true };
  await repo.updateUser(deps.db, user.id, { attributes, updatedAt: deps.clock.now() });
  return getUser(deps, user.id);
}

export async function deleteAccount(deps: AccountsDeps, caller: UserCaller, password: string): Promise<void> {
  const user = await requireUser(deps.db, caller.userId);
  if (!(await passwordMatches(user.passwordHash, password)))
    throw new AppError('WRONG_PASSWORD', 'The password is wrong.', { field: 'password' });
  await deps.db.transaction(async (tx) => {
    await repo.deleteUser(tx, user.id);
    await queueMail(tx, deps.clock, {
      to: user.email,
      template: 'accountDeleted',
      lang: attributesOf(user).lang,
      params: { firstName: user.firstName },
    });
  });
}

export async function signatureQualitiesDetail(
  deps: AccountsDeps,
  userId: string,
): Promise<z.infer<typeof SignatureQualitiesDetail>> {
  const user = await requireUser(deps.db, userId);
  const q = signatureQualitiesOf(user);
  const needsVerifiedEmail = user.emailVerified ? null : 'EMAIL_NOT_VERIFIED';
  const needsIdentification = needsVerifiedEmail ?? 'IDENTIFICATION_REQUIRED';
  return {
    highestQuality: highestQualityOf(user),
    emailVerified: user.emailVerified,
    qualities: [
      { quality: 'ses', legislation: null, available: q.ses.any, reason: needsVerifiedEmail },
      {
        quality: 'aes',
        legislation: null,
        available: q.aes.any,
        reason: q.aes.any ? null : needsIdentification,
      },
      {
        quality: 'qes',
        legislation: 'eidas',
        available: q.qes.eidas,
        reason: q.qes.eidas ? null : needsIdentification,
      },
      {
        quality: 'qes',
        legislation: 'zertes',
        available: q.qes.zertes,
        reason: q.qes.zertes ? null : needsIdentification,
      },
    ],
  };
}

/**
 * The user's own address when it matches; the route adds the people of their signature requests
 * (signature-requests service), so that this module does not read that one's tables.
 */
export async function emailAutocomplete(
  deps: AccountsDeps,
  userId: string,
  prefix: string,
): Promise<{ emails: string[] }> {
  const user = await requireUser(deps.db, userId);
  const needle = prefix.trim().toLowerCase();
  const known = [user.email];
  return { emails: known.filter((email) => email.startsWith(needle)).slice(0, 10) };
}
