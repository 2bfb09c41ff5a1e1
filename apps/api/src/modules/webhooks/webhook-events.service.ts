import { randomUUID } from 'node:crypto';
import type { WebhookEventType } from '@signet/contracts/business-webhooks';
import type { Db } from '../../db/client.ts';
import { queueAttempt } from './webhook-delivery.service.ts';
import * as repo from './webhooks.repository.ts';

/** The audit trail's event types that are webhook events, and which. */
const eventOfAudit: Readonly<Record<string, WebhookEventType>> = {
  initiated: 'request.sent',
  viewed: 'request.viewed',
  signed: 'request.signed',
  completed: 'request.completed',
  declined: 'request.declined',
  withdrawn: 'request.withdrawn',
  expired: 'request.expired',
  'identification finished': 'identification.finished',
};

/**
 * Which callbacks of the request an event goes to: every event to the update callback, completion
 * to the success callback, and the ends without completion (declined, withdrawn, expired) to the
 * error callback.
 */
function callbacksOf(type: WebhookEventType): Array<'success' | 'update' | 'error'> {
  const targets: Array<'success' | 'update' | 'error'> = ['update'];
  if (type === 'request.completed') targets.push('success');
  if (type === 'request.declined' || type === 'request.withdrawn' || type === 'request.expired')
    targets.push('error');
  return targets;
}

/** What the event says: identifiers and states only, never a secret or a document's content. */
function dataOf(requestId: string, status: string, audit: Record<string, unknown>) {
  return {
    requestId,
    status,
    ...(typeof audit.sid === 'string' ? { signerId: audit.sid } : {}),
    ...(typeof audit.identification_status === 'string'
      ? { identificationStatus: audit.identification_status }
      : {}),
  };
}

/**
 * Called with every audit event of a request, in its transaction (audit-trail.service.ts): when it
 * is a webhook event, one delivery per subscribed endpoint of the owner's business and per callback
 * URL of the request, each with its first attempt queued now. Nothing is sent inside the
 * transaction; a rolled-back change queues nothing.
 */
export async function queueWebhookEvents(
  db: Db,
  event: { requestId: string; auditType: string; data: Record<string, unknown>; at: Date },
): Promise<void> {
  const type = eventOfAudit[event.auditType];
  if (!type) return;
  const request = await repo.requestForEvents(db, event.requestId);
  const businessId = request?.businessId;
  if (!request || !businessId) return;
  const eventId = randomUUID();
  const body = JSON.stringify({
    id: eventId,
    type,
    createdAt: event.at.toISOString(),
    data: dataOf(event.requestId, request.status, event.data),
  });
  const callbackUrls = {
    success: request.successCallbackUrl,
    update: request.updateCallbackUrl,
    error: request.errorCallbackUrl,
  };
  const receivers = [
    ...(await repo.subscribedWebhooks(db, businessId, type)).map((w) => ({
      webhookId: w.id as string | null,
      target: 'webhook' as const,
      url: w.url,
    })),
    ...callbacksOf(type).flatMap((target) => {
      const url = callbackUrls[target];
      return url ? [{ webhookId: null, target, url }] : [];
    }),
  ];
  const rows = receivers.map((receiver) => ({
    id: randomUUID(),
    eventId,
    businessId,
    ...receiver,
    eventType: type,
    requestId: event.requestId,
    body,
    status: 'pending' as const,
    attempts: 0,
    nextAttemptAt: event.at,
    createdAt: event.at,
    updatedAt: event.at,
  }));
  await repo.insertDeliveries(db, rows);
  for (const row of rows) await queueAttempt(db, row.id, event.at);
}
