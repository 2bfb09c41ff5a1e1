import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/client.ts';
import type { JobRunner } from '../../jobs/queue.ts';
import { webhookDeliveryJobKind } from './webhook-delivery.service.ts';
import { makeAttemptsDue } from './webhooks.repository.ts';
import { businessWebhookEndpoints } from '@signet/contracts/endpoints/business-webhooks';
import { businessCaller } from '../../plugins/auth.ts';
import { registerEndpoints } from '../../plugins/endpoints.ts';
import type { WebhooksDeps } from './webhooks-deps.ts';
import * as webhooks from './webhook-endpoints.service.ts';

/** A business's webhook endpoints, their deliveries and the callback secret: its admins' to manage. */
export async function webhooksRoutes(app: FastifyInstance, deps: WebhooksDeps): Promise<void> {
  registerEndpoints(app, businessWebhookEndpoints, {
    listWebhooks: (request) => webhooks.listWebhooks(deps, businessCaller(request)),
    createWebhook: (request) => webhooks.createWebhook(deps, businessCaller(request), request.body),
    updateWebhook: (request) =>
      webhooks.updateWebhook(deps, businessCaller(request), request.params.webhookId, request.body),
    deleteWebhook: async (request) => {
      await webhooks.deleteWebhook(deps, businessCaller(request), request.params.webhookId);
    },
    rotateWebhookSecret: (request) =>
      webhooks.rotateWebhookSecret(deps, businessCaller(request), request.params.webhookId),
    listWebhookDeliveries: (request) =>
      webhooks.listDeliveries(deps, businessCaller(request), request.params.webhookId),
    resendWebhookDelivery: (request) =>
      webhooks.resendDelivery(
        deps,
        businessCaller(request),
        request.params.webhookId,
        request.params.deliveryId,
      ),
    rotateCallbackSecret: (request) => webhooks.rotateCallbackSecret(deps, businessCaller(request)),
  });
}

/**
 * Lets the end-to-end tests skip the waits between attempts: every waiting attempt becomes due now
 * and the job runner runs what is due. Registered only when NODE_ENV=test (404 otherwise), hidden
 * from the API's description.
 */
export async function webhooksTestRoutes(
  app: FastifyInstance,
  deps: { db: Db; clock: Clock; jobs: JobRunner },
): Promise<void> {
  app.withTypeProvider<ZodTypeProvider>().post('/test/webhooks/attempts-due', {
    config: { auth: 'public' },
    schema: { hide: true },
    handler: async () => {
      const due = await makeAttemptsDue(deps.db, webhookDeliveryJobKind, deps.clock.now());
      await deps.jobs.drain();
      return { due };
    },
  });
}
