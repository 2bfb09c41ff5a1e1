import type { FastifyInstance } from 'fastify';
import { signingEndpoints } from '@signet/contracts/endpoints/signing';
import { callerOf, userCaller, visitorCaller } from '../../plugins/auth.ts';
import { registerEndpoints } from '../../plugins/endpoints.ts';
import * as signing from './signing.service.ts';

export async function signingRoutes(app: FastifyInstance, deps: signing.SigningDeps): Promise<void> {
  registerEndpoints(app, signingEndpoints, {
    sign: (request) => signing.sign(deps, callerOf(request), request.body),
    respondTan: (request) =>
      signing.respondTan(deps, userCaller(request), request.params.id, request.body.secret),
    respondTanForm: (request) =>
      signing.respondTan(deps, userCaller(request), request.params.id, request.body.pwdotp),
    resendTan: (request) => signing.resendTan(deps, userCaller(request), request.params.id),
    cancelTan: (request) => signing.cancelTan(deps, userCaller(request), request.params.id),
    visitorRespondTan: (request) =>
      signing.respondTan(deps, visitorCaller(request), request.body.responseId, request.body.secret),
    visitorResendTan: (request) => signing.resendTan(deps, visitorCaller(request), request.body.responseId),
    visitorCancelTan: (request) => signing.cancelTan(deps, visitorCaller(request), request.body.responseId),
    trustList: async (_request, reply) =>
      reply.type('application/x-pem-file').send(await deps.qtsp.trustListPem()),
  });

  // TODO(issue 11): the platform endpoints (platformEndpoints.signerAssertionKeys) take this route over.
  app.get('/v1/signer-assertion-keys.json', {
    config: { auth: 'public' },
    schema: {
      tags: ['Signing'],
      summary:
        'The public key (JWKS) of the signer assertions Signet sends its QTSP; the QTSP operator registers it',
    },
    handler: () => deps.qtsp.signerAssertionKeys(),
  });
}
