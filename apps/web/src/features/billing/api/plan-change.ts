import { useQuery } from '@tanstack/react-query';
import type { UpgradeBody } from '@signet/contracts/billing';
import { billingEndpoints } from '@signet/contracts/endpoints/billing';
import { callApi } from '../../../lib/api-client.ts';
import { billingKey, useBillingChange } from './billing-keys.ts';

/** What the chosen plan would cost now (POST …/upgrade/preview); none while nothing is chosen. */
export function useUpgradePreview(businessId: string, choice: UpgradeBody | null) {
  return useQuery({
    queryKey: [...billingKey(businessId), 'upgrade-preview', choice],
    queryFn: () =>
      callApi(billingEndpoints.upgradePreview, { params: { businessId }, body: choice as UpgradeBody }),
    enabled: choice !== null,
    retry: false,
  });
}

/** Changes the plan of the subscription (PUT …/subscriptions/upgrade), charged to the default method. */
export function useChangePlan(businessId: string) {
  return useBillingChange(businessId, (choice: UpgradeBody) =>
    callApi(billingEndpoints.upgrade, { params: { businessId }, body: choice }),
  );
}
