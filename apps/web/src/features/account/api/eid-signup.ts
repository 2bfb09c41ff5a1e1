import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import type { BodyOf } from '@signet/contracts/endpoint';
import type { EidCallbackBody } from '@signet/contracts/eid';
import { eidEndpoints } from '@signet/contracts/endpoints/eid';
import { callApi } from '../../../lib/api-client.ts';

/** Starts a signup with ID Austria: the provider's address to send the browser to. */
export function useStartEidSignup() {
  return useMutation({
    mutationFn: (body: BodyOf<typeof eidEndpoints.startEidSignup>) =>
      callApi(eidEndpoints.startEidSignup, { body }),
  });
}

/**
 * ID Austria's answer redeemed once (a code is good for one exchange): cached for the page's life,
 * never retried, so a second render does not send the code again.
 */
function eidSignupPersonQuery(answer: EidCallbackBody | null) {
  return queryOptions({
    queryKey: ['eid-signup-person', answer?.state ?? null],
    queryFn: () => callApi(eidEndpoints.eidSignupPerson, { body: answer! }),
    enabled: answer !== null,
    retry: false,
    staleTime: Infinity,
    gcTime: Infinity,
  });
}

export function useEidSignupPerson(answer: EidCallbackBody | null) {
  return useQuery(eidSignupPersonQuery(answer));
}

/** Creates the account with the eID's names; signs in (the e-mail is confirmed from its inbox). */
export function useRegisterWithEid() {
  return useMutation({
    mutationFn: (body: BodyOf<typeof eidEndpoints.registerWithEid>) =>
      callApi(eidEndpoints.registerWithEid, { body }),
  });
}
