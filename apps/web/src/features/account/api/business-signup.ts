import { useMutation } from '@tanstack/react-query';
import type { BodyOf } from '@signet/contracts/endpoint';
import { businessSignupEndpoints } from '@signet/contracts/endpoints/business-signup';
import { callApi } from '../../../lib/api-client.ts';

/** Sends the business signup: the server keeps it pending and mails the confirmation link. */
export function useBusinessSignup() {
  return useMutation({
    mutationFn: (body: BodyOf<typeof businessSignupEndpoints.businessSignup>) =>
      callApi(businessSignupEndpoints.businessSignup, { body }),
  });
}

/** Follows the mailed link: the account and its business are created, and a session comes back. */
export function useConfirmBusinessSignup() {
  return useMutation({
    mutationFn: (token: string) =>
      callApi(businessSignupEndpoints.confirmBusinessSignup, { body: { token } }),
  });
}
