import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { BusinessParams } from '@signet/contracts/businesses';
import { businessLifecycleEndpoints } from '@signet/contracts/endpoints/business-lifecycle';
import { businessCaller } from '../../plugins/auth.ts';
import { registerEndpoints } from '../../plugins/endpoints.ts';
import {
  endGracePeriodForTests,
  revokeDeletion,
  scheduleDeletion,
  type DeletionDeps,
} from './business-deletion.service.ts';
import * as lifecycle from './business-lifecycle.service.ts';

/** The business's plan, billing data, seats and deletion; for its admins (the auth plugin checks it). */
export async function businessLifecycleRoutes(
  app: FastifyInstance,
  deps: DeletionDeps & { env: string },
): Promise<void> {
  registerEndpoints(app, businessLifecycleEndpoints, {
    getLifecycle: (request) => lifecycle.lifecycleOf(deps, businessCaller(request).businessId),
    deleteBusiness: (request) => scheduleDeletion(deps, businessCaller(request)),
    revokeDeletion: (request) => revokeDeletion(deps, businessCaller(request)),
    cancelTrial: (request) => lifecycle.cancelTrial(deps, businessCaller(request)),
    updateBilling: (request) => lifecycle.updateBilling(deps, businessCaller(request), request.body),
    updateBase: (request) => lifecycle.updateBase(deps, businessCaller(request), request.body),
  });

  if (deps.env === 'test') registerDeletionForTests(app, deps);
}

/**
 * Lets the end-to-end tests end a scheduled deletion's grace period now, so that the real job
 * carries it out; registered only when NODE_ENV=test, hidden from the API's description.
 */
function registerDeletionForTests(app: FastifyInstance, deps: DeletionDeps): void {
  app.withTypeProvider<ZodTypeProvider>().post('/test/businesses/:businessId/deletion-due', {
    config: { auth: 'public' },
    schema: { hide: true, params: BusinessParams },
    handler: async (request, reply) => {
      const found = await endGracePeriodForTests(deps, request.params.businessId);
      return reply.status(found ? 204 : 404).send();
    },
  });
}
