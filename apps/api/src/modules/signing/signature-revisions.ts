import { randomUUID, X509Certificate } from 'node:crypto';
import {
  completeSignature,
  prepareSignatureInEngine,
  type PreparedSignature,
  type VisualSignatureData,
} from '@signet/pdf';
import { AppError } from '../../errors.ts';
import { spendFreeSignature } from '../accounts/accounts.service.ts';
import { advanceDocumentIfCurrent, documentsInOrder } from '../documents/documents.service.ts';
import { signerFieldName } from '../signature-requests/request-fields.service.ts';
import {
  lockForSignature,
  recordSignature,
  statusOf,
} from '../signature-requests/request-lifecycle.service.ts';
import { holdSigningLocks, releaseSigningLocks } from '../signature-requests/request-locks.service.ts';
import { stampForSigning, validationLink } from '../visual-signatures/visual-signatures.service.ts';
import { certificateChainOf, lockTtlMs, viaTrustService, type SigningContext } from './signing-context.ts';
import type { SignResult, SigningDeps } from './signing-deps.ts';

// One signature is one incremental revision of every document of the request: prepared (the
// engine leaves room for the signature and says what to sign), then completed with the signature
// value and committed, whoever made the value (a person's certificate, QES after a TAN, a seal).

/** The stamp the signer's visual signature (or the built-in one) draws for this signature. */
function appearanceOf(
  deps: SigningDeps,
  context: SigningContext,
  signingTime: Date,
  baseSha256: string,
): Promise<VisualSignatureData> {
  const { request, item, quality } = context;
  return stampForSigning(
    deps,
    // A seal signs for the business: its stamp is the seal's, never the member's own visual signature.
    {
      userId: context.seal ? null : context.userId,
      displayName: context.displayName,
      lang: context.lang,
      ...(context.sealStamp ? { look: context.sealStamp } : {}),
    },
    {
      quality,
      legislation: request.legislation,
      provider: 'sandbox',
      ...(context.seal ? { seal: true } : {}),
      time: signingTime,
      qrUrl: validationLink(deps.publicUrl, baseSha256),
      ...(quality === 'part11' && item.signingName && item.signingReason
        ? { part11: { signingName: item.signingName, reason: item.signingReason } }
        : {}),
    },
  );
}

interface PreparedDocument {
  documentId: string;
  /** The version the signature revision was appended to; must still be current at commit. */
  baseSha256: string;
  prepared: PreparedSignature;
}

/** Appends a prepared signature revision to every document of the request (nothing stored yet). */
export async function prepareDocuments(
  deps: SigningDeps,
  context: SigningContext,
  chain: Uint8Array[],
  signingTime: Date,
): Promise<PreparedDocument[]> {
  const result: PreparedDocument[] = [];
  for (const document of await documentsInOrder(deps.db, context.documentIds)) {
    // A signer without a box on this document signs it invisibly; each stamp's QR code names its
    // own document's version.
    const appearance = context.me.placements.some((p) => p.documentId === document.id)
      ? await appearanceOf(deps, context, signingTime, document.currentSha256)
      : undefined;
    const prepared = await prepareSignatureInEngine(await deps.blobs.read(document.currentSha256), {
      fieldName: signerFieldName(context.me, document.id),
      signerCertificate: chain[0]!,
      certificateChain: chain.slice(1),
      appearance,
      reason: context.quality === 'part11' ? context.item.signingReason : undefined,
      signingTime,
    });
    result.push({ documentId: document.id, baseSha256: document.currentSha256, prepared });
  }
  return result;
}

/**
 * Prepares the documents and has the QTSP sign their digests on Signet's word (implicit
 * authorization, no TAN) with the credential enrolled for `signer`: a person below QES, or a seal.
 */
export async function signImplicitly(
  deps: SigningDeps,
  context: SigningContext,
  credential: { credentialID: string; certificates: string[] },
  signer: string,
): Promise<{ preparedDocs: PreparedDocument[]; values: Uint8Array[]; chain: Uint8Array[] }> {
  const chain = certificateChainOf(credential);
  const preparedDocs = await prepareDocuments(deps, context, chain, deps.clock.now());
  const digests = preparedDocs.map((d) => d.prepared.digestToSign);
  const values = await deps.qtsp
    .authorizeImplicit(credential.credentialID, signer, digests)
    .then((sad) => deps.qtsp.signHashes(credential.credentialID, sad, digests));
  return { preparedDocs, values, chain };
}

/**
 * Embeds the signature values (timestamp and validation data added: B-LT), stores the new versions
 * and, in one transaction, moves every document forward, marks the signer signed, spends the free
 * signature, writes the audit event and queues the mails. A crash before the commit leaves only
 * unreferenced blobs; the request still matches its documents, and signing can be repeated.
 */
export async function commitSignatures(
  deps: SigningDeps,
  context: SigningContext,
  preparedDocs: PreparedDocument[],
  values: Uint8Array[],
  chain: Uint8Array[],
): Promise<void> {
  const quality = context.seal ? 'seal' : context.quality;
  try {
    await embedAndRecord(deps, context, preparedDocs, values, chain);
  } catch (error) {
    deps.signatures.record(quality, 'failed');
    throw error;
  }
  deps.signatures.record(quality, 'signed');
}

async function embedAndRecord(
  deps: SigningDeps,
  context: SigningContext,
  preparedDocs: PreparedDocument[],
  values: Uint8Array[],
  chain: Uint8Array[],
): Promise<void> {
  const signed: Array<{ documentId: string; baseSha256: string; sha256: string; size: number }> = [];
  for (const [index, doc] of preparedDocs.entries()) {
    const bytes = await viaTrustService(
      completeSignature(doc.prepared, {
        signatureValue: values[index]!,
        level: deps.level,
        timestamp: deps.timestamp,
        revocation: deps.revocation,
        extraCertificates: await deps.qtsp.caCertificatesDer(),
      }),
    );
    signed.push({ documentId: doc.documentId, baseSha256: doc.baseSha256, ...(await deps.blobs.put(bytes)) });
  }
  const certificate = new X509Certificate(chain[0]!);
  const now = deps.clock.now();
  const { request, me } = context;
  await deps.db.transaction(async (tx) => {
    const { signers, anchor } = await lockForSignature(tx, request.id, me.id);
    for (const doc of signed)
      await advanceDocumentIfCurrent(
        tx,
        {
          documentId: doc.documentId,
          from: doc.baseSha256,
          sha256: doc.sha256,
          size: doc.size,
          reason: `signature ${me.id}`,
          createdAt: now,
          signedField: signerFieldName(me, doc.documentId),
        },
        'The document changed while you signed; please sign again.',
      );
    // A seal signs for the business: it does not spend the member's own free signatures.
    if (context.userId && !context.seal && !(await spendFreeSignature({ db: tx }, context.userId)))
      throw new AppError(
        'FREE_SIGNATURES_EXHAUSTED',
        'You have no free signatures left. Upgrade your plan to sign.',
      );
    await recordSignature(deps, tx, {
      request,
      signers,
      anchor,
      signer: me,
      signed: {
        userId: context.userId ?? me.userId,
        certificateSubject: certificate.subject.replace(/\n/g, ', '),
        certificateSerial: certificate.serialNumber,
        signingName: context.item.signingName ?? null,
        signingReason: context.item.signingReason ?? null,
      },
      actor: context.userId ?? `visitor:${me.id}`,
      event: {
        sid: me.id,
        quality: context.quality,
        legislation: request.legislation,
        level: deps.level,
        certificateSerial: certificate.serialNumber,
        ...(context.seal ? { seal: context.seal } : {}),
        documents: signed.map((d) => ({ id: d.documentId, sha256: d.sha256 })),
        ...(context.quality === 'part11'
          ? { signingName: context.item.signingName, signingReason: context.item.signingReason }
          : {}),
        ...context.client,
      },
      now,
    });
  });
}

/** The requests' statuses after signing, for the answer. */
export async function signedStatuses(deps: SigningDeps, requestIds: string[]): Promise<SignResult['signed']> {
  return Promise.all(requestIds.map(async (id) => ({ id, status_overall: await statusOf(deps.db, id) })));
}

/** Signs each request at once (no TAN), holding every request's lock meanwhile. */
export async function signEach(
  deps: SigningDeps,
  contexts: SigningContext[],
  signOne: (context: SigningContext) => Promise<void>,
): Promise<SignResult> {
  const holder = randomUUID();
  const requestIds = contexts.map((c) => c.request.id);
  await holdSigningLocks(deps, requestIds, holder, lockTtlMs.immediate);
  try {
    for (const context of contexts) await signOne(context);
  } finally {
    await releaseSigningLocks(deps.db, requestIds, holder);
  }
  return { status: 'SUCCESS', responseId: null, signed: await signedStatuses(deps, requestIds) };
}
