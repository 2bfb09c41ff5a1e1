import { useMutation } from '@tanstack/react-query';
import { UserBusiness } from '@signet/contracts/businesses';
import { apiRequest } from '../../../lib/api-client.ts';

const path = (secret: string, answer: 'accept' | 'decline') =>
  `/v1/business-invitations/${encodeURIComponent(secret)}/${answer}`;

/** POST .../accept: the caller joins the business; 409 ALREADY_IN_BUSINESS when they belong to another. */
export function acceptBusinessInvitation(secret: string): Promise<UserBusiness> {
  return apiRequest(path(secret, 'accept'), { method: 'POST' }, UserBusiness);
}

/** POST .../decline: the invitation ends. */
export function declineBusinessInvitation(secret: string): Promise<void> {
  return apiRequest(path(secret, 'decline'), { method: 'POST' });
}

export function useAnswerInvitation(secret: string) {
  return useMutation({
    mutationFn: (answer: 'accept' | 'decline') =>
      answer === 'accept'
        ? acceptBusinessInvitation(secret).then(() => undefined)
        : declineBusinessInvitation(secret),
  });
}
