import { defineEndpoint } from '../endpoint.ts';
import { MobileIdRegisterBody, MobileIdState } from '../mobile-id.ts';

/** Every Mobile ID call is the signed-in user's own (visitors have no profile to register one in). */
const ofTheUser = { auth: 'user', tags: ['Mobile ID'] } as const;

/**
 * Mobile ID (profile, signature standards): an account user registers their phone at the QTSP, which
 * from then on asks it to approve their qualified signatures. The QTSP keeps the registration.
 */
export const mobileIdEndpoints = {
  registerMobileId: defineEndpoint({
    method: 'PUT',
    path: '/v1/user/mobile-id',
    ...ofTheUser,
    summary: 'Register (or replace) the Mobile ID phone; it becomes registered once approved on the phone',
    body: MobileIdRegisterBody,
    status: 200,
    response: MobileIdState,
    errors: ['TRUST_SERVICE_UNAVAILABLE'],
  }),
  getMobileId: defineEndpoint({
    method: 'GET',
    path: '/v1/user/mobile-id',
    ...ofTheUser,
    summary: "The caller's Mobile ID: none, pending approval on the phone, or registered",
    status: 200,
    response: MobileIdState,
    errors: ['TRUST_SERVICE_UNAVAILABLE'],
  }),
  removeMobileId: defineEndpoint({
    method: 'DELETE',
    path: '/v1/user/mobile-id',
    ...ofTheUser,
    summary: 'Remove the Mobile ID: qualified signatures are confirmed by SMS code again',
    status: 204,
    errors: ['NOT_FOUND', 'TRUST_SERVICE_UNAVAILABLE'],
  }),
};
