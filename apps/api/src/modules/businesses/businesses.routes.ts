import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { BusinessParams, type BusinessRole } from '@signet/contracts/businesses';
import { businessEndpoints } from '@signet/contracts/endpoints/businesses';
import { businessCaller, userCaller } from '../../plugins/auth.ts';
import { registerEndpoints, type EndpointRequest } from '../../plugins/endpoints.ts';
import type { BusinessesDeps } from './business-caller.ts';
import { leaveBusiness } from './business-leaving.service.ts';
import * as businesses from './businesses.service.ts';

/**
 * Businesses and their people (spec §7 Business; seals: business-seals.routes.ts). Routes naming a business
 * (`:businessId`) are for that business's members or admins only; the auth plugin checks it.
 */
export async function businessesRoutes(
  app: FastifyInstance,
  deps: BusinessesDeps & { env: string },
): Promise<void> {
  /** change-to-admins and change-to-members: the same change, to another role. */
  const changeRoleTo =
    (role: BusinessRole) =>
    async (request: EndpointRequest<typeof businessEndpoints.makeAdmins>): Promise<void> => {
      await businesses.changeRole(deps, businessCaller(request), request.body.user_ids, role);
    };

  registerEndpoints(app, businessEndpoints, {
    createBusiness: (request) => businesses.createBusiness(deps, userCaller(request), request.body),
    userBusiness: (request) => businesses.userBusiness(deps, userCaller(request).userId),
    getBusiness: (request) => businesses.getBusiness(deps, businessCaller(request)),
    updateBusiness: (request) => businesses.updateBusiness(deps, businessCaller(request), request.body),
    getSettings: (request) => businesses.getSettings(deps, businessCaller(request)),
    updateSettings: (request) => businesses.updateSettings(deps, businessCaller(request), request.body),
    listAdmins: async (request) => ({
      admins: (await businesses.listMembers(deps, businessCaller(request))).filter((m) => m.role === 'admin'),
    }),
    listMembers: async (request) => ({
      members: await businesses.listMembers(deps, businessCaller(request)),
    }),
    removeMembers: async (request) => {
      await businesses.removeMembers(deps, businessCaller(request), request.body.user_ids);
    },
    leaveBusiness: async (request) => {
      await leaveBusiness(deps, businessCaller(request));
    },
    makeAdmins: changeRoleTo('admin'),
    makeMembers: changeRoleTo('member'),
  });

  if (deps.env === 'test') registerBillingForTests(app, deps);
}

const BillingForTestsBody = z.strictObject({ paymentMethod: z.string().min(1).max(40).nullable() });

/**
 * Lets the end-to-end tests put a business in the spec §4 billing states (trial expired, locked)
 * until billing exists; registered only when NODE_ENV=test, hidden from the API's description (no
 * contract value: it is no call of the product).
 */
function registerBillingForTests(app: FastifyInstance, deps: BusinessesDeps): void {
  app.withTypeProvider<ZodTypeProvider>().post('/test/businesses/:businessId/billing', {
    config: { auth: 'public' },
    schema: { hide: true, params: BusinessParams, body: BillingForTestsBody },
    handler: async (request, reply) => {
      await businesses.setPaymentMethodForTests(deps, request.params.businessId, request.body.paymentMethod);
      return reply.status(204).send();
    },
  });
}
