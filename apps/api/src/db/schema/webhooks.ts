import { boolean, index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { belongsTo, createdAt, entityId, instant, timestamps } from './columns.ts';
import { businesses } from './businesses.ts';

/**
 * A business's webhook endpoint: Signet POSTs the events it subscribes to there. The signing secret
 * is kept encrypted (AES-256-GCM under a key of the installation, sealed-secrets.ts): Signet needs
 * it back to sign every delivery, so a hash would not do.
 */
export const businessWebhooks = pgTable(
  'business_webhooks',
  {
    ...entityId,
    businessId: belongsTo('business_id', () => businesses.id),
    url: text('url').notNull(),
    description: text('description').notNull(),
    events: jsonb('events').$type<string[]>().notNull(),
    secretEncrypted: text('secret_encrypted').notNull(),
    ...timestamps,
  },
  (t) => [index('business_webhooks_business_idx').on(t.businessId)],
);

/**
 * The secret that signs the deliveries to the per-request callback URLs of a business's requests
 * (one per business, encrypted like an endpoint's).
 */
export const businessCallbackSecrets = pgTable('business_callback_secrets', {
  businessId: text('business_id')
    .primaryKey()
    .references(() => businesses.id, { onDelete: 'cascade' }),
  secretEncrypted: text('secret_encrypted').notNull(),
  ...createdAt,
});

/**
 * One event on its way to one receiver: a business endpoint (webhookId) or a request's callback URL
 * (webhookId null, kind success/update/error). The body is kept as the exact text that is signed.
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    ...entityId,
    /** The event's id (`Signet-Event-Id`): the same for every receiver of one event. */
    eventId: text('event_id').notNull(),
    businessId: belongsTo('business_id', () => businesses.id),
    webhookId: text('webhook_id').references(() => businessWebhooks.id, { onDelete: 'cascade' }),
    /** `webhook`, or the callback it goes to: `success`, `update`, `error`. */
    target: text('target', { enum: ['webhook', 'success', 'update', 'error'] }).notNull(),
    url: text('url').notNull(),
    eventType: text('event_type').notNull(),
    requestId: text('request_id'),
    body: text('body').notNull(),
    status: text('status', { enum: ['pending', 'delivered', 'failed'] }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: instant('next_attempt_at'),
    ...timestamps,
  },
  (t) => [
    index('webhook_deliveries_webhook_idx').on(t.webhookId, t.createdAt),
    uniqueIndex('webhook_deliveries_event_receiver_key').on(t.eventId, t.target, t.url),
  ],
);

/** Every attempt of a delivery: when, what came back (status or error), how long, a bounded snippet. */
export const webhookDeliveryAttempts = pgTable(
  'webhook_delivery_attempts',
  {
    ...entityId,
    deliveryId: belongsTo('delivery_id', () => webhookDeliveries.id),
    /** 1 for the first attempt of the delivery, and so on. */
    number: integer('number').notNull(),
    attemptedAt: instant('attempted_at').notNull(),
    statusCode: integer('status_code'),
    error: text('error'),
    durationMs: integer('duration_ms').notNull(),
    responseSnippet: text('response_snippet'),
    /** Sent by hand (re-send) rather than by the schedule. */
    manual: boolean('manual').notNull(),
  },
  (t) => [uniqueIndex('webhook_delivery_attempts_number_key').on(t.deliveryId, t.number)],
);
