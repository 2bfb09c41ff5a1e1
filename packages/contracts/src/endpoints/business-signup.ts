import { defineEndpoint } from '../endpoint.ts';
import { TokenResponse } from '../accounts.ts';
import { BusinessSignupBody, ConfirmBusinessSignupBody } from '../business-signup.ts';

const tags = ['Accounts'];

/** A new person signs up together with their business (spec §2 /business/signup). */
export const businessSignupEndpoints = {
  businessSignup: defineEndpoint({
    method: 'POST',
    path: '/v1/business-signup',
    auth: 'unauthenticated',
    summary:
      'Start a business signup: the person and business are kept pending and a confirmation link is mailed',
    tags,
    body: BusinessSignupBody,
    status: 204,
    errors: ['PASSWORD_POLICY'],
  }),
  confirmBusinessSignup: defineEndpoint({
    method: 'POST',
    path: '/v1/business-signup/confirm',
    auth: 'unauthenticated',
    summary:
      'Follow the mailed link: the account and its business are created together, the person as admin; signs in',
    tags,
    body: ConfirmBusinessSignupBody,
    status: 201,
    response: TokenResponse,
    errors: ['TOKEN_INVALID', 'EMAIL_TAKEN'],
  }),
};
