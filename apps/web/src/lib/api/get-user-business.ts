import { queryOptions } from '@tanstack/react-query';
import { businessEndpoints } from '@signet/contracts/endpoints/businesses';
import { callApi, isApiError } from '../api-client.ts';
import type { BusinessMembership } from '../business-membership.ts';

/** The signed-in user's business, or null when they belong to none (404 NOT_FOUND). */
async function getUserBusiness(): Promise<BusinessMembership | null> {
  try {
    const business = await callApi(businessEndpoints.userBusiness, { retry: true });
    return {
      id: business.id,
      name: business.name,
      role: business.role,
      paymentMethod: business.billing.paymentMethod,
      pricePlanName: business.pricePlan.name,
      userPilotEnabled: business.settings.userPilot.enabled,
      planStart: business.planStart,
      logo: business.settings.companyBranding.logo,
    };
  } catch (error) {
    if (isApiError(error) && error.code === 'NOT_FOUND') return null;
    throw error;
  }
}

export const userBusinessQueryOptions = queryOptions({
  queryKey: ['user', 'business'],
  queryFn: getUserBusiness,
  staleTime: 60_000,
});
