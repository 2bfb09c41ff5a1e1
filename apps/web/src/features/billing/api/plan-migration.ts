import { queryOptions } from '@tanstack/react-query';
import { billingEndpoints } from '@signet/contracts/endpoints/billing';
import { callApi } from '../../../lib/api-client.ts';

/** The notice that the business's legacy plan moves (GET /v2/businesses/{id}/plan_migration; admins). */
export const planMigrationQueryOptions = (businessId: string) =>
  queryOptions({
    queryKey: ['business', businessId, 'plan-migration'],
    queryFn: () => callApi(billingEndpoints.planMigration, { params: { businessId } }),
    staleTime: Infinity,
  });

/** The admin has read it: it is not shown again (POST …/plan_migration/acknowledge). */
export const acknowledgePlanMigration = (businessId: string) =>
  callApi(billingEndpoints.acknowledgePlanMigration, { params: { businessId } });
