import type { BusinessLogo } from '@signet/contracts/businesses';
import {
  maxLogoBytes,
  maxLogoSide,
  type BusinessPublicInformation,
} from '@signet/contracts/business-branding';
import type { BlobStore } from '../../blobs/blob-store.ts';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../errors.ts';
import type { ImageRules, KeptImage } from '../../uploaded-image.ts';
import type { Caller } from '../../plugins/auth.ts';
import type { OwnerBusiness } from '../signature-requests/request-deps.ts';
import type { BusinessCaller, BusinessesDeps } from './business-caller.ts';
import * as branding from './business-branding.repository.ts';
import { logoOf } from './business-logo.ts';
import * as repo from './businesses.repository.ts';
import { requireBusiness, settingsOf } from './businesses.service.ts';

export type BusinessBrandingDeps = BusinessesDeps & { blobs: BlobStore };

// SVG is refused rather than sanitised: a logo needs no vector drawing, and a raster Signet
// re-encoded cannot carry a script or a remote reference into a mail or a signing page.
export const logoRules: ImageRules = {
  field: 'logo',
  maxBytes: maxLogoBytes,
  maxSide: maxLogoSide,
  formats: ['png', 'jpeg', 'webp'],
};

/** Removes a blob nothing refers to any more (blobs are shared by content). */
async function dropImage(deps: BusinessBrandingDeps, sha256: string | null): Promise<void> {
  if (sha256 && !(await branding.imageInUse(deps.db, sha256))) await deps.blobs.remove(sha256);
}

/** POST .../branding/logo: the upload, re-encoded as a PNG of at most 512 px, replaces the logo. */
export async function uploadLogo(
  deps: BusinessBrandingDeps,
  caller: BusinessCaller,
  { png, width, height }: KeptImage,
): Promise<BusinessLogo> {
  const { sha256 } = await deps.blobs.put(png);
  const before = await requireBusiness(deps.db, caller.businessId);
  const changes = { logoSha256: sha256, logoWidth: width, logoHeight: height };
  await repo.updateBusiness(deps.db, caller.businessId, { ...changes, updatedAt: deps.clock.now() });
  if (before.logoSha256 !== sha256) await dropImage(deps, before.logoSha256);
  return logoOf({ id: caller.businessId, ...changes })!;
}

export async function deleteLogo(deps: BusinessBrandingDeps, caller: BusinessCaller): Promise<void> {
  const before = await requireBusiness(deps.db, caller.businessId);
  await repo.updateBusiness(deps.db, caller.businessId, {
    logoSha256: null,
    logoWidth: null,
    logoHeight: null,
    updatedAt: deps.clock.now(),
  });
  await dropImage(deps, before.logoSha256);
}

/** The logo's bytes, only while it is the business's logo (an old address stops answering). */
export async function logoImage(
  deps: BusinessBrandingDeps,
  businessId: string,
  sha256: string,
): Promise<Buffer> {
  if (!(await branding.isCurrentLogo(deps.db, businessId, sha256)))
    throw new AppError('NOT_FOUND', 'This business has no such logo.');
  return deps.blobs.read(sha256);
}

/**
 * Name and logo of a business. A visitor (direct-sign link) sees only the business whose member
 * sent their request: their link opens that one request and nothing else.
 */
export async function publicInformation(
  deps: BusinessesDeps,
  caller: Caller,
  businessId: string,
): Promise<BusinessPublicInformation> {
  const notFound = () => new AppError('NOT_FOUND', 'No such business.');
  if (
    caller.kind === 'visitor' &&
    (await branding.businessOfRequest(deps.db, caller.requestId)) !== businessId
  )
    throw notFound();
  const row = await repo.findBusiness(deps.db, businessId);
  if (!row) throw notFound();
  return { id: row.id, name: row.name, logo: logoOf(row) };
}

/**
 * For the mails of a member's requests: the business's name and logo (an absolute address, for
 * mail clients), and the files its completion mails attach (settings.mailService.attachments).
 */
export async function ownerBusiness(
  db: Db,
  publicUrl: string,
  userId: string,
): Promise<OwnerBusiness | null> {
  const membership = await repo.membershipOf(db, userId);
  const row = membership && (await repo.findBusiness(db, membership.businessId));
  if (!row) return null;
  const logo = logoOf(row);
  const settings = settingsOf(row);
  const { signedDocument, signatureProtocol } = settings.mailService.attachments;
  return {
    id: row.id,
    brand: { name: row.name, logoUrl: logo ? `${publicUrl}${logo.url}` : null },
    attach: { signedDocument: signedDocument.enabled, signatureProtocol: signatureProtocol.enabled },
    embedOrigins: settings.embedOrigins,
  };
}
