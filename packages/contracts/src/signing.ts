import { z } from 'zod';
import { Language } from './common.ts';
import { RequestStatus } from './signature-requests.ts';

/** Spec §3 Signing batch item. */
export const SigningBatchItem = z.strictObject({
  id: z.uuid(),
  signingName: z.string().trim().max(100).optional(),
  signingReason: z.string().trim().max(200).optional(),
});
export const SignBody = z.strictObject({
  signatureRequests: z.array(SigningBatchItem).min(1).max(50),
  language: Language.default('en-gb'),
  /** Part 11: the signer's password, re-entered. */
  password: z.string().max(128).optional(),
  /** A TAN already received (QES); usually given through respond instead. */
  tan: z.string().max(20).optional(),
  sealAccountName: z.string().max(100).optional(),
});
export const SignResult = z.object({
  /**
   * QES: TAN_REQUIRED when a code was sent by SMS; APPROVAL_REQUIRED while the signer's Mobile ID
   * phone is asked (check the approval; resend goes on with an SMS code instead).
   */
  status: z.enum(['SUCCESS', 'TAN_REQUIRED', 'APPROVAL_REQUIRED']),
  /** For QES: the step-up to answer with the TAN or the approval (respond/check/resend/cancel). */
  responseId: z.string().nullable(),
  signed: z.array(z.object({ id: z.string(), status_overall: RequestStatus })),
});
export type SignResult = z.infer<typeof SignResult>;

/** The code from the SMS, as the signer typed it. */
const Tan = z.string().trim().min(4).max(20);
/** A pending QES signing, named by the step-up id that POST /v3/sign answered with TAN_REQUIRED. */
export const ResponseIdParams = z.strictObject({ id: z.uuid() });
export const TanRespondBody = z.strictObject({ secret: Tan });
/** The same answer from the one-time password form (field name `pwdotp`). */
export const TanFormBody = z.strictObject({ pwdotp: Tan });
/** A visitor names the pending signing in the body: their calls have no path parameter. */
export const VisitorTanBody = z.strictObject({ responseId: z.uuid(), secret: Tan });
export const VisitorPendingSigningBody = z.strictObject({ responseId: z.uuid() });
/** After a new code was sent: the step-up's state and the attempts left. */
export const TanState = z.object({ status: z.string(), remainingAttempts: z.number().int() });
