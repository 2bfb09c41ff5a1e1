import { callProvider } from './http.ts';

export interface ChargebeeSettings {
  /** Chargebee's site (`https://<site>.chargebee.com`) or the payments sandbox's `…/chargebee`. */
  siteUrl: string;
  apiKey: string;
}

/**
 * Signet's way to Chargebee, which bills some businesses instead of Stripe: only its customer
 * portal (POST /api/v2/portal_sessions, HTTP Basic with the API key as user name, form-encoded).
 */
export class ChargebeeAdapter {
  constructor(private readonly settings: ChargebeeSettings) {}

  /** A portal session of the customer; its `access_url` is what the admin opens. */
  async portalSession(customerId: string, redirectUrl: string): Promise<{ url: string }> {
    const response = await callProvider('Chargebee', `${this.settings.siteUrl}/api/v2/portal_sessions`, {
      method: 'POST',
      headers: {
        authorization: `Basic ${Buffer.from(`${this.settings.apiKey}:`).toString('base64')}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: new URLSearchParams({ 'customer[id]': customerId, redirect_url: redirectUrl }).toString(),
    });
    const body = (await response.json()) as { portal_session?: { access_url?: unknown } };
    const url = body.portal_session?.access_url;
    if (typeof url !== 'string') throw new Error('Chargebee answered a portal session without access_url');
    return { url };
  }
}
