import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { enqueueJob } from '../../jobs/queue.ts';
import { postWebhook } from './webhook-http.ts';
import { signatureHeader } from './webhook-secrets.ts';
import type { WebhooksDeps } from './webhooks-deps.ts';
import * as repo from './webhooks.repository.ts';

export const webhookDeliveryJobKind = 'webhook-delivery';

const minute = 60_000;
const hour = 60 * minute;
/**
 * The waits after each failed attempt: 1 min, 5 min, 30 min, 2 h, 6 h, 16 h. Seven attempts in all,
 * the last about 24.5 hours after the first; then the delivery is given up (an admin may re-send it).
 */
export const retryDelaysMs = [minute, 5 * minute, 30 * minute, 2 * hour, 6 * hour, 16 * hour] as const;

/** Queues one attempt of a delivery (in the caller's transaction when `db` is one). */
export async function queueAttempt(db: Db, deliveryId: string, runAt: Date, manual = false): Promise<void> {
  await enqueueJob(db, { kind: webhookDeliveryJobKind, payload: { deliveryId, manual }, runAt });
}

/** The secret that signs this delivery: its endpoint's, or the business's callback secret. */
async function secretFor(deps: WebhooksDeps, delivery: repo.DeliveryRow): Promise<string | null> {
  if (delivery.webhookId) {
    const webhook = await repo.findWebhookById(deps.db, delivery.webhookId);
    return webhook ? deps.secrets.open(webhook.secretEncrypted) : null;
  }
  const callback = await repo.findCallbackSecret(deps.db, delivery.businessId);
  return callback ? deps.secrets.open(callback.secretEncrypted) : null;
}

/**
 * The job: one attempt of one delivery. It never throws for the receiver's failures (the job
 * queue's own retries would multiply attempts): it logs the attempt and schedules the next one on
 * the webhook schedule, or gives up after the last. A manual attempt (re-send) that fails leaves the
 * schedule as it was.
 */
export async function attemptDelivery(
  deps: WebhooksDeps & { log: FastifyBaseLogger },
  payload: Record<string, unknown>,
): Promise<void> {
  const { deliveryId, manual } = payload as { deliveryId: string; manual?: boolean };
  const delivery = await repo.findDelivery(deps.db, deliveryId);
  // Delivered meanwhile (a re-send won), or its endpoint deleted with it: nothing to do.
  if (!delivery || (delivery.status !== 'pending' && !manual)) return;
  const secret = await secretFor(deps, delivery);
  const now = deps.clock.now();
  const outcome = secret
    ? await postWebhook(
        delivery.url,
        delivery.body,
        {
          'user-agent': 'Signet-Webhooks/1',
          'signet-event-id': delivery.eventId,
          'signet-signature': signatureHeader(secret, delivery.body, now),
        },
        deps.limits,
      )
    : {
        statusCode: null,
        error: 'no callback secret: an admin makes one on the developers page',
        durationMs: 0,
        snippet: null,
      };
  const delivered =
    outcome.error === null &&
    outcome.statusCode !== null &&
    outcome.statusCode < 300 &&
    outcome.statusCode >= 200;
  const number = delivery.attempts + 1;
  // The schedule counts its own attempts: re-sends by hand neither advance nor shorten it.
  const retryIn = manual ? undefined : retryDelaysMs[await repo.scheduledAttemptCount(deps.db, deliveryId)];
  await deps.db.transaction(async (tx) => {
    await repo.insertAttempt(tx, {
      id: randomUUID(),
      deliveryId,
      number,
      attemptedAt: now,
      statusCode: outcome.statusCode,
      error: outcome.error,
      durationMs: outcome.durationMs,
      responseSnippet: outcome.snippet,
      manual: Boolean(manual),
    });
    if (delivered) {
      await repo.updateDelivery(tx, deliveryId, {
        status: 'delivered',
        attempts: number,
        nextAttemptAt: null,
        updatedAt: now,
      });
      return;
    }
    if (manual) {
      await repo.updateDelivery(tx, deliveryId, { attempts: number, updatedAt: now });
      return;
    }
    if (retryIn === undefined) {
      await repo.updateDelivery(tx, deliveryId, {
        status: 'failed',
        attempts: number,
        nextAttemptAt: null,
        updatedAt: now,
      });
      return;
    }
    const next = new Date(now.getTime() + retryIn);
    await repo.updateDelivery(tx, deliveryId, { attempts: number, nextAttemptAt: next, updatedAt: now });
    await queueAttempt(tx, deliveryId, next);
  });
  deps.log.info(
    {
      deliveryId,
      eventType: delivery.eventType,
      status: outcome.statusCode,
      error: outcome.error,
      attempt: number,
    },
    delivered ? 'webhook delivered' : 'webhook attempt failed',
  );
}
