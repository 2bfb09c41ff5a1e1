import type { FastifyInstance } from 'fastify';
import { businessApiUserEndpoints } from '@signet/contracts/endpoints/business-api-users';
import { businessCaller } from '../../plugins/auth.ts';
import { registerEndpoints } from '../../plugins/endpoints.ts';
import type { BusinessesDeps } from './business-caller.ts';
import * as apiUsers from './business-api-users.service.ts';

/** A business's API users: its admins create them, reset their secrets and delete them. */
export async function businessApiUsersRoutes(app: FastifyInstance, deps: BusinessesDeps): Promise<void> {
  registerEndpoints(app, businessApiUserEndpoints, {
    listApiUsers: async (request) => ({
      apiUsers: await apiUsers.listApiUsers(deps, businessCaller(request)),
    }),
    createApiUser: (request) => apiUsers.createApiUser(deps, businessCaller(request), request.body),
    updateApiUser: (request) =>
      apiUsers.updateApiUser(
        deps,
        businessCaller(request),
        request.params.username,
        request.body.description,
      ),
    resetApiUser: (request) => apiUsers.resetApiUser(deps, businessCaller(request), request.params.username),
    deleteApiUser: async (request) => {
      await apiUsers.deleteApiUser(deps, businessCaller(request), request.params.username);
    },
  });
}
