import type { z } from 'zod';
import type { SignatureQualitiesDetail, UpdateUserBody, User } from '@signet/contracts/accounts';
import { AppError } from '../../errors.ts';
import type { UserCaller } from '../../plugins/auth.ts';
import { evidenceOf, getUser, requireUser, type AccountsDeps } from './accounts.service.ts';
import type { EvidenceQualities } from '../identification/identification-evidence.service.ts';
import * as repo from './accounts.repository.ts';
import { issueReferralToken } from './referral-token.ts';
import { requestConfirmation } from './signup.service.ts';
import { changedVouchedField } from './eid-signup.service.ts';
import { attributesOf, highestQualityOf } from './user-dto.ts';

// The signed-in user's own account: names and settings, accepted terms, qualities, the referral
// widget's token. Deleting the account has its own file (account-deletion.service.ts).

/** Optional texts the user cleared: stored as not set, not as an empty string. */
const clearable = ['p11_signing_name', 'p11_signing_reason', 'visual_signature_name'] as const;

export async function updateUser(
  deps: AccountsDeps,
  caller: UserCaller,
  body: z.infer<typeof UpdateUserBody>,
  ip: string,
): Promise<User> {
  const user = await requireUser(deps.db, caller.userId);
  const attributes = { ...attributesOf(user) };
  const vouched = changedVouchedField(attributes.immutable_eid_fields, user, body);
  if (vouched)
    throw new AppError('EID_FIELD_IMMUTABLE', 'Your eID vouched for this name; it cannot be changed here.', {
      field: vouched,
    });
  for (const [key, value] of Object.entries(body.attributes ?? {})) {
    if (value !== undefined) (attributes as Record<string, unknown>)[key] = value;
  }
  for (const key of clearable) if (attributes[key] === '') attributes[key] = null;
  // A new e-mail address takes effect only once confirmed from its own inbox; it is checked (and
  // its mail sent) first, so that a refusal leaves the rest of the change unsaved too.
  if (body.email && body.email !== user.email) {
    const owner = await repo.findUserByEmail(deps.db, body.email);
    if (owner)
      throw new AppError('EMAIL_TAKEN', 'Another account uses this e-mail address.', { field: 'email' });
    await requestConfirmation(deps, { email: body.email, lang: attributes.lang, ip, caller });
  }
  await repo.updateUser(deps.db, user.id, {
    firstName: body.firstName ?? user.firstName,
    lastName: body.lastName ?? user.lastName,
    attributes,
    ...(body.retention
      ? { retentionEnabled: body.retention.enabled, retentionDays: body.retention.days }
      : {}),
    updatedAt: deps.clock.now(),
  });
  return getUser(deps, user.id);
}

/** POST /v1/user/cello: the referral widget's token for the user (referral-token.ts). */
export async function referralToken(
  deps: AccountsDeps & { referralTokenKey: Uint8Array },
  caller: UserCaller,
): Promise<{ token: string; expiration: string; referralCode: string }> {
  const user = await requireUser(deps.db, caller.userId);
  const referralCode = attributesOf(user).referral_code;
  const issued = await issueReferralToken(
    deps.referralTokenKey,
    { userId: user.id, referralCode },
    deps.clock.now(),
  );
  return { token: issued.token, expiration: issued.expiration.toISOString(), referralCode };
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
  const attributes = {
    ...attributesOf(user),
    [acceptedAttribute[what]]: true,
    // Spec §4: somebody removed from their business, or whose business was deleted, continues with a
    // personal account by accepting its terms; the downgrade dialog then stops.
    ...(what === 'gtc' ? { removed_from_business: false, business_deleted: false } : {}),
  };
  await repo.updateUser(deps.db, user.id, { attributes, updatedAt: deps.clock.now() });
  return getUser(deps, user.id);
}

/**
 * Which qualities the user can sign with, and why not where not: the e-mail first, then what their
 * identifications say (none yet, one under way, or one in another name). Demo: unlocked by a
 * simulated identification (the sandbox), so the signature is not legally binding.
 */
export async function signatureQualitiesDetail(
  deps: AccountsDeps,
  userId: string,
): Promise<z.infer<typeof SignatureQualitiesDetail>> {
  const user = await requireUser(deps.db, userId);
  const evidence = await evidenceOf(deps, user);
  const unverified = user.emailVerified ? null : ('EMAIL_NOT_VERIFIED' as const);
  const entry = (
    quality: 'aes' | 'qes',
    legislation: 'eidas' | 'zertes' | null,
    found: EvidenceQualities['aes'],
  ) => ({
    quality,
    legislation,
    available: !unverified && found.available,
    reason: unverified ?? found.reason,
    demo: found.available && found.demo,
  });
  return {
    highestQuality: highestQualityOf(user, evidence),
    emailVerified: user.emailVerified,
    qualities: [
      { quality: 'ses', legislation: null, available: user.emailVerified, reason: unverified, demo: false },
      entry('aes', null, evidence.aes),
      entry('qes', 'eidas', evidence.qes.eidas),
      entry('qes', 'zertes', evidence.qes.zertes),
    ],
    identification: evidence.overview,
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
