import {
  AddDomainBody,
  BusinessDomain,
  BusinessDomainList,
  DomainOffer,
  DomainParams,
} from '../business-domains.ts';
import { BusinessParams, UserBusiness } from '../businesses.ts';
import { defineEndpoint } from '../endpoint.ts';

/** Domains are the admins' to manage (spec §4); another business's domains are not found. */
const ofTheAdmins = { auth: 'admin', tags: ['Business domains'] } as const;

/**
 * A business's domains (spec §7 Business: POST and DELETE; the list and the verification are
 * Signet's, for the page that shows the DNS record to publish). A claim counts once verified.
 */
export const businessDomainEndpoints = {
  listDomains: defineEndpoint({
    method: 'GET',
    path: '/v1/businesses/:businessId/domains',
    ...ofTheAdmins,
    summary: "The business's domains, verified or waiting for their DNS record",
    params: BusinessParams,
    status: 200,
    response: BusinessDomainList,
    errors: [],
  }),
  addDomain: defineEndpoint({
    method: 'POST',
    path: '/v1/businesses/:businessId/domains',
    ...ofTheAdmins,
    summary: 'Claim a domain: the answer names the TXT record to publish before verifying',
    params: BusinessParams,
    body: AddDomainBody,
    status: 201,
    response: BusinessDomain,
    errors: ['DOMAIN_TAKEN'],
  }),
  verifyDomain: defineEndpoint({
    method: 'POST',
    path: '/v1/businesses/:businessId/domains/:domain/verify',
    ...ofTheAdmins,
    summary: "Look up the domain's TXT record now; the domain counts from the first time it is found",
    params: DomainParams,
    status: 200,
    response: BusinessDomain,
    errors: ['NOT_FOUND', 'DOMAIN_NOT_VERIFIED', 'DOMAIN_TAKEN', 'DNS_UNAVAILABLE'],
  }),
  removeDomain: defineEndpoint({
    method: 'DELETE',
    path: '/v1/businesses/:businessId/domains/:domain',
    ...ofTheAdmins,
    summary: 'Give up a domain claim, verified or not',
    params: DomainParams,
    status: 204,
    errors: ['NOT_FOUND'],
  }),
  domainOffer: defineEndpoint({
    method: 'GET',
    path: '/v2/businesses/domain-offer',
    auth: 'user',
    summary:
      "The business that verified the domain of the caller's e-mail address, while the caller belongs to none; 404 otherwise",
    tags: ['Business domains'],
    status: 200,
    response: DomainOffer,
    errors: ['NOT_FOUND'],
  }),
  joinByDomain: defineEndpoint({
    method: 'POST',
    path: '/v2/businesses/domain-offer/join',
    auth: 'user',
    summary: "Join, as a member, the business that verified the domain of the caller's e-mail address",
    tags: ['Business domains'],
    status: 200,
    response: UserBusiness,
    errors: ['NOT_FOUND', 'ALREADY_IN_BUSINESS', 'SEATS_EXHAUSTED'],
  }),
};
