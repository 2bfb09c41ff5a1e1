import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BusinessDomain } from '@signet/contracts/business-domains';
import { businessDomainEndpoints } from '@signet/contracts/endpoints/business-domains';
import { callApi, isApiError } from '../../../lib/api-client.ts';

const domainsKey = (businessId: string) => ['business', businessId, 'domains'] as const;

/** The business's domains, verified or waiting for their DNS record. */
export function useDomains(businessId: string) {
  return useQuery({
    queryKey: domainsKey(businessId),
    queryFn: async () =>
      (await callApi(businessDomainEndpoints.listDomains, { params: { businessId }, retry: true })).domains,
  });
}

/**
 * A change's answer replaces (or, removed, drops) that domain in the cached list: no second call.
 * A refused change may still have changed something (a failed check records when it looked): the
 * list is read again then.
 */
function useDomainChange<T, R extends BusinessDomain | string>(
  businessId: string,
  change: (value: T) => Promise<R>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: change,
    onSuccess: (answer: R) =>
      queryClient.setQueryData<BusinessDomain[]>(domainsKey(businessId), (list = []) => {
        const result: BusinessDomain | string = answer;
        if (typeof result === 'string') return list.filter((domain) => domain.domain !== result);
        const others = list.filter((domain) => domain.domain !== result.domain);
        return [...others, result].sort((a, b) => a.domain.localeCompare(b.domain));
      }),
    onError: () => queryClient.invalidateQueries({ queryKey: domainsKey(businessId) }),
  });
}

export function useAddDomain(businessId: string) {
  return useDomainChange(businessId, (domain: string) =>
    callApi(businessDomainEndpoints.addDomain, { params: { businessId }, body: { domain } }),
  );
}

export function useVerifyDomain(businessId: string) {
  return useDomainChange(businessId, (domain: string) =>
    callApi(businessDomainEndpoints.verifyDomain, { params: { businessId, domain } }),
  );
}

export function useRemoveDomain(businessId: string) {
  return useDomainChange(businessId, async (domain: string) => {
    await callApi(businessDomainEndpoints.removeDomain, { params: { businessId, domain } });
    return domain;
  });
}

/** The business the user's e-mail domain belongs to, or null (404: none, or the user is in one). */
export function useDomainOffer(enabled: boolean) {
  return useQuery({
    queryKey: ['user', 'domain-offer'],
    enabled,
    queryFn: async () => {
      try {
        return await callApi(businessDomainEndpoints.domainOffer, { retry: true });
      } catch (error) {
        if (isApiError(error) && error.code === 'NOT_FOUND') return null;
        throw error;
      }
    },
  });
}

/** Joins the offered business; the user's business and the offer are read again. */
export function useJoinByDomain() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => callApi(businessDomainEndpoints.joinByDomain),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['user'] }),
  });
}
