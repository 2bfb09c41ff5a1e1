import type { FastifyInstance } from 'fastify';
import { businessLifecycleEndpoints } from '@signet/contracts/endpoints/business-lifecycle';
import { businessCaller } from '../../plugins/auth.ts';
import { registerEndpoints } from '../../plugins/endpoints.ts';
import { revokeDeletion, scheduleDeletion, type DeletionDeps } from './business-deletion.service.ts';
import * as lifecycle from './business-lifecycle.service.ts';

/** The business's plan, billing data, seats and deletion; for its admins (the auth plugin checks it). */
export async function businessLifecycleRoutes(app: FastifyInstance, deps: DeletionDeps): Promise<void> {
  registerEndpoints(app, businessLifecycleEndpoints, {
    getLifecycle: (request) => lifecycle.lifecycleOf(deps, businessCaller(request).businessId),
    deleteBusiness: (request) => scheduleDeletion(deps, businessCaller(request)),
    revokeDeletion: (request) => revokeDeletion(deps, businessCaller(request)),
    cancelTrial: (request) => lifecycle.cancelTrial(deps, businessCaller(request)),
    updateBilling: (request) => lifecycle.updateBilling(deps, businessCaller(request), request.body),
    updateBase: (request) => lifecycle.updateBase(deps, businessCaller(request), request.body),
  });
}
