import { billingEndpoints } from '@signet/contracts/endpoints/billing';
import { businessLifecycleEndpoints } from '@signet/contracts/endpoints/business-lifecycle';
import { callApi } from '../../../lib/api-client.ts';

/** Cancels at the end of the paid period (POST …/cancel-subscription). */
export const cancelSubscription = (businessId: string) =>
  callApi(billingEndpoints.cancelSubscription, { params: { businessId } });

/** Keeps a subscription that was cancelling (POST …/reactivate-subscription). */
export const reactivateSubscription = (businessId: string) =>
  callApi(billingEndpoints.reactivateSubscription, { params: { businessId } });

/** Ends the trial now (POST /v1/businesses/{id}/cancel-trial). */
export const cancelTrial = (businessId: string) =>
  callApi(businessLifecycleEndpoints.cancelTrial, { params: { businessId } });

/** Moves to the free plan at the end of the paid period (PUT …/subscriptions/next_plan). */
export const scheduleFreePlan = (businessId: string) =>
  callApi(billingEndpoints.scheduleNextPlan, { params: { businessId }, body: { plan: 'free' } });
