import { z } from 'zod';
import { Legislation, VerifiedPerson } from './common.ts';

/**
 * Identification (spec §3 Identification state, §4 status map, §7 Identification): a person proves
 * who they are to an identification provider, by video or self-service, so that they may sign at
 * QES (and AES) under one legislation. Signet keeps the provider's evidence; the qualities a person
 * may sign with come from it.
 */

/** The providers and methods of spec §7's paths. */
export const identificationProviders = ['srs', 'intrum'] as const;
export const IdentificationProvider = z.enum(identificationProviders);
export type IdentificationProvider = z.infer<typeof IdentificationProvider>;
export const identificationMethods = ['video', 'robo', 'autoident'] as const;
export const IdentificationMethod = z.enum(identificationMethods);
export type IdentificationMethod = z.infer<typeof IdentificationMethod>;

/**
 * What each provider offers, and for which legislation (spec §3 Identification state: eIDAS by
 * video or self-service, ZertES by video or automatic identification). `robo` is eIDAS
 * self-service, `autoident` ZertES automatic identification; a pair not listed is not offered.
 */
export const identificationOffers = {
  srs: { video: { legislation: 'eidas', kind: 'video' }, robo: { legislation: 'eidas', kind: 'self' } },
  intrum: {
    video: { legislation: 'zertes', kind: 'video' },
    autoident: { legislation: 'zertes', kind: 'auto' },
  },
} as const satisfies Record<
  IdentificationProvider,
  Partial<Record<IdentificationMethod, { legislation: Legislation; kind: IdentificationKind }>>
>;

/** The spec's names of the ways to identify, per legislation (its pages eidas/self, zertes/auto, …). */
export type IdentificationKind = 'video' | 'self' | 'auto';

/** The offer of a provider and method, or undefined when the provider does not offer that method. */
export function identificationOffer(
  provider: IdentificationProvider,
  method: IdentificationMethod,
): { legislation: Legislation; kind: IdentificationKind } | undefined {
  const offers: Partial<
    Record<IdentificationMethod, { legislation: Legislation; kind: IdentificationKind }>
  > = identificationOffers[provider];
  return offers[method];
}

/** The provider and method of an identification kind under a legislation (the pages' way back). */
export function offerFor(
  legislation: Legislation,
  kind: IdentificationKind,
): { provider: IdentificationProvider; method: IdentificationMethod } | undefined {
  for (const provider of identificationProviders)
    for (const method of identificationMethods) {
      const offer = identificationOffer(provider, method);
      if (offer?.legislation === legislation && offer.kind === kind) return { provider, method };
    }
  return undefined;
}

/** The path of every identification call: a provider and one of the methods it offers. */
export const IdentificationParams = z
  .strictObject({ provider: IdentificationProvider, method: IdentificationMethod })
  .refine((p) => identificationOffer(p.provider, p.method) !== undefined, {
    message: 'This provider does not offer this method (srs: video, robo; intrum: video, autoident)',
    path: ['method'],
  });

/** Spec §4's identification status map: the provider's statuses as the product shows them. */
export const identificationStatuses = ['initialized', 'inprogress', 'activatingQES', 'failure'] as const;
export const IdentificationStatus = z.enum(identificationStatuses);
export type IdentificationStatus = z.infer<typeof IdentificationStatus>;

/**
 * Why an identification did not unlock anything (status failure): the provider failed it, the person
 * abandoned or cancelled it, it expired unfinished, or the provider verified someone whose name
 * differs from the account's (or the visitor's) name.
 */
export const IdentificationFailureReason = z.enum([
  'failed',
  'abandoned',
  'cancelled',
  'expired',
  'nameMismatch',
]);
export type IdentificationFailureReason = z.infer<typeof IdentificationFailureReason>;

/** What the provider verified, shown to the identified person only: the person and their document. */
export const VerifiedIdentity = VerifiedPerson.extend({
  documentType: z.string(),
  /** ISO date, YYYY-MM-DD. */
  documentExpiry: z.string(),
});
export type VerifiedIdentity = z.infer<typeof VerifiedIdentity>;

/**
 * One identification's state (GET, POST and the status call). `status` is null when the caller has
 * not started one with this provider and method; `url` is where to continue it (the provider's
 * page) while it is initialized or in progress, otherwise null.
 */
export const IdentificationState = z.object({
  id: z.string().nullable(),
  provider: IdentificationProvider,
  method: IdentificationMethod,
  legislation: Legislation,
  status: IdentificationStatus.nullable(),
  url: z.string().nullable(),
  failureReason: IdentificationFailureReason.nullable(),
  /** The request the person identifies for; after the provider they come back to it. */
  signatureRequestId: z.string().nullable(),
  verified: VerifiedIdentity.nullable(),
  updatedAt: z.string().nullable(),
});
export type IdentificationState = z.infer<typeof IdentificationState>;

/**
 * POST: start (or resume the ongoing) identification, optionally for one signature request; the body
 * may be left out. The provider's page sends the person back to the identification page of the
 * legislation and way (`/profile/signature-standards/{legislation}/{video|self|auto}`, for a
 * visitor `/direct-sign/identification/…`) with `?identification={id}` and `&sr={request}`.
 */
export const StartIdentificationBody = z
  .strictObject({ signatureRequestId: z.uuid().optional() })
  .nullish()
  .transform((body) => body ?? {});

/** The status call: one identification by its id (someone else's is not found). */
export const IdentificationIdParams = z.strictObject({ id: z.uuid() });

/** GET …/identification/payment/{id}: whether someone pays the identification for this request. */
export const IdentificationPaymentParams = z.strictObject({ id: z.uuid() });
export const IdentificationPayment = z.object({ covered: z.boolean() });

/** Spec §3 Identification state: per legislation and way, the status and URL of the latest one. */
const OverviewEntry = z.object({
  status: IdentificationStatus.nullable(),
  url: z.string().nullable(),
  failureReason: IdentificationFailureReason.nullable(),
});
export const IdentificationOverview = z.object({
  eidas: z.object({ video: OverviewEntry, self: OverviewEntry }),
  zertes: z.object({ video: OverviewEntry, auto: OverviewEntry }),
});
export type IdentificationOverview = z.infer<typeof IdentificationOverview>;

/**
 * The event an identification provider posts to Signet when a session changes. The request carries
 * `Ident-Timestamp` (Unix seconds) and `Ident-Signature` (`v1=` and the hex HMAC-SHA256 of
 * `{timestamp}.{raw body}` under the shared webhook key); Signet refuses it unless the signature is
 * right, the timestamp within 5 minutes and the event id new. Signet then asks the provider's status
 * call for the session's outcome: the event says only that something changed.
 */
export const IdentificationWebhookEvent = z.strictObject({
  id: z.string().regex(/^[\w-]{8,100}$/),
  type: z.literal('session.updated'),
  sessionId: z.string().regex(/^[\w-]{8,100}$/),
});
export const identificationWebhookHeaders = {
  timestamp: 'ident-timestamp',
  signature: 'ident-signature',
} as const;
/** How far a webhook's timestamp may lie from Signet's clock. */
export const identificationWebhookToleranceSeconds = 300;
