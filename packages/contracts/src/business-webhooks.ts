import { z } from 'zod';
import { BusinessParams } from './businesses.ts';
import { CallbackUrl } from './signature-requests.ts';

/** The events a business's webhook endpoint may subscribe to. */
export const webhookEventTypes = [
  'request.sent',
  'request.viewed',
  'request.signed',
  'request.completed',
  'request.declined',
  'request.withdrawn',
  'request.expired',
  'identification.finished',
] as const;
export const WebhookEventType = z.enum(webhookEventTypes);
export type WebhookEventType = z.infer<typeof WebhookEventType>;

/** A webhook endpoint as the admins see it: never its secret. */
export const Webhook = z.object({
  id: z.string(),
  url: z.string(),
  description: z.string(),
  events: z.array(WebhookEventType),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type Webhook = z.infer<typeof Webhook>;

export const WebhookList = z.object({
  webhooks: z.array(Webhook),
  /** When the secret that signs the requests' callbacks was made (null: none yet, callbacks wait). */
  callbackSecretCreatedAt: z.iso.datetime().nullable(),
});

/** The answer of create and rotate: the only time the secret is shown. */
export const WebhookWithSecret = Webhook.extend({
  /** Shown once: the key of the `Signet-Signature` HMAC. Signet keeps it encrypted. */
  secret: z.string(),
});
export type WebhookWithSecret = z.infer<typeof WebhookWithSecret>;

export const CallbackSecret = z.object({ secret: z.string(), createdAt: z.iso.datetime() });
export type CallbackSecret = z.infer<typeof CallbackSecret>;

const Description = z.string().trim().max(200, 'At most 200 characters');
const Events = z
  .array(WebhookEventType)
  .min(1, 'Choose at least one event')
  .transform((events) => [...new Set(events)]);

export const CreateWebhookBody = z.strictObject({
  url: CallbackUrl,
  description: Description.default(''),
  events: Events,
});
export const UpdateWebhookBody = z.strictObject({
  url: CallbackUrl.optional(),
  description: Description.optional(),
  events: Events.optional(),
});

export const WebhookParams = BusinessParams.extend({ webhookId: z.uuid() });
export const WebhookDeliveryParams = WebhookParams.extend({ deliveryId: z.uuid() });

export const WebhookAttempt = z.object({
  attemptedAt: z.iso.datetime(),
  /** The receiver's HTTP status (null: no answer, see error). */
  statusCode: z.number().int().nullable(),
  error: z.string().nullable(),
  durationMs: z.number().int(),
  /** The start of the receiver's answer (at most 500 characters). */
  responseSnippet: z.string().nullable(),
  manual: z.boolean(),
});

export const WebhookDelivery = z.object({
  id: z.string(),
  eventId: z.string(),
  eventType: z.string(),
  requestId: z.string().nullable(),
  status: z.enum(['pending', 'delivered', 'failed']),
  attempts: z.array(WebhookAttempt),
  /** When the next scheduled attempt is due (null: delivered, or given up). */
  nextAttemptAt: z.iso.datetime().nullable(),
  createdAt: z.iso.datetime(),
  /** The JSON body as sent (no secrets, no document content). */
  body: z.string(),
});
export type WebhookDelivery = z.infer<typeof WebhookDelivery>;

export const WebhookDeliveryList = z.object({ deliveries: z.array(WebhookDelivery) });
