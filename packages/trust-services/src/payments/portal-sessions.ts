import { allowOnly, requiredStr, str, type Params } from './form-params.js';
import { newPageToken, sameToken } from './page-tokens.js';
import type { PaymentsContext } from './payments-context.js';
import type { StripeObject } from './payments-store.js';
import { invalidRequest } from './stripe-error.js';

export interface PortalSession extends StripeObject {
  object: 'billing_portal.session';
  customer: string;
  return_url: string | null;
  url: string;
}

/** How long a portal link works, as at Stripe (five minutes to open it). */
const portalLinkLifetime = 5 * 60;

/** A customer portal session: a one-off link to the sandbox's portal page for the customer. */
export function createPortalSession(ctx: PaymentsContext, params: Params): PortalSession {
  allowOnly(params, ['customer', 'return_url', 'locale', 'configuration', 'flow_data']);
  const customer = ctx.store.get('customer', requiredStr(params, 'customer'), 'customer');
  const returnUrl = str(params, 'return_url') ?? null;
  if (returnUrl !== null && !/^https?:\/\//.test(returnUrl))
    throw invalidRequest('Not a valid URL', 'return_url', 'url_invalid');
  const id = ctx.store.newId('bps');
  const token = newPageToken();
  return ctx.store.insert<PortalSession>(
    {
      id,
      object: 'billing_portal.session',
      created: ctx.store.now(),
      customer: customer.id,
      return_url: returnUrl,
      locale: str(params, 'locale') ?? null,
      configuration: 'bpc_signet_sandbox',
      flow: null,
      livemode: false,
      on_behalf_of: null,
      url: `${ctx.publicBaseUrl}/pages/portal/${id}/${token}`,
    },
    { pageToken: token, expiresAt: ctx.store.now() + portalLinkLifetime },
  );
}

/** The session behind a portal link, if its token is its own and it has not expired. */
export function portalForPage(ctx: PaymentsContext, id: string, token: string): PortalSession | undefined {
  const session = ctx.store.find(id);
  const internal = ctx.store.internal(id);
  if (session?.object !== 'billing_portal.session' || !sameToken(internal.pageToken, token)) return undefined;
  if ((internal.expiresAt as number) < ctx.store.now()) return undefined;
  return session as PortalSession;
}
