import type { z } from 'zod';
import type { SignBody } from '@signet/contracts/signing';
import { AppError } from '../../errors.ts';
import type { Caller } from '../../plugins/auth.ts';
import { verifyPassword } from '../accounts/accounts.service.ts';
import type { SignResult, SigningDeps } from './signing-deps.ts';
import { startQualified } from './qes-step-up.service.ts';
import { sealFor, signWithSeal } from './seal-signing.service.ts';
import { commitSignatures, signEach, signImplicitly } from './signature-revisions.ts';
import {
  checkFreeSignatures,
  contextFor,
  signerKeyOf,
  signingAccount,
  withKeptCredential,
  type SigningContext,
} from './signing-context.ts';
import { personalCredential } from './signer-credentials.ts';

// Signing a batch of requests: checks, then one of three ways. A person's own certificate at once
// (SES, AES, Part 11: here), a qualified signature after a TAN (qes-step-up.service.ts), or a
// business seal (seal-signing.service.ts). signature-revisions.ts writes the signatures.

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

/**
 * Signs a batch. SES, AES and Part 11 sign at once with the signer's own AES credential for the
 * legislation (an account's kept while valid: signer-credentials.ts); QES enrols an on-demand certificate for the signer and needs the TAN sent by SMS,
 * answered through respondTan. One incremental revision per signature; signing order enforced.
 */
export async function sign(
  deps: SigningDeps,
  caller: Caller,
  body: z.infer<typeof SignBody>,
): Promise<SignResult> {
  // An API user is no person: it signs with a seal it was given, never with a signature of its own.
  if (caller.kind === 'user' && caller.apiUserId && body.sealAccountName === undefined)
    throw new AppError('SEAL_NOT_ALLOWED', 'An API user signs with a seal only: give sealAccountName.', {
      field: 'sealAccountName',
    });
  // The seal first: who may not use it learns nothing about the requests.
  const seal = body.sealAccountName === undefined ? null : await sealFor(deps, caller, body.sealAccountName);
  const account = await signingAccount(deps, caller);
  const contexts: SigningContext[] = [];
  for (const item of body.signatureRequests)
    contexts.push(await contextFor(deps, caller, item, body.language, account));
  // The trust services' part waits for this process's turn (signing-admission.ts); checks do not.
  if (seal) return deps.admission.run(() => signWithSeal(deps, contexts, seal));
  const qes = contexts.filter((c) => c.quality === 'qes');
  if (qes.length > 0 && qes.length < contexts.length)
    throw new AppError('VALIDATION_FAILED', 'Sign qualified (QES) requests in a batch of their own.', {
      field: 'signatureRequests',
    });
  for (const context of contexts) await checkPart11(deps, context, body.password);
  // Every refusal above and here comes before the first call to a trust service.
  checkFreeSignatures(contexts);
  if (qes.length > 0) return deps.admission.run(() => startQualified(deps, caller, contexts, body.language));

  return deps.admission.run(() =>
    signEach(deps, contexts, async (context) => {
      // Every signer signs with a certificate in their own name; Signet authenticated them, so the
      // QTSP authorizes it on Signet's word (implicit) — no SMS code below QES.
      const signer = signerKeyOf(caller);
      const done = await withKeptCredential(async (renew) =>
        signImplicitly(deps, context, await personalCredential(deps, caller, context, renew), signer),
      );
      await commitSignatures(deps, context, done.preparedDocs, done.values, done.chain);
    }),
  );
}
