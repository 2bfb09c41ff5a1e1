import type { FastifyInstance } from 'fastify';
import { businessDomainEndpoints } from '@signet/contracts/endpoints/business-domains';
import { businessCaller, userCaller } from '../../plugins/auth.ts';
import { registerEndpoints } from '../../plugins/endpoints.ts';
import * as domains from './business-domains.service.ts';

/** A business's domains: its admins claim them, and prove each through a DNS TXT record. */
export async function businessDomainsRoutes(
  app: FastifyInstance,
  deps: domains.BusinessDomainsDeps,
): Promise<void> {
  registerEndpoints(app, businessDomainEndpoints, {
    listDomains: async (request) => ({ domains: await domains.listDomains(deps, businessCaller(request)) }),
    addDomain: (request) => domains.addDomain(deps, businessCaller(request), request.body.domain),
    verifyDomain: (request) => domains.verifyDomain(deps, businessCaller(request), request.params.domain),
    removeDomain: async (request) => {
      await domains.removeDomain(deps, businessCaller(request), request.params.domain);
    },
    domainOffer: (request) => domains.domainOffer(deps, userCaller(request)),
    joinByDomain: (request) => domains.joinByDomain(deps, userCaller(request)),
  });
}
