import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest, isApiError } from '../api-client.ts';
import type { BusinessMembership } from '../business-membership.ts';

// Read leniently: the business contract lands with the business pages; the gates need only this.
const UserBusinessResponse = z.object({
  id: z.string(),
  name: z.string().default(''),
  role: z.enum(['admin', 'member']).default('member'),
  billing: z.object({ paymentMethod: z.string().nullable().optional() }).partial().optional(),
  pricePlan: z.object({ name: z.string().nullable().optional() }).partial().optional(),
  settings: z
    .object({ userPilot: z.object({ enabled: z.boolean() }).optional() })
    .partial()
    .optional(),
  planStart: z.string().nullable().optional(),
});

/** GET /v2/businesses/user: the signed-in user's business, or null when they belong to none (404). */
export async function getUserBusiness(): Promise<BusinessMembership | null> {
  try {
    const business = await apiRequest('/v2/businesses/user', { retry: true }, UserBusinessResponse);
    return {
      id: business.id,
      name: business.name,
      role: business.role,
      paymentMethod: business.billing?.paymentMethod ?? null,
      pricePlanName: business.pricePlan?.name ?? null,
      userPilotEnabled: business.settings?.userPilot?.enabled ?? false,
      planStart: business.planStart ?? null,
    };
  } catch (error) {
    if (isApiError(error) && error.statusCode === 404) return null;
    throw error;
  }
}

export const userBusinessQueryOptions = queryOptions({
  queryKey: ['user', 'business'],
  queryFn: getUserBusiness,
  staleTime: 60_000,
});
