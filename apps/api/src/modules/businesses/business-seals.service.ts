import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import {
  maxSealImageBytes,
  maxSealImageSide,
  type SealData,
  type UpdateSealDataBody,
} from '@signet/contracts/business-seals';
import type { CreateSealBody, Seal, SealSummary } from '@signet/contracts/businesses';
import type { BlobStore } from '../../blobs/blob-store.ts';
import type { Db } from '../../db/client.ts';
import type { SealCredential } from '../../db/schema/businesses.ts';
import { AppError } from '../../errors.ts';
import type { ImageRules } from '../../uploaded-image.ts';
import * as repo from './business-seals.repository.ts';
import { apiUsersOfAccounts } from './business-api-users.repository.ts';
import { membersOf } from './businesses.repository.ts';
import type { BusinessCaller, BusinessesDeps } from './business-caller.ts';
import { membershipOf, requireBusiness, requireMembers, toMember } from './businesses.service.ts';
import { sealSummaries, toSealSummary } from './seal-summaries.ts';

// A business's seals (spec §7 Seals): its admins create them, give them data and an image, and
// choose the members who may sign with them; signing asks here whether a member may.

export interface BusinessSealsDeps extends BusinessesDeps {
  blobs: BlobStore;
}

/** What a seal's image may be uploaded as, and is kept as. */
export const sealImageRules: ImageRules = {
  formats: ['png', 'jpeg', 'webp'],
  maxBytes: maxSealImageBytes,
  maxSide: maxSealImageSide,
};

export function listSeals(deps: BusinessesDeps, caller: BusinessCaller): Promise<SealSummary[]> {
  return sealSummaries(deps.db, caller);
}

/** A seal of the caller's business by account name; a seal of another business is not found. */
async function requireSeal(db: Db, businessId: string, accountName: string): Promise<repo.SealRow> {
  const seal = await repo.findSealByAccountName(db, accountName.toLowerCase());
  if (!seal || seal.businessId !== businessId)
    throw new AppError('SEAL_NOT_FOUND', `Your business has no seal "${accountName}".`, {
      field: 'sealAccountName',
    });
  return seal;
}

async function sealView(db: Db, businessId: string, seal: repo.SealRow): Promise<Seal> {
  const memberIds = await repo.sealMemberIds(db, seal.id);
  const members = memberIds.length > 0 ? (await membersOf(db, businessId, memberIds)).map(toMember) : [];
  // API users apart from the people: they are no members (nApi, not nMembers).
  const apiUsers = await apiUsersOfAccounts(db, businessId, memberIds);
  return {
    ...toSealSummary(seal, { nMembers: members.length, nApi: apiUsers.length }, true),
    members,
    apiUsers,
    createdAt: seal.createdAt.toISOString(),
  };
}

export async function createSeal(
  deps: BusinessesDeps,
  caller: BusinessCaller,
  body: z.infer<typeof CreateSealBody>,
): Promise<Seal> {
  const row = {
    id: randomUUID(),
    businessId: caller.businessId,
    accountName: body.accountName,
    displayName: body.displayName,
    createdAt: deps.clock.now(),
  };
  if (!(await repo.insertSeal(deps.db, row)))
    throw new AppError('SEAL_NAME_TAKEN', 'This seal name is taken; choose another.', {
      field: 'accountName',
    });
  return getSeal(deps, caller, row.accountName);
}

export async function getSeal(deps: BusinessesDeps, caller: BusinessCaller, name: string): Promise<Seal> {
  return sealView(deps.db, caller.businessId, await requireSeal(deps.db, caller.businessId, name));
}

export async function updateSeal(
  deps: BusinessesDeps,
  caller: BusinessCaller,
  name: string,
  displayName: string,
): Promise<Seal> {
  const seal = await requireSeal(deps.db, caller.businessId, name);
  await repo.updateSeal(deps.db, seal.id, { displayName });
  return sealView(deps.db, caller.businessId, { ...seal, displayName });
}

const dataOf = (seal: repo.SealRow): SealData => ({
  organization: seal.data.organization ?? null,
  location: seal.data.location ?? null,
});

export async function getSealData(
  deps: BusinessesDeps,
  caller: BusinessCaller,
  name: string,
): Promise<SealData> {
  return dataOf(await requireSeal(deps.db, caller.businessId, name));
}

export async function updateSealData(
  deps: BusinessesDeps,
  caller: BusinessCaller,
  name: string,
  body: UpdateSealDataBody,
): Promise<SealData> {
  const seal = await requireSeal(deps.db, caller.businessId, name);
  const data = { ...dataOf(seal), ...body };
  await repo.updateSeal(deps.db, seal.id, { data });
  return data;
}

/** The seal's stored image (a PNG Signet re-encoded); NOT_FOUND when it has none. */
export async function sealImage(
  deps: BusinessSealsDeps,
  caller: BusinessCaller,
  name: string,
): Promise<Buffer> {
  const seal = await requireSeal(deps.db, caller.businessId, name);
  if (!seal.imageSha256) throw new AppError('NOT_FOUND', 'This seal has no image.');
  return deps.blobs.read(seal.imageSha256);
}

/**
 * Sets (a re-encoded PNG) or removes the seal's image. A replaced image's blob stays: blobs are
 * shared by content across modules, and no module can yet tell whether another still uses one.
 */
async function replaceSealImage(
  deps: BusinessSealsDeps,
  caller: BusinessCaller,
  name: string,
  png: Buffer | null,
): Promise<Seal> {
  const seal = await requireSeal(deps.db, caller.businessId, name);
  const imageSha256 = png ? (await deps.blobs.put(png)).sha256 : null;
  await repo.updateSeal(deps.db, seal.id, { imageSha256 });
  return sealView(deps.db, caller.businessId, { ...seal, imageSha256 });
}

export const setSealImage = (deps: BusinessSealsDeps, caller: BusinessCaller, name: string, png: Buffer) =>
  replaceSealImage(deps, caller, name, png);

export const deleteSealImage = (deps: BusinessSealsDeps, caller: BusinessCaller, name: string) =>
  replaceSealImage(deps, caller, name, null);

/**
 * Allows members (and API users) of the business to sign with the seal: every id must be one, or
 * nobody is added.
 */
export async function addSealMembers(
  deps: BusinessesDeps,
  caller: BusinessCaller,
  name: string,
  userIds: string[],
): Promise<Seal> {
  const seal = await requireSeal(deps.db, caller.businessId, name);
  // The business's API users may be given a seal too, named by their service account's id.
  const apiUsers = new Set(
    (await apiUsersOfAccounts(deps.db, caller.businessId, userIds)).map((apiUser) => apiUser.userId),
  );
  const people = await requireMembers(
    deps.db,
    caller.businessId,
    userIds.filter((id) => !apiUsers.has(id)),
  );
  await repo.addSealMembers(deps.db, seal.id, [...people.map((r) => r.id), ...apiUsers]);
  return sealView(deps.db, caller.businessId, seal);
}

/** Stops members signing with the seal: every id must be allowed to use it now, or nobody is removed. */
export async function removeSealMembers(
  deps: BusinessesDeps,
  caller: BusinessCaller,
  name: string,
  userIds: string[],
): Promise<Seal> {
  const seal = await requireSeal(deps.db, caller.businessId, name);
  const allowed = new Set(await repo.sealMemberIds(deps.db, seal.id));
  const unknown = [...new Set(userIds)].filter((id) => !allowed.has(id));
  if (unknown.length > 0)
    throw new AppError('NOT_A_MEMBER', `Not allowed to use this seal: ${unknown.join(', ')}.`, {
      field: 'user_ids',
    });
  await repo.removeSealMembers(deps.db, seal.id, userIds);
  return sealView(deps.db, caller.businessId, seal);
}

/** What signing needs of a seal: its names, data, image and the credentials enrolled so far. */
export interface SealForSigning {
  id: string;
  accountName: string;
  displayName: string;
  /** The organisation its certificate names: its data's, else the business's name. */
  organization: string;
  location: string | null;
  imageSha256: string | null;
  credentials: Partial<Record<'eidas' | 'zertes', SealCredential>>;
}

/**
 * For POST /v3/sign with sealAccountName: the seal of the signer's business, if the signer may use
 * it (its admins always; members once added to it). Another business's seal is not found.
 */
export async function sealForSigning(
  deps: BusinessesDeps,
  userId: string,
  accountName: string,
): Promise<SealForSigning> {
  const membership = await membershipOf(deps.db, userId);
  if (!membership)
    throw new AppError('SEAL_NOT_FOUND', `You have no seal "${accountName}".`, { field: 'sealAccountName' });
  const seal = await requireSeal(deps.db, membership.businessId, accountName);
  if (membership.role !== 'admin' && !(await repo.sealMemberIds(deps.db, seal.id)).includes(userId))
    throw new AppError(
      'SEAL_NOT_ALLOWED',
      'You may not sign with this seal; ask an admin of your business.',
      {
        field: 'sealAccountName',
      },
    );
  const business = await requireBusiness(deps.db, membership.businessId);
  const data = dataOf(seal);
  return {
    id: seal.id,
    accountName: seal.accountName,
    displayName: seal.displayName,
    organization: data.organization ?? business.name,
    location: data.location,
    imageSha256: seal.imageSha256,
    credentials: seal.credentials ?? {},
  };
}

/** Keeps a seal's enrolled credential for later signatures (it is valid for a year). */
export function saveSealCredential(
  deps: BusinessesDeps,
  sealId: string,
  legislation: 'eidas' | 'zertes',
  credential: SealCredential,
): Promise<void> {
  return repo.saveSealCredential(deps.db, sealId, legislation, credential);
}
