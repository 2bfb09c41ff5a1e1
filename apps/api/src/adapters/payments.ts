import Stripe from 'stripe';
import type { Config } from '../config.ts';
import { installationSecret } from '../installation-secrets.ts';

/**
 * Where Signet's Stripe webhook endpoint answers. The embedded sandbox delivers here in-process;
 * with real Stripe, register `$PUBLIC_URL` + this path as the webhook endpoint (README "Payments").
 */
export const stripeWebhookPath = '/api/v1/billing/stripe/events';

export interface PaymentsSettings {
  /** Stripe's API (`https://api.stripe.com`) or the sandbox's (`…/sandbox/payments`). */
  apiUrl: string;
  /** The same as browsers reach it (differs for the embedded sandbox: public address, not loopback). */
  browserApiUrl?: string;
  secretKey: string;
  /** For the web app's payment form: the browser sends card details to the provider with it, never to Signet. */
  publishableKey: string;
  webhookSecret: string;
}

/** The webhook's signature did not verify (bad secret, changed body, too old): refuse the call. */
export class WebhookSignatureError extends Error {}

/**
 * The official SDK pointed at the configured API. Stripe's SDK takes a host, a port and a protocol
 * but no path; the sandbox is mounted below `/sandbox/payments`, so a path in the URL is put in
 * front of every request's path by the fetch the SDK is given. Real Stripe has no path: nothing changes.
 */
function stripeClient(settings: PaymentsSettings): Stripe {
  const url = new URL(settings.apiUrl);
  const basePath = url.pathname.replace(/\/+$/, '');
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  const prefixed: typeof fetch = (input, init) => {
    const target = new URL(input instanceof Request ? input.url : String(input));
    target.pathname = `${basePath}${target.pathname}`;
    return fetch(target, init);
  };
  return new Stripe(settings.secretKey, {
    host: url.hostname,
    port: url.port || (protocol === 'http' ? 80 : 443),
    protocol,
    // Network failures and 5xx are retried; POSTs carry idempotency keys, so a retry never doubles.
    maxNetworkRetries: 2,
    timeout: 20_000,
    appInfo: { name: 'Signet' },
    ...(basePath ? { httpClient: Stripe.createFetchHttpClient(prefixed) } : {}),
  });
}

/** Which request a key belongs to: the same key for the same request, so a repeated click is one call. */
const keyed = (idempotencyKey?: string): Stripe.RequestOptions | undefined =>
  idempotencyKey ? { idempotencyKey } : undefined;

/**
 * Signet's way to the payments provider (Stripe, or the sandbox that speaks its API): the calls the
 * billing module needs, each a thin wrapper of the SDK's call of the same name. No business rules here.
 */
export class PaymentsAdapter {
  readonly stripe: Stripe;

  constructor(private readonly settings: PaymentsSettings) {
    this.stripe = stripeClient(settings);
  }

  /** What the web app's payment form needs: the API's address and the publishable key (no secret). */
  browserSettings(): { apiUrl: string; publishableKey: string } {
    return {
      apiUrl: this.settings.browserApiUrl ?? this.settings.apiUrl,
      publishableKey: this.settings.publishableKey,
    };
  }

  createCustomer(params: Stripe.CustomerCreateParams, idempotencyKey?: string) {
    return this.stripe.customers.create(params, keyed(idempotencyKey));
  }

  updateCustomer(id: string, params: Stripe.CustomerUpdateParams) {
    return this.stripe.customers.update(id, params);
  }

  /** Sets up a card or SEPA debit for later charges; the answer's client secret goes to the browser. */
  createSetupIntent(params: Stripe.SetupIntentCreateParams, idempotencyKey?: string) {
    return this.stripe.setupIntents.create({ usage: 'off_session', ...params }, keyed(idempotencyKey));
  }

  confirmSetupIntent(id: string, params: Stripe.SetupIntentConfirmParams) {
    return this.stripe.setupIntents.confirm(id, params);
  }

  retrieveSetupIntent(id: string) {
    return this.stripe.setupIntents.retrieve(id);
  }

  /** The customer's cards and SEPA debits, and which is the default. */
  async listPaymentMethods(customer: string) {
    const [methods, current] = await Promise.all([
      this.stripe.customers.listPaymentMethods(customer, { limit: 100 }),
      this.stripe.customers.retrieve(customer),
    ]);
    const defaultId = current.deleted ? null : current.invoice_settings.default_payment_method;
    return {
      methods: methods.data.filter((method) => method.type === 'card' || method.type === 'sepa_debit'),
      defaultId: typeof defaultId === 'string' ? defaultId : (defaultId?.id ?? null),
    };
  }

  setDefaultPaymentMethod(customer: string, paymentMethod: string) {
    return this.stripe.customers.update(customer, {
      invoice_settings: { default_payment_method: paymentMethod },
    });
  }

  /** Gives a payment method set up before its customer existed (direct upgrade) to that customer. */
  attachPaymentMethod(id: string, customer: string) {
    return this.stripe.paymentMethods.attach(id, { customer });
  }

  detachPaymentMethod(id: string) {
    return this.stripe.paymentMethods.detach(id);
  }

  retrieveProduct(id: string) {
    return this.stripe.products.retrieve(id);
  }

  createProduct(params: Stripe.ProductCreateParams, idempotencyKey?: string) {
    return this.stripe.products.create(params, keyed(idempotencyKey));
  }

  createPrice(params: Stripe.PriceCreateParams, idempotencyKey?: string) {
    return this.stripe.prices.create(params, keyed(idempotencyKey));
  }

  listPrices(params: Stripe.PriceListParams) {
    return this.stripe.prices.list({ limit: 100, ...params });
  }

  createSubscription(params: Stripe.SubscriptionCreateParams, idempotencyKey: string) {
    return this.stripe.subscriptions.create({ expand: ['latest_invoice'], ...params }, keyed(idempotencyKey));
  }

  retrieveSubscription(id: string) {
    return this.stripe.subscriptions.retrieve(id, { expand: ['latest_invoice', 'default_payment_method'] });
  }

  /** Seats or plan: `items` names the subscription item (`id`) with its new `quantity` or `price`. */
  updateSubscription(id: string, params: Stripe.SubscriptionUpdateParams, idempotencyKey?: string) {
    return this.stripe.subscriptions.update(
      id,
      { expand: ['latest_invoice'], ...params },
      keyed(idempotencyKey),
    );
  }

  /** What a change or a new subscription would cost: the invoice it would make, stored nowhere. */
  previewInvoice(params: Stripe.InvoiceCreatePreviewParams) {
    return this.stripe.invoices.createPreview(params);
  }

  cancelAtPeriodEnd(id: string) {
    return this.stripe.subscriptions.update(id, { cancel_at_period_end: true });
  }

  reactivate(id: string) {
    return this.stripe.subscriptions.update(id, { cancel_at_period_end: false });
  }

  cancelNow(id: string) {
    return this.stripe.subscriptions.cancel(id);
  }

  listInvoices(params: Stripe.InvoiceListParams) {
    return this.stripe.invoices.list(params);
  }

  /**
   * The promotion code with this code (as the customer typed it), with its coupon: an active one if
   * there is one, else an expired or used-up one (so the answer can say which), else null.
   */
  async findPromotionCode(code: string) {
    const found = await this.stripe.promotionCodes.list({
      code,
      limit: 100,
      expand: ['data.promotion.coupon'],
    });
    return found.data.find((promotion) => promotion.active) ?? found.data[0] ?? null;
  }

  retrieveCoupon(id: string) {
    return this.stripe.coupons.retrieve(id);
  }

  createCoupon(params: Stripe.CouponCreateParams, idempotencyKey?: string) {
    return this.stripe.coupons.create(params, keyed(idempotencyKey));
  }

  createPromotionCode(params: Stripe.PromotionCodeCreateParams, idempotencyKey?: string) {
    return this.stripe.promotionCodes.create(params, keyed(idempotencyKey));
  }

  /** The provider's customer portal; it returns the customer to `returnUrl`. */
  portalSession(customer: string, returnUrl: string) {
    return this.stripe.billingPortal.sessions.create({ customer, return_url: returnUrl });
  }

  /**
   * When the provider made the answer (its `Date` header, whole seconds), or null for an answer that
   * replays an earlier request's under the same idempotency key (its object may be older than that).
   */
  answeredAt(answer: { lastResponse?: { headers: Record<string, string> } }): Date | null {
    // The SDK's raw response: Node's (headers a plain object) or, with the fetch client, fetch's.
    const headers: unknown = answer.lastResponse?.headers;
    const header = (name: string) =>
      headers instanceof Headers
        ? headers.get(name)
        : (headers as Record<string, string> | undefined)?.[name];
    if (header('idempotent-replayed') === 'true') return null;
    const at = Date.parse(header('date') ?? '');
    return Number.isFinite(at) ? new Date(at) : null;
  }

  /** The billing module's name for `verifyWebhook` (its PaymentsPort). */
  verifyEvent(rawBody: string, signature: string): Stripe.Event {
    return this.verifyWebhook(rawBody, signature || undefined);
  }

  /** A webhook's event, after its `Stripe-Signature` header verified against the raw body. */
  verifyWebhook(rawBody: string | Buffer, signature: string | undefined): Stripe.Event {
    if (!signature) throw new WebhookSignatureError('the Stripe-Signature header is missing');
    try {
      return this.stripe.webhooks.constructEvent(rawBody, signature, this.settings.webhookSecret);
    } catch (error) {
      throw new WebhookSignatureError((error as Error).message);
    }
  }
}

/**
 * The settings of the installation: the configured ones, or for the embedded sandbox a secret key
 * and a webhook secret generated into the data folder (the sandbox is given the same).
 */
export function paymentsSettings(config: Pick<Config, 'dataDir' | 'payments'>): PaymentsSettings {
  return {
    apiUrl: config.payments.apiUrl,
    browserApiUrl: config.payments.browserApiUrl,
    secretKey:
      config.payments.secretKey ?? `sk_test_${installationSecret(config.dataDir, 'stripe-secret-key')}`,
    publishableKey:
      config.payments.publishableKey ??
      `pk_test_${installationSecret(config.dataDir, 'stripe-publishable-key')}`,
    webhookSecret:
      config.payments.webhookSecret ?? `whsec_${installationSecret(config.dataDir, 'stripe-webhook-secret')}`,
  };
}
