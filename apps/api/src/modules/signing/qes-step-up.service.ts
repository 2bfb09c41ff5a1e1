import { randomUUID } from 'node:crypto';
import type { Language } from '@signet/contracts/common';
import type { SignerRow } from '../../db/schema/signature-requests.ts';
import { AppError } from '../../errors.ts';
import type { Caller } from '../../plugins/auth.ts';
import { ProviderError } from '../../adapters/http.ts';
import { toE164 } from '../../adapters/remote-signing.ts';
import { getAccount } from '../accounts/accounts.service.ts';
import { recordEventAlone } from '../signature-requests/audit-trail.service.ts';
import { actorOf, clientData, visibleRequest } from '../signature-requests/request-access.service.ts';
import { holdSigningLocks, releaseSigningLocks } from '../signature-requests/request-locks.service.ts';
import { commitSignatures, prepareDocuments, signedStatuses } from './signature-revisions.ts';
import {
  certificateChainOf,
  contextFor,
  signingAccount,
  lockTtlMs,
  qualifiedIdentity,
  signerKeyOf,
  trustServiceError,
  viaTrustService,
  type SigningContext,
} from './signing-context.ts';
import { smsLanguage } from './signing-labels.ts';
import { countCodeSent, countTanAnswer, tanAccepted } from './signing-limits.ts';
import * as repo from './signing.repository.ts';
import type { SignResult, SigningDeps } from './signing-deps.ts';

// Qualified signatures (QES) in two steps: the QTSP sends the signer a TAN by SMS, and the TAN
// releases the signature; or, for an account user with a registered Mobile ID, the QTSP asks their
// phone, and the approval releases it. Between the steps the prepared documents wait in a pending
// signing and the requests stay locked.

/** Where the code goes: the account's mobile number, or the one the visitor's slot was given. */
async function mobileOf(deps: SigningDeps, caller: Caller, me: SignerRow): Promise<string | null> {
  return caller.kind === 'user' ? (await getAccount(deps, caller.userId)).attributes.mobile : me.mobile;
}

/**
 * The caller's Mobile ID phone, when one is registered and confirmed: the QTSP asks it instead of
 * sending a code. Account users only (a visitor has no profile to register one in).
 */
async function registeredMobileId(deps: SigningDeps, caller: Caller): Promise<string | null> {
  if (caller.kind !== 'user') return null;
  const registration = await viaTrustService(deps.qtsp.mobileId(signerKeyOf(caller)));
  return registration?.status === 'REGISTERED' ? registration.mobile : null;
}

/**
 * QES step 1: enrol, prepare every document, and ask the QTSP to send the TAN (or to ask the Mobile
 * ID phone). Locks are kept.
 */
export async function startQualified(
  deps: SigningDeps,
  caller: Caller,
  contexts: SigningContext[],
  language: Language,
): Promise<SignResult> {
  const first = contexts[0]!;
  if (contexts.some((c) => c.request.legislation !== first.request.legislation))
    throw new AppError('VALIDATION_FAILED', 'Sign qualified requests of one legislation per batch.', {
      field: 'signatureRequests',
    });
  // Identified first: the certificate names the person the identification verified.
  const identity = await qualifiedIdentity(deps, caller, first);
  const mobileId = await registeredMobileId(deps, caller);
  const mobile = mobileId ?? (await mobileOf(deps, caller, first.me));
  if (!mobile)
    throw new AppError(
      'MOBILE_REQUIRED',
      'Qualified signatures send a code by SMS: add your mobile number first.',
      { field: 'mobile' },
    );
  const holder = randomUUID();
  const requestIds = contexts.map((c) => c.request.id);
  const signerKey = signerKeyOf(caller);
  await holdSigningLocks(deps, requestIds, holder, lockTtlMs.tan);
  try {
    await countCodeSent(deps.db, 'start', { signerKey, requestIds, mobile }, deps.clock.now());
    const enrolled = await viaTrustService(
      deps.qtsp.enrol({
        ...identity,
        mobile: toE164(mobile),
        quality: 'qes',
        legislation: first.request.legislation,
        language: smsLanguage(language),
        userID: signerKey,
      }),
    );
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
    const stepUp = await viaTrustService(
      deps.qtsp.startStepUp({
        credentialID: enrolled.credentialID,
        signer: signerKey,
        hashes: await Promise.all(
          items.map(async (i) => (await repo.loadPrepared(deps.blobs, i.prepared)).digestToSign),
        ),
        language: smsLanguage(language),
        ...(mobileId ? { secondFactor: 'mobile-id' as const } : {}),
      }),
    );
    await repo.insertPending(deps.db, {
      id: randomUUID(),
      signerKey,
      responseId: stepUp.responseId,
      credentialId: enrolled.credentialID,
      lockHolder: holder,
      items,
      language,
      createdAt: deps.clock.now(),
      expiresAt: new Date(deps.clock.now().getTime() + lockTtlMs.tan),
    });
    for (const context of contexts)
      await recordTanStep(deps, caller, [context.request.id], mobileId ? 'approval requested' : 'tan sent', {
        sid: context.me.id,
      });
    return {
      status: mobileId ? 'APPROVAL_REQUIRED' : 'TAN_REQUIRED',
      responseId: stepUp.responseId,
      signed: [],
    };
  } catch (error) {
    await releaseSigningLocks(deps.db, requestIds, holder);
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
    await recordEventAlone(deps, requestId, type, actorOf(caller), { ...data, ...clientData(caller) });
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
    if (status === 'DECLINED')
      return new AppError(
        'MOBILE_ID_DECLINED',
        'You declined this signing on your phone; nothing was signed.',
      );
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

/** The requests of a pending signing, each once, in the order of its items. */
const requestIdsOf = (pending: repo.PendingRow) => [...new Set(pending.items.map((i) => i.requestId))];

/** Ends a pending QES signing: nothing more can be answered, and its requests' locks are freed. */
async function endPending(deps: SigningDeps, pending: repo.PendingRow): Promise<void> {
  await repo.markPendingDone(deps.db, pending.id, deps.clock.now());
  await releaseSigningLocks(deps.db, requestIdsOf(pending), pending.lockHolder);
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
  return completeSigning(deps, caller, pending, state.SAD);
}

/**
 * QES with Mobile ID, asked again and again while the signer's phone has not answered: the approval
 * signs (as a TAN would), a decline or no answer in time ends the signing with nothing signed.
 */
export async function checkApproval(
  deps: SigningDeps,
  caller: Caller,
  responseId: string,
): Promise<SignResult> {
  const pending = await pendingFor(deps, caller, responseId);
  const state = await deps.qtsp.stepUpStatus(responseId).catch((error) => {
    throw tanError(error);
  });
  if (state.status === 'PENDING')
    return {
      // The signer went on by SMS code (resend): the code is what is waited for now.
      status: state.secondFactor === 'sms' ? 'TAN_REQUIRED' : 'APPROVAL_REQUIRED',
      responseId,
      signed: [],
    };
  if (state.status !== 'SUCCESS' || !state.SAD) {
    await endPending(deps, pending);
    const mapped = tanError(
      new ProviderError('remote signing service', 409, state.status, { status: state.status }),
    );
    await recordTanStep(deps, caller, requestIdsOf(pending), 'approval refused', { code: mapped.code });
    throw mapped;
  }
  return completeSigning(deps, caller, pending, state.SAD);
}

/**
 * The SAD releases the signature: the QTSP signs the prepared hashes; the signatures are committed.
 * Like the first step, it waits for this process's turn (signing-admission.ts): the hashes' signing
 * and the timestamps and revocation data of B-LT are the costly part of a qualified signature.
 */
function completeSigning(
  deps: SigningDeps,
  caller: Caller,
  pending: repo.PendingRow,
  sad: string,
): Promise<SignResult> {
  return deps.admission.run(() => signReleased(deps, caller, pending, sad));
}

async function signReleased(
  deps: SigningDeps,
  caller: Caller,
  pending: repo.PendingRow,
  sad: string,
): Promise<SignResult> {
  const responseId = pending.responseId;
  const prepared = await Promise.all(pending.items.map((i) => repo.loadPrepared(deps.blobs, i.prepared)));
  const values = await viaTrustService(
    deps.qtsp.signHashes(
      pending.credentialId,
      sad,
      prepared.map((p) => p.digestToSign),
    ),
  );
  const chain = [prepared[0]!.signerCertificate, ...prepared[0]!.certificateChain];
  const requestIds = requestIdsOf(pending);
  const account = await signingAccount(deps, caller);
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
        account,
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
    await releaseSigningLocks(deps.db, requestIds, pending.lockHolder);
  }
  return { status: 'SUCCESS', responseId, signed: await signedStatuses(deps, requestIds) };
}

export async function resendTan(
  deps: SigningDeps,
  caller: Caller,
  responseId: string,
): Promise<{ status: string; remainingAttempts: number }> {
  const pending = await pendingFor(deps, caller, responseId);
  const requestIds = requestIdsOf(pending);
  const { me } = await visibleRequest(deps, caller, requestIds[0]!);
  await countCodeSent(
    deps.db,
    'resend',
    { signerKey: pending.signerKey, requestIds, mobile: me ? await mobileOf(deps, caller, me) : null },
    deps.clock.now(),
  );
  const state = await deps.qtsp.resendStepUp(responseId).catch((error) => {
    throw tanError(error);
  });
  await recordTanStep(deps, caller, requestIds, 'tan resent');
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
