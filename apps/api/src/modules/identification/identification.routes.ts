import type { FastifyInstance } from 'fastify';
import { identificationEndpoints } from '@signet/contracts/endpoints/identification';
import { AppError } from '../../errors.ts';
import { callerOf, type Caller } from '../../plugins/auth.ts';
import { registerEndpoints } from '../../plugins/endpoints.ts';
import { keepRawJsonBodies } from '../../plugins/raw-json-body.ts';
import { identificationCovered } from '../billing/billing.service.ts';
import { membershipOf } from '../businesses/businesses.service.ts';
import { visibleRequest } from '../signature-requests/request-access.service.ts';
import type { SignatureRequestsDeps } from '../signature-requests/request-deps.ts';
import type { IdentificationDeps } from './identification-deps.ts';
import * as identification from './identification.service.ts';
import { identifying } from './identifying.ts';

type Deps = IdentificationDeps & SignatureRequestsDeps;

/** The request an identification is for: one the caller signs (a visitor: their own request). */
async function requestToReturnTo(deps: Deps, caller: Caller, id: string | undefined): Promise<string | null> {
  if (caller.kind === 'visitor') {
    if (id !== undefined && id !== caller.requestId)
      throw new AppError('NOT_FOUND', 'No such signature request.', { field: 'signatureRequestId' });
    return caller.requestId;
  }
  if (id === undefined) return null;
  const { me } = await visibleRequest(deps, caller, id);
  if (!me) throw new AppError('NOT_FOUND', 'You do not sign this request.', { field: 'signatureRequestId' });
  return id;
}

/**
 * Whether someone pays the caller's identification for this request: the requester's business, as
 * its plan's licences say (spec §3 pricePlan.licenses.idents, for the request's legislation): for
 * its members, and for the people it invites (other accounts, visitors). A request of a free
 * individual is not covered.
 */
async function paymentCovered(deps: Deps, caller: Caller, requestId: string): Promise<boolean> {
  const { request } = await visibleRequest(deps, caller, requestId);
  const owner = await membershipOf(deps.db, request.ownerId);
  if (!owner) return false;
  const signer = caller.kind === 'user' ? await membershipOf(deps.db, caller.userId) : null;
  return identificationCovered(
    deps.db,
    owner.businessId,
    request.legislation,
    signer?.businessId === owner.businessId,
  );
}

export async function identificationRoutes(app: FastifyInstance, deps: Deps): Promise<void> {
  // The exact bytes of each request body, for the webhook's signature.
  const rawBodyOf = keepRawJsonBodies(app);

  registerEndpoints(app, identificationEndpoints, {
    getIdentification: async (request) => {
      const who = await identifying(deps, callerOf(request), 'read');
      return identification.current(deps, who, request.params.provider, request.params.method);
    },
    startIdentification: async (request) => {
      const caller = callerOf(request);
      const who = await identifying(deps, caller, 'start');
      const requestId = await requestToReturnTo(deps, caller, request.body.signatureRequestId);
      return identification.start(deps, who, request.params.provider, request.params.method, requestId);
    },
    cancelIdentification: async (request) => {
      const who = await identifying(deps, callerOf(request), 'read');
      await identification.cancel(deps, who, request.params.provider, request.params.method);
    },
    identificationStatus: async (request) => {
      const who = await identifying(deps, callerOf(request), 'read');
      return identification.status(deps, who, request.params.id);
    },
    identificationPayment: async (request) => ({
      covered: await paymentCovered(deps, callerOf(request), request.params.id),
    }),
    identificationWebhook: async (request) => {
      await identification.receiveWebhook(deps, {
        event: request.body,
        rawBody: rawBodyOf(request),
        headers: request.headers,
      });
    },
  });
}
