import type { FastifyInstance } from 'fastify';
import { eidEndpoints } from '@signet/contracts/endpoints/eid';
import { registerEndpoints } from '../../plugins/endpoints.ts';
import { callerOf } from '../../plugins/auth.ts';
import type { AccountsDeps } from '../accounts/accounts.service.ts';
import { registerWithEid } from '../accounts/eid-signup.service.ts';
import * as idAustria from './id-austria.service.ts';

/** ID Austria: identification for eIDAS (accounts and visitors) and signup with the eID's names. */
export async function eidRoutes(
  app: FastifyInstance,
  deps: idAustria.IdAustriaDeps & AccountsDeps,
): Promise<void> {
  registerEndpoints(app, eidEndpoints, {
    startIdAustria: (request) => idAustria.startIdentification(deps, callerOf(request), request.body),
    finishIdAustria: (request) => idAustria.finishIdentification(deps, callerOf(request), request.body),
    startEidSignup: () => idAustria.startSignup(deps),
    eidSignupPerson: (request) => idAustria.signupPerson(deps, request.body),
    registerWithEid: async (request) => {
      const { state, email, password, lang, mobile } = request.body;
      const preview = await idAustria.signupLoginPerson(deps, state);
      return registerWithEid(deps, {
        email,
        password,
        lang,
        mobile,
        ip: request.ip,
        preview,
        claimPerson: () => idAustria.claimSignupPerson(deps, state),
        afterCreate: async (userId, person) => {
          await deps.recordEvidence({ kind: 'user', userId, sessionId: '' }, person, null);
        },
      });
    },
  });
}
