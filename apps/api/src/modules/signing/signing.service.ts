import { randomUUID, X509Certificate } from 'node:crypto';
import type { z } from 'zod';
import {
  completeSignature,
  PdfError,
  prepareSignatureInEngine,
  type PadesLevel,
  type PreparedSignature,
  type RevocationTransports,
  type TimestampTransport,
  type VisualSignatureData,
} from '@signet/pdf';
import type { Language } from '@signet/contracts/common';
import type { SignBody, SigningBatchItem, SignResult as SignResultSchema } from '@signet/contracts/signing';
import { AppError } from '../../errors.ts';
import type { Caller } from '../../plugins/auth.ts';
import { ProviderError } from '../../adapters/http.ts';
import type { RemoteSigningClient } from '../../adapters/remote-signing.ts';
import { getUser, spendFreeSignature, verifyPassword } from '../accounts/accounts.service.ts';
import * as documents from '../documents/documents.service.ts';
import * as requests from '../signature-requests/signature-requests.service.ts';
import * as businesses from '../businesses/businesses.service.ts';
import type { SealCredential } from '../../db/schema/businesses.ts';
import {
  claims,
  formatSigningTime,
  legislationLabels,
  qualityLabels,
  sealLabels,
  smsLanguage,
} from './signing-labels.ts';
import * as repo from './signing.repository.ts';
import { countCodeSent, countTanAnswer, tanAccepted } from './signing-limits.ts';

export interface SigningDeps extends requests.SignatureRequestsDeps {
  qtsp: RemoteSigningClient;
  timestamp: TimestampTransport;
  revocation: RevocationTransports;
  /** PAdES level of every signature: B-LT (timestamp + validation data) in Signet. */
  level: PadesLevel;
  /** Marks the signing locks this process takes, so they end with it (Database.processKey). */
  processKey: () => number | null;
}

/** How long a signer may hold a request while signing (QES: while typing the TAN). */
const lockTtlMs = { immediate: 60_000, tan: 10 * 60_000 };

/** Everything needed to sign one request as one signer, checked. */
interface SigningContext {
  request: requests.RequestRow;
  signers: requests.SignerRow[];
  me: requests.SignerRow;
  documentIds: string[];
  item: z.infer<typeof SigningBatchItem>;
  /** The account signing, or null for a direct-sign visitor. */
  userId: string | null;
  displayName: string;
  lang: Language;
  /** The signer's own quality, else the request's. */
  quality: 'ses' | 'aes' | 'qes' | 'part11';
  /** Signing with a business seal: its account name (the signature is the seal's, not the person's). */
  seal?: string;
  /** Where the signer acts from, for the audit trail. */
  client: ReturnType<typeof requests.clientData>;
}

/** Who a pending (TAN) signing belongs to. */
const signerKeyOf = (caller: Caller) =>
  caller.kind === 'user' ? `user:${caller.userId}` : `visitor:${caller.signerId}`;

async function contextFor(
  deps: SigningDeps,
  caller: Caller,
  item: z.infer<typeof SigningBatchItem>,
  lang: Language,
): Promise<SigningContext> {
  const { request, signers, me } = await requests.visibleRequest(deps, caller, item.id);
  if (request.status !== 'OPEN')
    throw new AppError(
      'SIGNATURE_REQUEST_NOT_OPEN',
      `This request is ${request.status.toLowerCase()}; it cannot be signed.`,
      { field: 'signatureRequests' },
    );
  if (!me)
    throw new AppError('NOT_A_SIGNER', 'You are not a signer of this request.', {
      field: 'signatureRequests',
    });
  if (me.status !== 'OPEN')
    throw new AppError('ALREADY_SIGNED', 'You have signed or declined this request already.', {
      field: 'signatureRequests',
    });
  if (!requests.canSignNow(request, signers, me))
    throw new AppError('NOT_YOUR_TURN', 'Earlier signers have to sign first.', {
      field: 'signatureRequests',
    });
  let displayName = `${me.firstName} ${me.lastName}`.trim();
  let userId: string | null = null;
  if (caller.kind === 'user') {
    const user = await getUser(deps, caller.userId);
    if (!user.emailVerified)
      throw new AppError('QUALITY_NOT_AVAILABLE', 'Confirm your e-mail address before you sign.');
    userId = user.id;
    displayName = `${user.firstName} ${user.lastName}`;
  }
  return {
    request,
    signers,
    me,
    documentIds: await requests.documentIdsOfRequest(deps, request.id),
    item,
    userId,
    displayName,
    lang,
    quality: me.quality ?? request.quality,
    client: requests.clientData(caller),
  };
}

/** Part 11: signing name and reason are required, and an account signer re-enters the password. */
async function checkPart11(
  deps: SigningDeps,
  context: SigningContext,
  password: string | undefined,
): Promise<void> {
  if (context.quality !== 'part11') return;
  if (!context.item.signingName || !context.item.signingReason)
    throw new AppError('PART11_DATA_REQUIRED', 'Part 11 signatures need the signing name and the reason.', {
      field: 'signatureRequests.signingName',
    });
  if (!context.userId)
    throw new AppError('QUALITY_NOT_AVAILABLE', 'Part 11 signatures need a Signet account.');
  if (!password || !(await verifyPassword(deps, context.userId, password)))
    throw new AppError('PART11_DATA_REQUIRED', 'Re-enter your password to sign under Part 11.', {
      field: 'password',
    });
}

function appearanceOf(deps: SigningDeps, context: SigningContext, signingTime: Date): VisualSignatureData {
  const { request, lang, item, quality } = context;
  const time = formatSigningTime(signingTime, lang);
  return {
    name: quality === 'part11' && item.signingName ? item.signingName : context.displayName,
    date: time,
    qualityLabel: context.seal ? sealLabels[lang] : qualityLabels[lang][quality],
    legislationLabel: legislationLabels[request.legislation],
    providerLabel: 'Signet sandbox QTSP (SIMULATED)',
    claim: claims[lang],
    qrUrl: `${deps.publicUrl}/view/${request.id}`,
    ...(quality === 'part11' && item.signingName && item.signingReason
      ? { part11: { signingName: item.signingName, reason: item.signingReason, time } }
      : {}),
  };
}

interface PreparedDocument {
  documentId: string;
  /** The version the signature revision was appended to; must still be current at commit. */
  baseSha256: string;
  prepared: PreparedSignature;
}

/** Appends a prepared signature revision to every document of the request (nothing stored yet). */
async function prepareDocuments(
  deps: SigningDeps,
  context: SigningContext,
  chain: Uint8Array[],
  signingTime: Date,
): Promise<PreparedDocument[]> {
  const result: PreparedDocument[] = [];
  for (const documentId of context.documentIds) {
    const document = (await documents.findDocument(deps.db, documentId))!;
    const prepared = await prepareSignatureInEngine(await deps.blobs.read(document.currentSha256), {
      fieldName: requests.fieldNameOf(context.me.id),
      signerCertificate: chain[0]!,
      certificateChain: chain.slice(1),
      // A signer without a box on this document signs it invisibly.
      appearance: context.me.placements.some((p) => p.documentId === documentId)
        ? appearanceOf(deps, context, signingTime)
        : undefined,
      reason: context.quality === 'part11' ? context.item.signingReason : undefined,
      signingTime,
    });
    result.push({ documentId, baseSha256: document.currentSha256, prepared });
  }
  return result;
}

function trustServiceError(error: unknown): AppError | null {
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

/**
 * Embeds the signature values (timestamp and validation data added: B-LT), stores the new versions
 * and, in one transaction, moves every document forward, marks the signer signed, spends the free
 * signature, writes the audit event and queues the mails. A crash before the commit leaves only
 * unreferenced blobs; the request still matches its documents, and signing can be repeated.
 */
async function commitSignatures(
  deps: SigningDeps,
  context: SigningContext,
  preparedDocs: PreparedDocument[],
  values: Uint8Array[],
  chain: Uint8Array[],
): Promise<void> {
  const signed: Array<{ documentId: string; baseSha256: string; sha256: string; size: number }> = [];
  for (const [index, doc] of preparedDocs.entries()) {
    const bytes = await completeSignature(doc.prepared, {
      signatureValue: values[index]!,
      level: deps.level,
      timestamp: deps.timestamp,
      revocation: deps.revocation,
      extraCertificates: await deps.qtsp.caCertificatesDer(),
    }).catch((error) => {
      throw trustServiceError(error) ?? error;
    });
    signed.push({ documentId: doc.documentId, baseSha256: doc.baseSha256, ...(await deps.blobs.put(bytes)) });
  }
  const certificate = new X509Certificate(chain[0]!);
  const now = deps.clock.now();
  const { request, me } = context;
  await deps.db.transaction(async (tx) => {
    await requests.lockRequest(tx, request.id);
    const signers = await requests.signersOfRequest(tx, request.id);
    const fresh = signers.find((s) => s.id === me.id);
    if (fresh?.status !== 'OPEN') throw new AppError('ALREADY_SIGNED', 'This signature was given already.');
    for (const doc of signed) {
      const current = await documents.findDocument(tx, doc.documentId);
      if (current?.currentSha256 !== doc.baseSha256)
        throw new AppError('REQUEST_LOCKED', 'The document changed while you signed; please sign again.', {
          retryAfterSeconds: 1,
        });
      await documents.advanceDocument(tx, doc.documentId, {
        sha256: doc.sha256,
        size: doc.size,
        reason: `signature ${me.id}`,
        createdAt: now,
        signatureCount: current.signatureCount + 1,
      });
    }
    // A seal signs for the business: it does not spend the member's own free signatures.
    if (context.userId && !context.seal && !(await spendFreeSignature({ db: tx }, context.userId)))
      throw new AppError(
        'FREE_SIGNATURES_EXHAUSTED',
        'You have no free signatures left. Upgrade your plan to sign.',
      );
    await requests.updateSigner(tx, me.id, {
      status: 'SIGNED',
      signedAt: now,
      userId: context.userId ?? me.userId,
      certificateSubject: certificate.subject.replace(/\n/g, ', '),
      certificateSerial: certificate.serialNumber,
      signingName: context.item.signingName ?? null,
      signingReason: context.item.signingReason ?? null,
    });
    await requests.recordEvent(deps, tx, request.id, 'signed', context.userId ?? `visitor:${me.id}`, {
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
    });
    const after = signers.map((s) => (s.id === me.id ? { ...s, status: 'SIGNED' as const } : s));
    await requests.afterSignature(deps, tx, request, after, me, now);
  });
}

async function acquireLocks(
  deps: SigningDeps,
  contexts: SigningContext[],
  holder: string,
  ttlMs: number,
): Promise<void> {
  const taken: string[] = [];
  for (const context of contexts) {
    const now = deps.clock.now();
    if (await requests.acquireLock(deps.db, context.request.id, holder, now, ttlMs, deps.processKey())) {
      taken.push(context.request.id);
      continue;
    }
    await releaseLocks(deps, taken, holder);
    const status = await requests
      .lockStatus(deps, { kind: 'visitor', requestId: '', signerId: '' }, context.request.id)
      .catch(() => null);
    throw new AppError(
      'REQUEST_LOCKED',
      'Someone else is signing this request right now. Please try again in a moment.',
      { retryAfterSeconds: status?.retry_after_seconds ?? 5 },
    );
  }
}

async function releaseLocks(deps: SigningDeps, requestIds: string[], holder: string): Promise<void> {
  for (const id of requestIds) await requests.releaseLock(deps.db, id, holder);
}

/** Name and e-mail for the certificate: the account's, or the visitor's identity data. */
async function signerIdentity(
  deps: SigningDeps,
  caller: Caller,
  context: SigningContext,
): Promise<{ givenName: string; surname: string; email: string }> {
  if (caller.kind === 'user') {
    const user = await getUser(deps, caller.userId);
    return { givenName: user.firstName, surname: user.lastName, email: user.email };
  }
  return { givenName: context.me.firstName, surname: context.me.lastName, email: context.me.email };
}

function certificateChainOf(enrolled: { certificates: string[] }): Uint8Array[] {
  return enrolled.certificates.map((b64) => new Uint8Array(Buffer.from(b64, 'base64')));
}

/** E.164 for the QTSP: spaces and hyphens removed, a leading 00 turned into +. */
export function toE164(mobile: string): string {
  const compact = mobile.replace(/[\s-]/g, '').replace(/^00/, '+');
  return compact.startsWith('+') ? compact : `+${compact}`;
}

export type SignResult = z.infer<typeof SignResultSchema>;

async function results(deps: SigningDeps, ids: string[]): Promise<SignResult['signed']> {
  return Promise.all(
    ids.map(async (id) => ({ id, status_overall: (await requests.visibleRequestRow(deps, id))!.status })),
  );
}

/**
 * Signs a batch. SES, AES and Part 11 sign at once with the platform credential of the
 * legislation; QES enrols an on-demand certificate for the signer and needs the TAN sent by SMS,
 * answered through respondTan. One incremental revision per signature; signing order enforced.
 */
export async function sign(
  deps: SigningDeps,
  caller: Caller,
  body: z.infer<typeof SignBody>,
): Promise<SignResult> {
  // The seal first: who may not use it learns nothing about the requests.
  const seal = body.sealAccountName === undefined ? null : await sealFor(deps, caller, body.sealAccountName);
  const contexts: SigningContext[] = [];
  for (const item of body.signatureRequests)
    contexts.push(await contextFor(deps, caller, item, body.language));
  if (seal) return signWithSeal(deps, contexts, seal);
  const qes = contexts.filter((c) => c.quality === 'qes');
  if (qes.length > 0 && qes.length < contexts.length)
    throw new AppError('VALIDATION_FAILED', 'Sign qualified (QES) requests in a batch of their own.', {
      field: 'signatureRequests',
    });
  for (const context of contexts) await checkPart11(deps, context, body.password);
  if (qes.length > 0) return startQualified(deps, caller, contexts, body.language);

  return signEach(deps, contexts, async (context) => {
    // Every signer gets a certificate in their own name; Signet authenticated them, so the QTSP
    // authorizes it on Signet's word (implicit) — no SMS code below QES.
    const enrolled = await deps.qtsp
      .enrol({
        ...(await signerIdentity(deps, caller, context)),
        quality: 'aes',
        legislation: context.request.legislation,
        authMode: 'implicit',
        userID: signerKeyOf(caller),
      })
      .catch((error) => {
        throw trustServiceError(error) ?? error;
      });
    const credentialID = enrolled.credentialID;
    const chain = certificateChainOf(enrolled);
    const preparedDocs = await prepareDocuments(deps, context, chain, deps.clock.now());
    const digests = preparedDocs.map((d) => d.prepared.digestToSign);
    const values = await deps.qtsp
      .authorizeImplicit(credentialID, signerKeyOf(caller), digests)
      .then((sad) => deps.qtsp.signHashes(credentialID, sad, digests))
      .catch((error) => {
        throw trustServiceError(error) ?? error;
      });
    await commitSignatures(deps, context, preparedDocs, values, chain);
  });
}

/** Signs each request at once (no TAN), holding every request's lock meanwhile. */
async function signEach(
  deps: SigningDeps,
  contexts: SigningContext[],
  signOne: (context: SigningContext) => Promise<void>,
): Promise<SignResult> {
  const holder = randomUUID();
  await acquireLocks(deps, contexts, holder, lockTtlMs.immediate);
  try {
    for (const context of contexts) await signOne(context);
  } finally {
    await releaseLocks(
      deps,
      contexts.map((c) => c.request.id),
      holder,
    );
  }
  return {
    status: 'SUCCESS',
    responseId: null,
    signed: await results(
      deps,
      contexts.map((c) => c.request.id),
    ),
  };
}

async function sealFor(
  deps: SigningDeps,
  caller: Caller,
  accountName: string,
): Promise<businesses.SealForSigning> {
  if (caller.kind !== 'user')
    throw new AppError('SEAL_NOT_ALLOWED', 'Seals are for signed-in members of a business.', {
      field: 'sealAccountName',
    });
  return businesses.sealForSigning(deps, caller.userId, accountName);
}

/** Who a seal's credential is enrolled for at the QTSP (and whom its signer assertions name). */
const sealSigner = (seal: businesses.SealForSigning) => `seal:${seal.id}`;

/** Seal certificates are kept and renewed this long before they expire. */
const sealRenewalMs = 24 * 60 * 60 * 1000;

/**
 * The seal's credential for a legislation: the one enrolled before while it is valid and names the
 * seal as it is called now, else a new one from the QTSP's RA (CN the seal, O the business).
 */
async function sealCredential(
  deps: SigningDeps,
  seal: businesses.SealForSigning,
  legislation: 'eidas' | 'zertes',
  renew: boolean,
): Promise<SealCredential> {
  const organization = seal.businessName.slice(0, 64);
  const issuedFor = `${organization}\n${seal.displayName}`;
  const stored = seal.credentials[legislation];
  if (
    !renew &&
    stored?.issuedFor === issuedFor &&
    Date.parse(stored.validTo) - deps.clock.now().getTime() > sealRenewalMs
  )
    return stored;
  const enrolled = await deps.qtsp
    .enrol({
      quality: 'seal',
      legislation,
      organization,
      commonName: seal.displayName,
      userID: sealSigner(seal),
    })
    .catch((error) => {
      throw trustServiceError(error) ?? error;
    });
  const credential = {
    credentialID: enrolled.credentialID,
    certificates: enrolled.certificates,
    validTo: enrolled.validTo,
    issuedFor,
  };
  await businesses.saveSealCredential(deps, seal.id, legislation, credential);
  seal.credentials[legislation] = credential;
  return credential;
}

/**
 * Signs a batch with a business seal: the seal's certificate (kept at the QTSP, authorized by
 * Signet's client token: a seal needs no TAN), the seal's name in the visible signature. Part 11
 * needs a person's name and password, so it cannot be sealed.
 */
async function signWithSeal(
  deps: SigningDeps,
  contexts: SigningContext[],
  seal: businesses.SealForSigning,
): Promise<SignResult> {
  if (contexts.some((c) => c.quality === 'part11'))
    throw new AppError('QUALITY_NOT_AVAILABLE', 'Part 11 signatures are personal; they cannot be sealed.', {
      field: 'sealAccountName',
    });
  return signEach(deps, contexts, async (context) => {
    const sealed = { ...context, seal: seal.accountName, displayName: seal.displayName };
    const signWith = async (renew: boolean) => {
      const credential = await sealCredential(deps, seal, context.request.legislation, renew);
      const chain = certificateChainOf(credential);
      const preparedDocs = await prepareDocuments(deps, sealed, chain, deps.clock.now());
      const digests = preparedDocs.map((d) => d.prepared.digestToSign);
      const values = await deps.qtsp
        .authorizeImplicit(credential.credentialID, sealSigner(seal), digests)
        .then((sad) => deps.qtsp.signHashes(credential.credentialID, sad, digests));
      return { preparedDocs, values, chain };
    };
    // A kept credential the QTSP no longer knows (revoked, or a reset sandbox) is enrolled anew, once.
    const done = await signWith(false)
      .catch((error) => {
        if (error instanceof ProviderError && error.status !== null && error.status < 500)
          return signWith(true);
        throw error;
      })
      .catch((error) => {
        throw trustServiceError(error) ?? error;
      });
    await commitSignatures(deps, sealed, done.preparedDocs, done.values, done.chain);
  });
}

/** QES step 1: enrol, prepare every document, and ask the QTSP to send the TAN. Locks are kept. */
async function startQualified(
  deps: SigningDeps,
  caller: Caller,
  contexts: SigningContext[],
  language: Language,
): Promise<SignResult> {
  const first = contexts[0]!;
  const mobile = await mobileOf(deps, caller, first.me);
  if (!mobile)
    throw new AppError(
      'MOBILE_REQUIRED',
      'Qualified signatures send a code by SMS: add your mobile number first.',
      { field: 'mobile' },
    );
  const holder = randomUUID();
  await acquireLocks(deps, contexts, holder, lockTtlMs.tan);
  try {
    const requestIds = contexts.map((c) => c.request.id);
    await countCodeSent(
      deps.db,
      'start',
      { signerKey: signerKeyOf(caller), requestIds, mobile },
      deps.clock.now(),
    );
    const enrolled = await deps.qtsp
      .enrol({
        ...(await signerIdentity(deps, caller, first)),
        mobile: toE164(mobile),
        quality: 'qes',
        legislation: first.request.legislation,
        language: smsLanguage(language),
        userID: signerKeyOf(caller),
      })
      .catch((error) => {
        throw trustServiceError(error) ?? error;
      });
    const chain = certificateChainOf(enrolled);
    const signingTime = deps.clock.now();
    const items: repo.PendingItem[] = [];
    for (const context of contexts) {
      for (const doc of await prepareDocuments(deps, context, chain, signingTime)) {
        items.push({
          requestId: context.request.id,
          signingName: context.item.signingName ?? null,
          signingReason: context.item.signingReason ?? null,
          documentId: doc.documentId,
          baseSha256: doc.baseSha256,
          prepared: await repo.storePrepared(deps.blobs, doc.prepared),
        });
      }
    }
    const stepUp = await deps.qtsp
      .startStepUp({
        credentialID: enrolled.credentialID,
        signer: signerKeyOf(caller),
        hashes: await Promise.all(
          items.map(async (i) => (await repo.loadPrepared(deps.blobs, i.prepared)).digestToSign),
        ),
        language: smsLanguage(language),
      })
      .catch((error) => {
        throw trustServiceError(error) ?? error;
      });
    await repo.insertPending(deps.db, {
      id: randomUUID(),
      signerKey: signerKeyOf(caller),
      responseId: stepUp.responseId,
      credentialId: enrolled.credentialID,
      lockHolder: holder,
      items,
      language,
      createdAt: deps.clock.now(),
      expiresAt: new Date(deps.clock.now().getTime() + lockTtlMs.tan),
    });
    for (const context of contexts)
      await recordTanStep(deps, caller, [context.request.id], 'tan sent', { sid: context.me.id });
    return { status: 'TAN_REQUIRED', responseId: stepUp.responseId, signed: [] };
  } catch (error) {
    await releaseLocks(
      deps,
      contexts.map((c) => c.request.id),
      holder,
    );
    throw error;
  }
}

/**
 * A step of a QES signing (code sent, sent again, refused, cancelled) in each request's audit trail,
 * with where the signer acted from: a code guessed from elsewhere shows up there.
 */
async function recordTanStep(
  deps: SigningDeps,
  caller: Caller,
  requestIds: string[],
  type: string,
  data: Record<string, unknown> = {},
): Promise<void> {
  for (const requestId of new Set(requestIds))
    await deps.db.transaction(async (tx) => {
      await requests.lockRequest(tx, requestId);
      await requests.recordEvent(deps, tx, requestId, type, requests.actorOf(caller), {
        ...data,
        ...requests.clientData(caller),
      });
    });
}

/** Where the code goes: the account's mobile number, or the one the visitor's slot was given. */
async function mobileOf(deps: SigningDeps, caller: Caller, me: requests.SignerRow): Promise<string | null> {
  return caller.kind === 'user' ? (await getUser(deps, caller.userId)).attributes.mobile : me.mobile;
}

/** The QTSP's answer about a TAN, as the product's stable codes (the web app shows an overlay each). */
function tanError(error: unknown): AppError {
  if (error instanceof ProviderError && error.body) {
    const code = error.body.code;
    const status = error.body.status;
    if (code === 'TAN_INVALID')
      return new AppError(
        'TAN_INVALID',
        `The code is wrong. ${String(error.body.remainingAttempts ?? '')} attempts left.`.trim(),
        {
          field: 'secret',
          ...(typeof error.body.remainingAttempts === 'number'
            ? { details: { remainingAttempts: error.body.remainingAttempts } }
            : {}),
        },
      );
    if (code === 'TAN_EXPIRED')
      return new AppError('TAN_EXPIRED', 'The code has expired. Ask for a new one.', { field: 'secret' });
    if (code === 'TAN_LOCKED')
      return new AppError('TAN_LOCKED', 'Three wrong codes: this signing is locked. Start again.');
    if (status === 'USER_CANCEL') return new AppError('TAN_CANCELLED', 'This signing was cancelled.');
    if (status === 'TIMEOUT') return new AppError('TAN_EXPIRED', 'The signing timed out. Start again.');
    if (status === 'SERIAL_NUMBER_MISMATCH')
      return new AppError(
        'SERIAL_NUMBER_MISMATCH',
        'Your identity does not match the identification on record.',
      );
  }
  return trustServiceError(error) ?? (error as AppError);
}

async function pendingFor(deps: SigningDeps, caller: Caller, responseId: string): Promise<repo.PendingRow> {
  const pending = await repo.findPending(deps.db, responseId);
  if (!pending || pending.signerKey !== signerKeyOf(caller) || pending.doneAt)
    throw new AppError('SIGNING_NOT_FOUND', 'No signing is waiting for this code.');
  return pending;
}

const requestIdsOf = (pending: repo.PendingRow) => pending.items.map((i) => i.requestId);

/** Ends a pending QES signing: nothing more can be answered, and its requests' locks are freed. */
async function endPending(deps: SigningDeps, pending: repo.PendingRow): Promise<void> {
  await repo.markPendingDone(deps.db, pending.id, deps.clock.now());
  await releaseLocks(deps, [...new Set(requestIdsOf(pending))], pending.lockHolder);
}

/** QES step 2: the TAN releases the SAD; the QTSP signs the prepared hashes; the signatures are committed. */
export async function respondTan(
  deps: SigningDeps,
  caller: Caller,
  responseId: string,
  secret: string,
): Promise<SignResult> {
  const pending = await pendingFor(deps, caller, responseId);
  await countTanAnswer(deps.db, pending.signerKey, deps.clock.now()).catch(async (error) => {
    await deps.qtsp.cancelStepUp(responseId).catch(() => undefined);
    await endPending(deps, pending);
    throw error;
  });
  const state = await deps.qtsp.respondStepUp(responseId, secret).catch(async (error) => {
    const mapped = tanError(error);
    await recordTanStep(deps, caller, requestIdsOf(pending), 'tan refused', { code: mapped.code });
    // A wrong code may be tried again; anything else ends this signing and frees the requests.
    if (mapped.code !== 'TAN_INVALID') await endPending(deps, pending);
    throw mapped;
  });
  if (state.status !== 'SUCCESS' || !state.SAD) {
    await endPending(deps, pending);
    throw tanError(new ProviderError('remote signing service', 409, state.status, { status: state.status }));
  }
  await tanAccepted(deps.db, pending.signerKey);
  const prepared = await Promise.all(pending.items.map((i) => repo.loadPrepared(deps.blobs, i.prepared)));
  const values = await deps.qtsp
    .signHashes(
      pending.credentialId,
      state.SAD,
      prepared.map((p) => p.digestToSign),
    )
    .catch((error) => {
      throw trustServiceError(error) ?? error;
    });
  const chain = [prepared[0]!.signerCertificate, ...prepared[0]!.certificateChain];
  const requestIds = [...new Set(pending.items.map((i) => i.requestId))];
  try {
    for (const requestId of requestIds) {
      const item = pending.items.find((i) => i.requestId === requestId)!;
      const context = await contextFor(
        deps,
        caller,
        {
          id: requestId,
          signingName: item.signingName ?? undefined,
          signingReason: item.signingReason ?? undefined,
        },
        pending.language as Language,
      );
      const indexes = pending.items.flatMap((i, index) => (i.requestId === requestId ? [index] : []));
      await commitSignatures(
        deps,
        context,
        indexes.map((index) => ({
          documentId: pending.items[index]!.documentId,
          baseSha256: pending.items[index]!.baseSha256,
          prepared: prepared[index]!,
        })),
        indexes.map((index) => values[index]!),
        chain,
      );
    }
    await repo.markPendingDone(deps.db, pending.id, deps.clock.now());
  } finally {
    await releaseLocks(deps, requestIds, pending.lockHolder);
  }
  return { status: 'SUCCESS', responseId, signed: await results(deps, requestIds) };
}

export async function resendTan(
  deps: SigningDeps,
  caller: Caller,
  responseId: string,
): Promise<{ status: string; remainingAttempts: number }> {
  const pending = await pendingFor(deps, caller, responseId);
  const requestIds = [...new Set(requestIdsOf(pending))];
  const { me } = await requests.visibleRequest(deps, caller, requestIds[0]!);
  await countCodeSent(
    deps.db,
    'resend',
    { signerKey: pending.signerKey, requestIds, mobile: me ? await mobileOf(deps, caller, me) : null },
    deps.clock.now(),
  );
  const state = await deps.qtsp.resendStepUp(responseId).catch((error) => {
    throw tanError(error);
  });
  await recordTanStep(deps, caller, requestIdsOf(pending), 'tan resent');
  return { status: state.status, remainingAttempts: state.remainingAttempts };
}

export async function cancelTan(deps: SigningDeps, caller: Caller, responseId: string): Promise<void> {
  const pending = await pendingFor(deps, caller, responseId);
  await deps.qtsp.cancelStepUp(responseId).catch((error) => {
    throw tanError(error);
  });
  await endPending(deps, pending);
  await recordTanStep(deps, caller, requestIdsOf(pending), 'tan cancelled');
}
