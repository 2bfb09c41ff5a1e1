import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BusinessDomain } from '@signet/contracts/business-domains';
import { businessDomainEndpoints } from '@signet/contracts/endpoints/business-domains';
import { callApi, isApiError } from '../../../lib/api-client.ts';
import { useCachedListChange } from '../../../lib/cached-list-change.ts';

const domainsKey = (businessId: string) => ['business', businessId, 'domains'] as const;

/** The business's domains, verified or waiting for their DNS record. */
export function useDomains(businessId: string) {
  return useQuery({
    queryKey: domainsKey(businessId),
    queryFn: async () =>
      (await callApi(businessDomainEndpoints.listDomains, { params: { businessId }, retry: true })).domains,
  });
}

/** A change of one domain in the cached list. */
function useDomainChange<Answer extends BusinessDomain | string, Value>(
  businessId: string,
  change: (value: Value) => Promise<Answer>,
) {
  return useCachedListChange({
    queryKey: domainsKey(businessId),
    keyOf: (domain: BusinessDomain) => domain.domain,
    change,
    toItem: (answer) => answer as BusinessDomain,
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
