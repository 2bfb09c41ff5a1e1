import { billingEndpoints } from '@signet/contracts/endpoints/billing';
import { callApi } from '../../../lib/api-client.ts';

/** Starts adding a card or SEPA debit (POST …/billing/setup-intent): what the browser sends it to. */
export async function createSetupIntent(businessId: string, country: string) {
  return (await callApi(billingEndpoints.createSetupIntent, { params: { businessId }, body: { country } }))
    .setupIntent;
}

/** Finishes adding it (POST …/setup-intent/{id}): once succeeded, the method is the default. */
export async function finishSetupIntent(businessId: string, intentId: string, country: string) {
  return (
    await callApi(billingEndpoints.setupIntent, { params: { businessId, intentId }, body: { country } })
  ).setupIntent;
}
