import type { FastifyInstance } from 'fastify';
import { mobileIdEndpoints } from '@signet/contracts/endpoints/mobile-id';
import { userCaller } from '../../plugins/auth.ts';
import { registerEndpoints } from '../../plugins/endpoints.ts';
import * as mobileId from './mobile-id.service.ts';

export async function mobileIdRoutes(app: FastifyInstance, deps: mobileId.MobileIdDeps): Promise<void> {
  registerEndpoints(app, mobileIdEndpoints, {
    getMobileId: (request) => mobileId.getMobileId(deps, userCaller(request)),
    registerMobileId: (request) => mobileId.registerMobileId(deps, userCaller(request), request.body.mobile),
    removeMobileId: async (request, reply) => {
      await mobileId.removeMobileId(deps, userCaller(request));
      return reply.status(204).send();
    },
  });
}
