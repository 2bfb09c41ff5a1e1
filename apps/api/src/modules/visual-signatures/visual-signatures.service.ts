import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import type { VisualSignatureData } from '@signet/pdf';
import type { VisualSignaturePermissions } from '@signet/contracts/accounts';
import type { Language } from '@signet/contracts/common';
import {
  maxSignatureImageBytes,
  maxSignatureImageSide,
  maxVisualSignatures,
  type CreateVisualSignatureBody,
  type PredefinedVisualSignature,
  type PreviewImageQuery,
  type PreviewParamsQuery,
  type UpdateVisualSignatureBody,
  type VisualSignature,
  type VisualSignatureList,
} from '@signet/contracts/visual-signatures';
import type { BlobStore } from '../../blobs/blob-store.ts';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/client.ts';
import type { VisualSignatureRow } from '../../db/schema/visual-signatures.ts';
import { AppError } from '../../errors.ts';
import { getAccount } from '../accounts/accounts.service.ts';
import { visualSignaturePermissionsOf } from '../businesses/businesses.service.ts';
import type { ImageRules } from '../../uploaded-image.ts';
import { placeholderDataUrl, renderPreview, type PreviewPicture } from './stamp-previews.ts';
import { stampData, stampLanguageOf, withPermissions, type StampFacts, type StampLook } from './stamp.ts';

// The signing module draws the QR code's link too (one per document), through this module's service.
export { validationLink } from './stamp.ts';
import * as repo from './visual-signatures.repository.ts';
import { fullName } from '../../person-name.ts';

export interface VisualSignaturesDeps {
  db: Db;
  clock: Clock;
  blobs: BlobStore;
  publicUrl: string;
}

// A person's visual signatures: saved looks of their stamp, one of them the default that signing
// draws. The switches a business fixes (permissions.visualSignatures) are refused when a person
// tries to change them, and applied again whenever a stamp is drawn.

const toDto = (row: VisualSignatureRow): VisualSignature => ({
  id: row.id,
  alias: row.alias,
  name: row.name,
  optionalLine: row.optionalLine,
  location: row.location,
  language: row.language,
  quality: row.quality,
  legislation: row.legislation,
  provider: row.provider,
  hasCustomImage: row.imageSha256 !== null,
  displayClaim: row.displayClaim,
  displayStandards: row.displayStandards,
  displayQr: row.displayQr,
  displayDate: row.displayDate,
  placeholder: row.placeholder,
  // The version in the path lets clients cache the picture until the signature changes.
  image: `/api/v1/images/signature/${row.id}?v=${row.updatedAt.getTime()}`,
  default: row.isDefault,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

async function lookOf(deps: VisualSignaturesDeps, row: VisualSignatureRow): Promise<StampLook> {
  return {
    ...row,
    ...(row.imageSha256 ? { image: new Uint8Array(await deps.blobs.read(row.imageSha256)) } : {}),
  };
}

async function owned(deps: VisualSignaturesDeps, userId: string, id: string): Promise<VisualSignatureRow> {
  const row = await repo.findOwned(deps.db, userId, id);
  if (!row) throw new AppError('NOT_FOUND', 'You have no visual signature with this id.');
  return row;
}

const switches = [
  ['displayClaim', 'claim'],
  ['displayDate', 'date'],
  ['displayStandards', 'std'],
] as const;

/**
 * The person's visual-signature permissions, after refusing a switch the business fixes sent with
 * another value than the business's (left out is fine).
 */
async function permissionsAllowing(
  deps: VisualSignaturesDeps,
  userId: string,
  body: Partial<Record<(typeof switches)[number][0], boolean>>,
): Promise<VisualSignaturePermissions> {
  const permissions = await visualSignaturePermissionsOf(deps, userId);
  for (const [name, key] of switches) {
    const permission = permissions[key];
    if (body[name] === undefined) continue;
    if (!permission.canUpdate && body[name] !== permission.defaultValue)
      throw new AppError(
        'VISUAL_SIGNATURE_SETTING_LOCKED',
        `Your business decides ${name}; it is ${permission.defaultValue ? 'on' : 'off'} for you.`,
        { field: name },
      );
  }
  return permissions;
}

/** Renders the placeholder of the row as it will be after `changes`. */
async function withPlaceholder(
  deps: VisualSignaturesDeps,
  row: VisualSignatureRow,
  permissions: VisualSignaturePermissions,
): Promise<VisualSignatureRow> {
  const look = withPermissions(await lookOf(deps, row), permissions);
  return { ...row, placeholder: await placeholderDataUrl(look, previewFacts(deps, row)) };
}

const previewFacts = (
  deps: VisualSignaturesDeps,
  row: Pick<VisualSignatureRow, 'quality' | 'legislation' | 'provider'>,
) => ({
  quality: row.quality,
  legislation: row.legislation,
  provider: row.provider,
  time: deps.clock.now(),
  publicUrl: deps.publicUrl,
});

export async function listVisualSignatures(
  deps: VisualSignaturesDeps,
  userId: string,
): Promise<VisualSignatureList> {
  const rows = await repo.listOf(deps.db, userId);
  return {
    visualSignatures: rows.map(toDto),
    permissions: await visualSignaturePermissionsOf(deps, userId),
  };
}

export async function getVisualSignature(
  deps: VisualSignaturesDeps,
  userId: string,
  id: string,
): Promise<VisualSignature> {
  return toDto(await owned(deps, userId, id));
}

export async function createVisualSignature(
  deps: VisualSignaturesDeps,
  userId: string,
  body: z.output<typeof CreateVisualSignatureBody>,
): Promise<VisualSignature> {
  const permissions = await permissionsAllowing(deps, userId, body);
  const now = deps.clock.now();
  const row = await withPlaceholder(
    deps,
    {
      id: randomUUID(),
      userId,
      ...body,
      displayClaim: body.displayClaim ?? permissions.claim.defaultValue,
      displayDate: body.displayDate ?? permissions.date.defaultValue,
      displayStandards: body.displayStandards ?? permissions.std.defaultValue,
      imageSha256: null,
      placeholder: '',
      isDefault: false,
      createdAt: now,
      updatedAt: now,
    },
    permissions,
  );
  return deps.db.transaction(async (tx) => {
    await repo.lockUser(tx, userId);
    const existing = await repo.countOf(tx, userId);
    if (existing >= maxVisualSignatures)
      throw new AppError(
        'VISUAL_SIGNATURE_LIMIT',
        `You can keep at most ${maxVisualSignatures} visual signatures. Delete one you no longer use first.`,
      );
    // The first one is the default: signing then draws what the person made.
    const saved = { ...row, isDefault: existing === 0 };
    await repo.insert(tx, saved);
    return toDto(saved);
  });
}

export async function updateVisualSignature(
  deps: VisualSignaturesDeps,
  userId: string,
  id: string,
  body: z.output<typeof UpdateVisualSignatureBody>,
): Promise<VisualSignature> {
  const permissions = await permissionsAllowing(deps, userId, body);
  const row = await owned(deps, userId, id);
  const changed = await withPlaceholder(deps, { ...row, ...body, updatedAt: deps.clock.now() }, permissions);
  const { id: _id, userId: _user, createdAt: _created, ...changes } = changed;
  return toDto(await repo.update(deps.db, id, changes));
}

/** Deletes the blob when no visual signature draws it any more (blobs are shared by content). */
async function dropImage(deps: VisualSignaturesDeps, sha256: string | null): Promise<void> {
  if (sha256 && !(await repo.imageInUse(deps.db, sha256))) await deps.blobs.remove(sha256);
}

export async function deleteVisualSignature(
  deps: VisualSignaturesDeps,
  userId: string,
  id: string,
): Promise<void> {
  const row = await owned(deps, userId, id);
  await deps.db.transaction(async (tx) => {
    await repo.lockUser(tx, userId);
    await repo.remove(tx, id);
    if (!row.isDefault) return;
    // Who had a default keeps one: the oldest left takes over.
    const [next] = await repo.listOf(tx, userId);
    if (next) await repo.makeDefault(tx, userId, next.id);
  });
  await dropImage(deps, row.imageSha256);
}

export async function setDefaultVisualSignature(
  deps: VisualSignaturesDeps,
  userId: string,
  id: string,
): Promise<VisualSignature> {
  const row = await owned(deps, userId, id);
  await deps.db.transaction(async (tx) => {
    await repo.lockUser(tx, userId);
    await repo.makeDefault(tx, userId, id);
  });
  // makeDefault changes nothing else of this row.
  return toDto({ ...row, isDefault: true });
}

/**
 * Gives the signature the custom image `imageSha256` (null: none), with the placeholder drawn anew,
 * and drops the image it had when nothing uses it any more.
 */
async function replaceImage(
  deps: VisualSignaturesDeps,
  userId: string,
  row: VisualSignatureRow,
  imageSha256: string | null,
): Promise<VisualSignature> {
  const permissions = await visualSignaturePermissionsOf(deps, userId);
  const changed = await withPlaceholder(
    deps,
    { ...row, imageSha256, updatedAt: deps.clock.now() },
    permissions,
  );
  const saved = await repo.update(deps.db, row.id, {
    imageSha256,
    placeholder: changed.placeholder,
    updatedAt: changed.updatedAt,
  });
  if (row.imageSha256 !== imageSha256) await dropImage(deps, row.imageSha256);
  return toDto(saved);
}

/** What a custom signature image may be uploaded as, and is kept as. */
export const signatureImageRules: ImageRules = {
  formats: ['png', 'jpeg'],
  maxBytes: maxSignatureImageBytes,
  maxSide: maxSignatureImageSide,
};

/** Stores the uploaded image (re-encoded by uploadedImage) as the signature's custom image. */
export async function setVisualSignatureImage(
  deps: VisualSignaturesDeps,
  userId: string,
  id: string,
  png: Buffer,
): Promise<VisualSignature> {
  const row = await owned(deps, userId, id);
  const { sha256 } = await deps.blobs.put(png);
  return replaceImage(deps, userId, row, sha256);
}

export async function deleteVisualSignatureImage(
  deps: VisualSignaturesDeps,
  userId: string,
  id: string,
): Promise<VisualSignature> {
  return replaceImage(deps, userId, await owned(deps, userId, id), null);
}

/** Suggestions from the account: the name alone, and (when the person has one) with their company line. */
export async function predefinedVisualSignatures(
  deps: VisualSignaturesDeps,
  userId: string,
): Promise<PredefinedVisualSignature[]> {
  const user = await getAccount(deps, userId);
  const permissions = await visualSignaturePermissionsOf(deps, userId);
  const name = user.attributes.visual_signature_name ?? fullName(user);
  const common = {
    name,
    optionalLine: null,
    location: null,
    language: stampLanguageOf(user.attributes.lang),
    quality: user.attributes.default_quality,
    legislation: user.attributes.default_legislation,
    provider: 'sandbox' as const,
    displayClaim: permissions.claim.defaultValue,
    displayStandards: permissions.std.defaultValue,
    displayDate: permissions.date.defaultValue,
  };
  return [
    { key: 'standard', alias: 'Standard', ...common, displayQr: true },
    { key: 'compact', alias: 'Compact', ...common, displayQr: false },
  ];
}

export async function visualSignaturePreview(
  deps: VisualSignaturesDeps,
  userId: string,
  id: string,
  query: z.output<typeof PreviewImageQuery>,
): Promise<PreviewPicture> {
  const row = await owned(deps, userId, id);
  const look = withPermissions(await lookOf(deps, row), await visualSignaturePermissionsOf(deps, userId));
  return renderPreview(look, previewFacts(deps, row), query);
}

/** The live preview of the editor, from the shortened parameters. */
export async function parameterPreview(
  deps: VisualSignaturesDeps,
  userId: string,
  query: z.output<typeof PreviewParamsQuery>,
): Promise<PreviewPicture> {
  const imageOf = query.img ? (await owned(deps, userId, query.img)).imageSha256 : null;
  const user = query.name ? null : await getAccount(deps, userId);
  const look: StampLook = {
    name: query.name ?? `${user!.firstName} ${user!.lastName}`.trim(),
    optionalLine: query.opt ?? null,
    location: query.loc ?? null,
    language: query.lang,
    ...(imageOf ? { image: new Uint8Array(await deps.blobs.read(imageOf)) } : {}),
    displayClaim: query.claim,
    displayStandards: query.std,
    displayQr: query.qr,
    displayDate: query.date,
  };
  const permitted = withPermissions(look, await visualSignaturePermissionsOf(deps, userId));
  return renderPreview(
    permitted,
    previewFacts(deps, { quality: query.qual, legislation: query.leg, provider: query.prov }),
    query,
  );
}

/**
 * The stamp a signature draws: the signer's default visual signature (the business's fixed
 * switches applied), else the built-in one with their name in the signing language. A visitor
 * (no account) always gets the built-in one.
 */
export async function stampForSigning(
  deps: VisualSignaturesDeps,
  signer: {
    userId: string | null;
    displayName: string;
    lang: Language;
    /** A seal's own lines and image (it has no saved visual signature). */
    look?: Pick<StampLook, 'optionalLine' | 'location' | 'image'>;
  },
  facts: StampFacts,
): Promise<VisualSignatureData> {
  const builtIn: StampLook = {
    name: signer.displayName,
    optionalLine: null,
    location: null,
    language: stampLanguageOf(signer.lang),
    displayClaim: true,
    displayStandards: true,
    displayQr: true,
    displayDate: true,
    ...signer.look,
  };
  if (!signer.userId) return stampData(builtIn, facts);
  const saved = await repo.findDefault(deps.db, signer.userId);
  const look = saved ? await lookOf(deps, saved) : builtIn;
  return stampData(withPermissions(look, await visualSignaturePermissionsOf(deps, signer.userId)), facts);
}
