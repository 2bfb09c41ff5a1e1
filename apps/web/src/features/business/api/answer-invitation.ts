import { useMutation } from '@tanstack/react-query';
import { businessInvitationEndpoints } from '@signet/contracts/endpoints/businesses';
import { callApi } from '../../../lib/api-client.ts';

/**
 * Accept (the caller joins the business; 409 ALREADY_IN_BUSINESS when they belong to another) or
 * decline an invitation.
 */
export function useAnswerInvitation(secret: string) {
  return useMutation({
    mutationFn: async (answer: 'accept' | 'decline') => {
      const endpoint =
        answer === 'accept'
          ? businessInvitationEndpoints.acceptInvitation
          : businessInvitationEndpoints.declineInvitation;
      await callApi(endpoint, { params: { secret } });
    },
  });
}
