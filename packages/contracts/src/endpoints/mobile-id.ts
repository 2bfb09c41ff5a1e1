import { defineEndpoint } from '../endpoint.ts';
import { MobileIdRegisterBody, MobileIdState } from '../mobile-id.ts';

const tags = ['Mobile ID'];

/**
 * Mobile ID (profile, signature standards): an account user registers their phone at the QTSP, which
 * from then on asks it to approve their qualified signatures. The QTSP keeps the registration.
 */
export const mobileIdEndpoints = {
  getMobileId: defineEndpoint({
    method: 'GET',
    path: '/v1/user/mobile-id',
    auth: 'user',
    summary: "The caller's Mobile ID: none, pending approval on the phone, or registered",
    tags,
    status: 200,
    response: MobileIdState,
    errors: ['TRUST_SERVICE_UNAVAILABLE'],
  }),
  registerMobileId: defineEndpoint({
    method: 'PUT',
    path: '/v1/user/mobile-id',
    auth: 'user',
    summary: 'Register (or replace) the Mobile ID phone; it becomes registered once approved on the phone',
    tags,
    body: MobileIdRegisterBody,
    status: 200,
    response: MobileIdState,
    errors: ['TRUST_SERVICE_UNAVAILABLE'],
  }),
  removeMobileId: defineEndpoint({
    method: 'DELETE',
    path: '/v1/user/mobile-id',
    auth: 'user',
    summary: 'Remove the Mobile ID: qualified signatures are confirmed by SMS code again',
    tags,
    status: 204,
    errors: ['NOT_FOUND', 'TRUST_SERVICE_UNAVAILABLE'],
  }),
};
