import { AppError } from '../../errors.ts';
import type { Caller } from '../../plugins/auth.ts';
import type { SealCredential } from '../../db/schema/businesses.ts';
import {
  saveSealCredential,
  sealForSigning,
  type SealForSigning,
} from '../businesses/business-seals.service.ts';
import { commitSignatures, signEach, signImplicitly } from './signature-revisions.ts';
import { viaTrustService, withKeptCredential, type SigningContext } from './signing-context.ts';
import type { SignResult, SigningDeps } from './signing-deps.ts';

// Signing with a business seal: the business's certificate, kept at the QTSP, signs in the seal's name.

/** The seal a member asks to sign with, if they may use it (businesses module decides). */
export async function sealFor(
  deps: SigningDeps,
  caller: Caller,
  accountName: string,
): Promise<SealForSigning> {
  if (caller.kind !== 'user')
    throw new AppError('SEAL_NOT_ALLOWED', 'Seals are for signed-in members of a business.', {
      field: 'sealAccountName',
    });
  return sealForSigning(deps, caller.userId, accountName);
}

/** Who a seal's credential is enrolled for at the QTSP (and whom its signer assertions name). */
const sealSigner = (seal: SealForSigning) => `seal:${seal.id}`;

/** Seal certificates are kept and renewed this long before they expire. */
const sealRenewalMs = 24 * 60 * 60 * 1000;

/**
 * The seal's credential for a legislation: the one enrolled before while it is valid and names the
 * seal as it is called now, else a new one from the QTSP's RA (CN the seal, O the business).
 */
async function sealCredential(
  deps: SigningDeps,
  seal: SealForSigning,
  legislation: 'eidas' | 'zertes',
  renew: boolean,
): Promise<SealCredential> {
  const organization = seal.organization.slice(0, 64);
  const issuedFor = `${organization}\n${seal.displayName}`;
  const stored = seal.credentials[legislation];
  if (
    !renew &&
    stored?.issuedFor === issuedFor &&
    Date.parse(stored.validTo) - deps.clock.now().getTime() > sealRenewalMs
  )
    return stored;
  const enrolled = await viaTrustService(
    deps.qtsp.enrol({
      quality: 'seal',
      legislation,
      organization,
      commonName: seal.displayName,
      userID: sealSigner(seal),
    }),
  );
  const credential = {
    credentialID: enrolled.credentialID,
    certificates: enrolled.certificates,
    validTo: enrolled.validTo,
    issuedFor,
  };
  await saveSealCredential(deps, seal.id, legislation, credential);
  seal.credentials[legislation] = credential;
  return credential;
}

/**
 * Signs a batch with a business seal: the seal's certificate (kept at the QTSP, authorized by
 * Signet's client token: a seal needs no TAN), the seal's name, organisation and image in the
 * visible signature. Part 11
 * needs a person's name and password, so it cannot be sealed.
 */
export async function signWithSeal(
  deps: SigningDeps,
  contexts: SigningContext[],
  seal: SealForSigning,
): Promise<SignResult> {
  if (contexts.some((c) => c.quality === 'part11'))
    throw new AppError('QUALITY_NOT_AVAILABLE', 'Part 11 signatures are personal; they cannot be sealed.', {
      field: 'sealAccountName',
    });
  const image = seal.imageSha256 ? new Uint8Array(await deps.blobs.read(seal.imageSha256)) : undefined;
  // The stamp names the organisation under the seal's name, where a person's shows their own line.
  const sealStamp = { optionalLine: seal.organization, location: seal.location, ...(image ? { image } : {}) };
  return signEach(deps, contexts, async (context) => {
    const sealed = { ...context, seal: seal.accountName, displayName: seal.displayName, sealStamp };
    const signWith = async (renew: boolean) =>
      signImplicitly(
        deps,
        sealed,
        await sealCredential(deps, seal, context.request.legislation, renew),
        sealSigner(seal),
      );
    const done = await withKeptCredential(signWith);
    await commitSignatures(deps, sealed, done.preparedDocs, done.values, done.chain);
  });
}
