import { billingEndpoints } from '@signet/contracts/endpoints/billing';
import { callApi } from '../api-client.ts';

/**
 * A link to the payment provider's customer portal (GET …/stripe/cpsession), where an admin pays
 * open invoices and changes the payment method; the portal returns to `redirectUrl`, a Signet page.
 */
export async function customerPortalUrl(businessId: string, redirectUrl: string): Promise<string> {
  return (await callApi(billingEndpoints.portalSession, { params: { businessId }, query: { redirectUrl } }))
    .url;
}
