import { defineEndpoint } from '../endpoint.ts';
import { Health, Ready, SignerAssertionKeys, StatusSummary } from '../platform.ts';

const tags = ['Platform'];

/** The installation itself: liveness, maintenance status, the keys its providers verify. */
export const platformEndpoints = {
  health: defineEndpoint({
    method: 'GET',
    path: '/health',
    auth: 'public',
    summary: 'Liveness and database reachability',
    tags,
    status: 200,
    response: Health,
    errors: [],
  }),
  ready: defineEndpoint({
    method: 'GET',
    path: '/ready',
    auth: 'public',
    summary:
      'Readiness: the database, the blob store and the trust services answer (503 NOT_READY naming what does not)',
    tags,
    status: 200,
    response: Ready,
    errors: ['NOT_READY'],
  }),
  statusSummary: defineEndpoint({
    method: 'GET',
    path: '/status/summary.json',
    auth: 'public',
    summary: 'Statuspage-compatible summary with active maintenances',
    tags,
    status: 200,
    response: StatusSummary,
    errors: [],
  }),
  signerAssertionKeys: defineEndpoint({
    method: 'GET',
    path: '/v1/signer-assertion-keys.json',
    auth: 'public',
    summary:
      'The public key (JWKS) of the signer assertions Signet sends its QTSP; the QTSP operator registers it',
    tags: ['Signing'],
    status: 200,
    response: SignerAssertionKeys,
    errors: [],
  }),
};
