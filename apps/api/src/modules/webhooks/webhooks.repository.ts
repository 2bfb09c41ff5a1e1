import { and, asc, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { jobs } from '../../db/schema/platform.ts';
import { firstRow } from '../../db/schema/rows.ts';
import { signatureRequests } from '../../db/schema/signature-requests.ts';
import { actingBusinessIdOf } from '../businesses/businesses.service.ts';
import {
  businessCallbackSecrets,
  businessWebhooks,
  webhookDeliveries,
  webhookDeliveryAttempts,
} from '../../db/schema/webhooks.ts';

export type WebhookRow = typeof businessWebhooks.$inferSelect;
export type DeliveryRow = typeof webhookDeliveries.$inferSelect;
export type AttemptRow = typeof webhookDeliveryAttempts.$inferSelect;

const ofBusiness = (businessId: string, id: string) =>
  and(eq(businessWebhooks.businessId, businessId), eq(businessWebhooks.id, id));

export function listWebhooks(db: Db, businessId: string): Promise<WebhookRow[]> {
  return db
    .select()
    .from(businessWebhooks)
    .where(eq(businessWebhooks.businessId, businessId))
    .orderBy(asc(businessWebhooks.createdAt), asc(businessWebhooks.id));
}

export function findWebhook(db: Db, businessId: string, id: string): Promise<WebhookRow | null> {
  return firstRow(db, businessWebhooks, ofBusiness(businessId, id));
}

export function findWebhookById(db: Db, id: string): Promise<WebhookRow | null> {
  return firstRow(db, businessWebhooks, eq(businessWebhooks.id, id));
}

export async function insertWebhook(db: Db, row: typeof businessWebhooks.$inferInsert): Promise<WebhookRow> {
  const rows = await db.insert(businessWebhooks).values(row).returning();
  return rows[0]!;
}

export async function updateWebhook(
  db: Db,
  businessId: string,
  id: string,
  changes: Partial<Pick<WebhookRow, 'url' | 'description' | 'events' | 'secretEncrypted' | 'updatedAt'>>,
): Promise<WebhookRow | null> {
  const rows = await db.update(businessWebhooks).set(changes).where(ofBusiness(businessId, id)).returning();
  return rows[0] ?? null;
}

export async function deleteWebhook(db: Db, businessId: string, id: string): Promise<boolean> {
  const rows = await db
    .delete(businessWebhooks)
    .where(ofBusiness(businessId, id))
    .returning({ id: businessWebhooks.id });
  return rows.length > 0;
}

/** The business's endpoints subscribed to this event. */
export function subscribedWebhooks(db: Db, businessId: string, eventType: string): Promise<WebhookRow[]> {
  return db
    .select()
    .from(businessWebhooks)
    .where(
      and(
        eq(businessWebhooks.businessId, businessId),
        sql`${businessWebhooks.events} @> ${JSON.stringify([eventType])}::jsonb`,
      ),
    );
}

export function findCallbackSecret(db: Db, businessId: string) {
  return firstRow(db, businessCallbackSecrets, eq(businessCallbackSecrets.businessId, businessId));
}

export async function putCallbackSecret(
  db: Db,
  row: typeof businessCallbackSecrets.$inferInsert,
): Promise<void> {
  await db
    .insert(businessCallbackSecrets)
    .values(row)
    .onConflictDoUpdate({
      target: businessCallbackSecrets.businessId,
      set: { secretEncrypted: row.secretEncrypted, createdAt: row.createdAt },
    });
}

/** What an event of a request needs to know about it: owner's business, status and callback URLs. */
export async function requestForEvents(db: Db, requestId: string) {
  const rows = await db
    .select({
      ownerId: signatureRequests.ownerId,
      status: signatureRequests.status,
      successCallbackUrl: signatureRequests.successCallbackUrl,
      updateCallbackUrl: signatureRequests.updateCallbackUrl,
      errorCallbackUrl: signatureRequests.errorCallbackUrl,
      /** The business the owner acts for (null: none, and then the request has no webhooks). */
      businessId: actingBusinessIdOf(signatureRequests.ownerId),
    })
    .from(signatureRequests)
    .where(eq(signatureRequests.id, requestId))
    .limit(1);
  return rows[0] ?? null;
}

export async function insertDeliveries(
  db: Db,
  rows: Array<typeof webhookDeliveries.$inferInsert>,
): Promise<void> {
  if (rows.length > 0) await db.insert(webhookDeliveries).values(rows).onConflictDoNothing();
}

export function findDelivery(db: Db, id: string): Promise<DeliveryRow | null> {
  return firstRow(db, webhookDeliveries, eq(webhookDeliveries.id, id));
}

export function findDeliveryOf(db: Db, webhookId: string, id: string): Promise<DeliveryRow | null> {
  return firstRow(
    db,
    webhookDeliveries,
    and(eq(webhookDeliveries.webhookId, webhookId), eq(webhookDeliveries.id, id)),
  );
}

export async function updateDelivery(
  db: Db,
  id: string,
  changes: Partial<Pick<DeliveryRow, 'status' | 'attempts' | 'nextAttemptAt' | 'updatedAt'>>,
): Promise<void> {
  await db.update(webhookDeliveries).set(changes).where(eq(webhookDeliveries.id, id));
}

export function latestDeliveries(db: Db, webhookId: string, limit: number): Promise<DeliveryRow[]> {
  return db
    .select()
    .from(webhookDeliveries)
    .where(eq(webhookDeliveries.webhookId, webhookId))
    .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id))
    .limit(limit);
}

export async function insertAttempt(db: Db, row: typeof webhookDeliveryAttempts.$inferInsert): Promise<void> {
  await db.insert(webhookDeliveryAttempts).values(row);
}

export function attemptsOf(db: Db, deliveryIds: string[]): Promise<AttemptRow[]> {
  if (deliveryIds.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(webhookDeliveryAttempts)
    .where(inArray(webhookDeliveryAttempts.deliveryId, deliveryIds))
    .orderBy(asc(webhookDeliveryAttempts.deliveryId), asc(webhookDeliveryAttempts.number));
}

/** How many attempts of the delivery the schedule made (re-sends by hand not counted). */
export async function scheduledAttemptCount(db: Db, deliveryId: string): Promise<number> {
  const rows = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(webhookDeliveryAttempts)
    .where(
      and(eq(webhookDeliveryAttempts.deliveryId, deliveryId), eq(webhookDeliveryAttempts.manual, false)),
    );
  return Number(rows[0]?.count ?? 0);
}

/** Test-only: every waiting delivery attempt becomes due now (the end-to-end tests skip the waits). */
export async function makeAttemptsDue(db: Db, kind: string, now: Date): Promise<number> {
  const rows = await db
    .update(jobs)
    .set({ runAt: now })
    .where(and(eq(jobs.kind, kind), isNull(jobs.doneAt), isNull(jobs.failedAt)))
    .returning({ id: jobs.id });
  await db
    .update(webhookDeliveries)
    .set({ nextAttemptAt: now })
    .where(eq(webhookDeliveries.status, 'pending'));
  return rows.length;
}
