import { randomUUID } from 'node:crypto';
import type {
  CallbackSecret,
  Webhook,
  WebhookDelivery,
  WebhookEventType,
  WebhookWithSecret,
} from '@signet/contracts/business-webhooks';
import { AppError } from '../../errors.ts';
import type { BusinessMembership } from '../../plugins/auth.ts';
import { configurationProblem } from '../../adapters/outbound-addresses.ts';
import { queueAttempt } from './webhook-delivery.service.ts';
import { generateWebhookSecret } from './webhook-secrets.ts';
import type { WebhooksDeps } from './webhooks-deps.ts';
import * as repo from './webhooks.repository.ts';

type Admin = Pick<BusinessMembership, 'businessId'>;

function toDto(row: repo.WebhookRow): Webhook {
  return {
    id: row.id,
    url: row.url,
    description: row.description,
    events: row.events as WebhookEventType[],
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

const notFound = () => new AppError('NOT_FOUND', 'No such webhook.');

/**
 * Refuses, at configuration, a webhook or callback URL that names a private address outright (a
 * host name is checked after resolution at each attempt, where a refusal is logged).
 */
export function checkWebhookUrl(allowPrivate: boolean, url: string, field: string): void {
  const problem = configurationProblem(url, allowPrivate);
  if (problem) throw new AppError('WEBHOOK_URL_REFUSED', `${field}: may not go to ${problem}.`, { field });
}

const checkUrl = (deps: WebhooksDeps, url: string) => checkWebhookUrl(deps.limits.allowPrivate, url, 'url');

export async function listWebhooks(deps: WebhooksDeps, caller: Admin) {
  const [rows, callback] = await Promise.all([
    repo.listWebhooks(deps.db, caller.businessId),
    repo.findCallbackSecret(deps.db, caller.businessId),
  ]);
  return { webhooks: rows.map(toDto), callbackSecretCreatedAt: callback?.createdAt.toISOString() ?? null };
}

export async function createWebhook(
  deps: WebhooksDeps,
  caller: Admin,
  input: { url: string; description: string; events: WebhookEventType[] },
): Promise<WebhookWithSecret> {
  checkUrl(deps, input.url);
  const secret = generateWebhookSecret();
  const now = deps.clock.now();
  const row = await repo.insertWebhook(deps.db, {
    id: randomUUID(),
    businessId: caller.businessId,
    url: input.url,
    description: input.description,
    events: input.events,
    secretEncrypted: deps.secrets.seal(secret),
    createdAt: now,
    updatedAt: now,
  });
  return { ...toDto(row), secret };
}

export async function updateWebhook(
  deps: WebhooksDeps,
  caller: Admin,
  id: string,
  input: { url?: string; description?: string; events?: WebhookEventType[] },
): Promise<Webhook> {
  if (input.url !== undefined) checkUrl(deps, input.url);
  const row = await repo.updateWebhook(deps.db, caller.businessId, id, {
    ...input,
    updatedAt: deps.clock.now(),
  });
  if (!row) throw notFound();
  return toDto(row);
}

export async function deleteWebhook(deps: WebhooksDeps, caller: Admin, id: string): Promise<void> {
  if (!(await repo.deleteWebhook(deps.db, caller.businessId, id))) throw notFound();
}

/** A new secret; deliveries are signed with it from the next attempt on (the old one is gone). */
export async function rotateWebhookSecret(
  deps: WebhooksDeps,
  caller: Admin,
  id: string,
): Promise<WebhookWithSecret> {
  const secret = generateWebhookSecret();
  const row = await repo.updateWebhook(deps.db, caller.businessId, id, {
    secretEncrypted: deps.secrets.seal(secret),
    updatedAt: deps.clock.now(),
  });
  if (!row) throw notFound();
  return { ...toDto(row), secret };
}

/** Makes or replaces the business's callback secret; shown this once. */
export async function rotateCallbackSecret(deps: WebhooksDeps, caller: Admin): Promise<CallbackSecret> {
  const secret = generateWebhookSecret();
  const createdAt = deps.clock.now();
  await repo.putCallbackSecret(deps.db, {
    businessId: caller.businessId,
    secretEncrypted: deps.secrets.seal(secret),
    createdAt,
  });
  return { secret, createdAt: createdAt.toISOString() };
}

const deliveriesShown = 50;

async function deliveryDtos(deps: WebhooksDeps, rows: repo.DeliveryRow[]): Promise<WebhookDelivery[]> {
  const attempts = await repo.attemptsOf(
    deps.db,
    rows.map((r) => r.id),
  );
  return rows.map((row) => ({
    id: row.id,
    eventId: row.eventId,
    eventType: row.eventType,
    requestId: row.requestId,
    status: row.status,
    nextAttemptAt: row.status === 'pending' ? (row.nextAttemptAt?.toISOString() ?? null) : null,
    createdAt: row.createdAt.toISOString(),
    body: row.body,
    attempts: attempts
      .filter((a) => a.deliveryId === row.id)
      .map((a) => ({
        attemptedAt: a.attemptedAt.toISOString(),
        statusCode: a.statusCode,
        error: a.error,
        durationMs: a.durationMs,
        responseSnippet: a.responseSnippet,
        manual: a.manual,
      })),
  }));
}

async function requireWebhook(deps: WebhooksDeps, caller: Admin, id: string): Promise<repo.WebhookRow> {
  const row = await repo.findWebhook(deps.db, caller.businessId, id);
  if (!row) throw notFound();
  return row;
}

export async function listDeliveries(deps: WebhooksDeps, caller: Admin, webhookId: string) {
  await requireWebhook(deps, caller, webhookId);
  return {
    deliveries: await deliveryDtos(deps, await repo.latestDeliveries(deps.db, webhookId, deliveriesShown)),
  };
}

/** Queues an attempt by hand, now; the answer is the delivery as it stands (the attempt follows). */
export async function resendDelivery(
  deps: WebhooksDeps,
  caller: Admin,
  webhookId: string,
  deliveryId: string,
): Promise<WebhookDelivery> {
  await requireWebhook(deps, caller, webhookId);
  const row = await repo.findDeliveryOf(deps.db, webhookId, deliveryId);
  if (!row) throw new AppError('NOT_FOUND', 'No such delivery.');
  await queueAttempt(deps.db, row.id, deps.clock.now(), true);
  return (await deliveryDtos(deps, [row]))[0]!;
}
