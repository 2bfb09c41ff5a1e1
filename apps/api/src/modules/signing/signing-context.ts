import type { z } from 'zod';
import { PdfError } from '@signet/pdf';
import type { Language } from '@signet/contracts/common';
import type { SigningBatchItem } from '@signet/contracts/signing';
import type { RequestRow, SignerRow } from '../../db/schema/signature-requests.ts';
import { AppError } from '../../errors.ts';
import type { Caller } from '../../plugins/auth.ts';
import { ProviderError } from '../../adapters/http.ts';
import { getAccount, type Account } from '../accounts/accounts.service.ts';
import {
  assertStatus,
  canSignNow,
  clientData,
  visibleRequest,
} from '../signature-requests/request-access.service.ts';
import { documentIdsOfRequest } from '../signature-requests/request-documents.service.ts';
import { evidenceQualities, qualifiedEvidence } from '../identification/identification-evidence.service.ts';
import type { IdentifiedSubject } from '../identification/identification-deps.ts';
import type { SigningDeps } from './signing-deps.ts';
import { fullName } from '../../person-name.ts';

// Who signs what, checked, and what every way of signing shares: lock lifetimes, the signer's key
// at the QTSP, and the mapping of trust-service outages.

/** How long a signer may hold a request while signing (QES: while typing the TAN). */
export const lockTtlMs = { immediate: 60_000, tan: 10 * 60_000 };

/** Everything needed to sign one request as one signer, checked. */
export interface SigningContext {
  request: RequestRow;
  signers: SignerRow[];
  me: SignerRow;
  documentIds: string[];
  item: z.infer<typeof SigningBatchItem>;
  /** The account signing, or null for a direct-sign visitor. */
  userId: string | null;
  /** That account as read once at the start of the signing (name, e-mail, free signatures). */
  account: Account | null;
  displayName: string;
  lang: Language;
  /** The signer's own quality, else the request's. */
  quality: 'ses' | 'aes' | 'qes' | 'part11';
  /** Signing with a business seal: its account name (the signature is the seal's, not the person's). */
  seal?: string;
  /** A seal's stamp lines and image, drawn instead of the member's own visual signature. */
  sealStamp?: { optionalLine: string | null; location: string | null; image?: Uint8Array };
  /** Where the signer acts from, for the audit trail. */
  client: ReturnType<typeof clientData>;
}

/** Who a signing belongs to: the QTSP's user id of the signer, and the owner of a pending (TAN) signing. */
export const signerKeyOf = (caller: Caller) =>
  caller.kind === 'user' ? `user:${caller.userId}` : `visitor:${caller.signerId}`;

/** The signing account, read once for the whole batch and passed along; null for a visitor. */
export async function signingAccount(deps: SigningDeps, caller: Caller): Promise<Account | null> {
  return caller.kind === 'user' ? getAccount(deps, caller.userId) : null;
}

/**
 * Checks that the caller may sign the item's request now, and gathers what signing it needs;
 * `account` is signingAccount's answer for the caller.
 */
export async function contextFor(
  deps: SigningDeps,
  caller: Caller,
  item: z.infer<typeof SigningBatchItem>,
  lang: Language,
  account: Account | null,
): Promise<SigningContext> {
  const { request, signers, me } = await visibleRequest(deps, caller, item.id, account ?? undefined);
  const field = { field: 'signatureRequests' };
  assertStatus(
    request,
    ['OPEN'],
    'SIGNATURE_REQUEST_NOT_OPEN',
    `This request is ${request.status.toLowerCase()}; it cannot be signed.`,
    field,
  );
  if (!me) throw new AppError('NOT_A_SIGNER', 'You are not a signer of this request.', field);
  assertStatus(me, ['OPEN'], 'ALREADY_SIGNED', 'You have signed or declined this request already.', field);
  if (!canSignNow(request, signers, me))
    throw new AppError('NOT_YOUR_TURN', 'Earlier signers have to sign first.', field);
  let displayName = fullName(me);
  let userId: string | null = null;
  if (account) {
    const user = account;
    if (!user.emailVerified)
      throw new AppError('QUALITY_NOT_AVAILABLE', 'Confirm your e-mail address before you sign.', {
        details: { reason: 'EMAIL_NOT_VERIFIED' },
      });
    userId = user.id;
    displayName = fullName(user);
  }
  return {
    request,
    signers,
    me,
    documentIds: await documentIdsOfRequest(deps.db, request.id),
    item,
    userId,
    account,
    displayName,
    lang,
    quality: me.quality ?? request.quality,
    client: clientData(caller),
  };
}

/**
 * Each request an account signs in its own name spends one free signature, at commit (a seal signs
 * for the business and spends none; a visitor has no account). Checked here as well, before any
 * certificate is enrolled or any timestamp asked for, so that an account with too few left is told
 * at once and a batch is refused whole rather than half signed; the spend at commit stays the guard
 * against two signings at the same time.
 */
export function checkFreeSignatures(contexts: SigningContext[]): void {
  const account = contexts[0]?.account;
  if (!account) return;
  const left = account.attributes.free_signatures_remaining;
  if (left >= contexts.length) return;
  throw new AppError(
    'FREE_SIGNATURES_EXHAUSTED',
    left <= 0
      ? 'You have no free signatures left. Upgrade your plan to sign.'
      : `These ${contexts.length} requests need ${contexts.length} free signatures; you have ${left} left. Upgrade your plan or sign fewer at once.`,
    { field: 'signatureRequests' },
  );
}

/** Name and e-mail for the certificate: the account's, or the visitor's identity data. */
export async function signerIdentity(
  deps: SigningDeps,
  caller: Caller,
  context: SigningContext,
): Promise<{ givenName: string; surname: string; email: string }> {
  if (caller.kind === 'user') {
    const user = context.account ?? (await getAccount(deps, caller.userId));
    return { givenName: user.firstName, surname: user.lastName, email: user.email };
  }
  return { givenName: context.me.firstName, surname: context.me.lastName, email: context.me.email };
}

/**
 * QES: the identity a qualified certificate is issued to, from the signer's identification for the
 * request's legislation (an account's, or the visitor's own as this request's signer), with the
 * provider's session the QTSP checks it at. Without a matching identification: QUALITY_NOT_AVAILABLE,
 * its details saying what is missing.
 */
export async function qualifiedIdentity(
  deps: SigningDeps,
  caller: Caller,
  context: SigningContext,
): Promise<{ givenName: string; surname: string; email: string; identificationId: string }> {
  const { givenName, surname, email } = await signerIdentity(deps, caller, context);
  const subject: IdentifiedSubject =
    caller.kind === 'user'
      ? { kind: 'account', userId: caller.userId }
      : { kind: 'visitor', signerId: caller.signerId };
  const person = { firstName: givenName, lastName: surname };
  const { legislation } = context.request;
  const evidence = await qualifiedEvidence(deps, subject, person, legislation);
  if (evidence) return { ...evidence, email };
  const { reason } = (await evidenceQualities(deps, subject, person)).qes[legislation];
  const name = legislation === 'eidas' ? 'eIDAS' : 'ZertES';
  throw new AppError(
    'QUALITY_NOT_AVAILABLE',
    reason === 'IDENTIFICATION_NAME_MISMATCH'
      ? `Your identification for ${name} is in another name than yours here; identify again in your name.`
      : reason === 'IDENTIFICATION_ONGOING'
        ? `Your identification for ${name} is not finished yet; finish it, then sign.`
        : `Qualified signatures under ${name} need an identification first.`,
    { field: 'signatureRequests', details: { reason: reason ?? 'IDENTIFICATION_REQUIRED', legislation } },
  );
}

/** The DER certificates of an enrolment (the signer's first), as the engine takes them. */
export function certificateChainOf(enrolled: { certificates: string[] }): Uint8Array[] {
  return enrolled.certificates.map((b64) => new Uint8Array(Buffer.from(b64, 'base64')));
}

/** A trust service that did not answer (TSA, OCSP/CRL, QTSP) as TRUST_SERVICE_UNAVAILABLE; null for other errors. */
export function trustServiceError(error: unknown): AppError | null {
  if (
    error instanceof PdfError &&
    (error.code === 'PDF_TIMESTAMP_FAILED' || error.code === 'PDF_REVOCATION_UNAVAILABLE')
  )
    return new AppError(
      'TRUST_SERVICE_UNAVAILABLE',
      'The timestamp or revocation service is not available; nothing was signed. Please try again in a few minutes.',
      { cause: error },
    );
  if (error instanceof ProviderError)
    return new AppError(
      'TRUST_SERVICE_UNAVAILABLE',
      'The signing service is not available; nothing was signed. Please try again in a few minutes.',
      { cause: error },
    );
  return null;
}

/** A call that reaches a trust service, its outage answered as trustServiceError says. */
export function viaTrustService<T>(call: Promise<T>): Promise<T> {
  return call.catch((error: unknown) => {
    throw trustServiceError(error) ?? error;
  });
}

/**
 * Signs with a kept credential (a seal's, an account's): `signWith(false)` may reuse it,
 * `signWith(true)` enrols anew. One the QTSP refuses (revoked, or a reset sandbox) is enrolled
 * anew, once; outages are answered as viaTrustService says.
 */
export function withKeptCredential<T>(signWith: (renew: boolean) => Promise<T>): Promise<T> {
  return viaTrustService(
    signWith(false).catch((error: unknown) => {
      if (error instanceof ProviderError && error.status !== null && error.status < 500)
        return signWith(true);
      throw error;
    }),
  );
}
