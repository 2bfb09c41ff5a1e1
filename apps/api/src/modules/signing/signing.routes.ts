import type { FastifyInstance } from 'fastify';
import { signingEndpoints } from '@signet/contracts/endpoints/signing';
import { callerOf, userCaller, visitorCaller } from '../../plugins/auth.ts';
import { registerEndpoints } from '../../plugins/endpoints.ts';
import * as qes from './qes-step-up.service.ts';
import * as signing from './signing.service.ts';
import type { SigningDeps } from './signing-deps.ts';

export async function signingRoutes(app: FastifyInstance, deps: SigningDeps): Promise<void> {
  registerEndpoints(app, signingEndpoints, {
    sign: (request) => signing.sign(deps, callerOf(request), request.body),
    respondTan: (request) =>
      qes.respondTan(deps, userCaller(request), request.params.id, request.body.secret),
    respondTanForm: (request) =>
      qes.respondTan(deps, userCaller(request), request.params.id, request.body.pwdotp),
    checkApproval: (request) => qes.checkApproval(deps, userCaller(request), request.params.id),
    resendTan: (request) => qes.resendTan(deps, userCaller(request), request.params.id),
    cancelTan: (request) => qes.cancelTan(deps, userCaller(request), request.params.id),
    visitorRespondTan: (request) =>
      qes.respondTan(deps, visitorCaller(request), request.body.responseId, request.body.secret),
    visitorResendTan: (request) => qes.resendTan(deps, visitorCaller(request), request.body.responseId),
    visitorCancelTan: (request) => qes.cancelTan(deps, visitorCaller(request), request.body.responseId),
    trustList: async (_request, reply) =>
      reply.type('application/x-pem-file').send(await deps.qtsp.trustListPem()),
  });
}
