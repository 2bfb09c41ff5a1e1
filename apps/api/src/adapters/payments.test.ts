import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import type Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  paymentsSandboxPlugin,
  startPaymentsSandbox,
  stripeSignature,
  type RunningPaymentsSandbox,
} from '@signet/trust-services';
import { databaseKinds } from '../../test/helpers.ts';
import { useTestApp } from '../../test/factories.ts';
import { PaymentsAdapter, paymentsSettings, WebhookSignatureError } from './payments.ts';

const secretKey = 'sk_test_adapter_0123456789abcdef';
const webhookSecret = 'whsec_adapter_0123456789abcdef0123';
const publishableKey = 'pk_test_adapter_0123456789abcdef';

/** Signet's webhook endpoint as the adapter sees it: raw body and signature header of each delivery. */
let receiver: Server;
const received: { body: string; signature: string }[] = [];
let sandbox: RunningPaymentsSandbox;
let dir: string;
beforeAll(async () => {
  receiver = createServer((request: IncomingMessage, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      received.push({ body, signature: String(request.headers['stripe-signature']) });
      response.statusCode = 200;
      response.end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  dir = mkdtempSync(join(tmpdir(), 'signet-payments-adapter-'));
  sandbox = await startPaymentsSandbox({
    dataDir: dir,
    secretKey,
    webhook: { url: `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/`, secret: webhookSecret },
    webhookFirstRetryMs: 30,
  });
});
afterAll(async () => {
  await sandbox?.close();
  await new Promise((resolve) => receiver.close(resolve));
  rmSync(dir, { recursive: true, force: true });
});

describe('the payments adapter', () => {
  it('makes the billing calls through the official SDK against an API at the root, as Stripe serves it', async () => {
    const payments = new PaymentsAdapter({ apiUrl: sandbox.url, secretKey, publishableKey, webhookSecret });
    const customer = await payments.createCustomer(
      { email: 'admin@example.ch', metadata: { businessId: 'b-1' } },
      'customer-b-1',
    );
    expect(
      (
        await payments.createCustomer(
          { email: 'admin@example.ch', metadata: { businessId: 'b-1' } },
          'customer-b-1',
        )
      ).id,
    ).toBe(customer.id);
    const intent = await payments.createSetupIntent({
      customer: customer.id,
      allowed_payment_method_types: ['card', 'sepa_debit'],
    });
    expect(intent.usage).toBe('off_session');
    const confirmed = await payments.confirmSetupIntent(intent.id, { payment_method: 'pm_card_visa' });
    await payments.setDefaultPaymentMethod(customer.id, confirmed.payment_method as string);
    const { methods, defaultId } = await payments.listPaymentMethods(customer.id);
    expect(methods.map((m) => m.id)).toEqual([confirmed.payment_method]);
    expect(defaultId).toBe(confirmed.payment_method);

    const product = await payments.stripe.products.create({ id: 'team', name: 'Signet Team' });
    await payments.stripe.prices.create({
      product: product.id,
      currency: 'chf',
      unit_amount: 1500,
      recurring: { interval: 'month' },
      lookup_key: 'team_month_chf',
    });
    const [price] = (await payments.listPrices({ lookup_keys: ['team_month_chf'] })).data;
    const subscription = await payments.createSubscription(
      { customer: customer.id, items: [{ price: price!.id, quantity: 2 }] },
      'upgrade-b-1',
    );
    expect(subscription.status).toBe('active');
    expect((subscription.latest_invoice as Stripe.Invoice).amount_paid).toBe(3000);
    const item = subscription.items.data[0]!;
    const preview = await payments.previewInvoice({
      subscription: subscription.id,
      subscription_details: { items: [{ id: item.id, quantity: 4 }], proration_behavior: 'always_invoice' },
    });
    expect(preview.amount_due).toBeGreaterThan(0);
    expect(preview.amount_due).toBeLessThanOrEqual(3000);
    const seats = await payments.updateSubscription(
      subscription.id,
      { items: [{ id: item.id, quantity: 4 }], proration_behavior: 'always_invoice' },
      'seats-b-1-4',
    );
    expect(seats.items.data[0]!.quantity).toBe(4);
    expect((await payments.cancelAtPeriodEnd(subscription.id)).cancel_at_period_end).toBe(true);
    expect((await payments.reactivate(subscription.id)).cancel_at_period_end).toBe(false);
    const invoices = await payments.listInvoices({ customer: customer.id });
    expect(invoices.data.map((i) => i.billing_reason)).toEqual([
      'subscription_update',
      'subscription_create',
    ]);
    const portal = await payments.portalSession(customer.id, 'http://localhost:3000/business/billing');
    expect(portal.url.startsWith(`${sandbox.url}/pages/portal/`)).toBe(true);
    expect((await payments.cancelNow(subscription.id)).status).toBe('canceled');
    expect((await payments.retrieveSubscription(subscription.id)).status).toBe('canceled');

    const coupon = await payments.stripe.coupons.create({ percent_off: 10, duration: 'forever' });
    await payments.stripe.promotionCodes.create({
      promotion: { type: 'coupon', coupon: coupon.id },
      code: 'SIGNET10',
    });
    const promotion = await payments.findPromotionCode('signet10');
    expect((promotion?.promotion.coupon as Stripe.Coupon).percent_off).toBe(10);
    expect(await payments.findPromotionCode('NOPE')).toBeNull();
  });

  it('verifies webhooks exactly as signed by the provider, and refuses anything else', async () => {
    const payments = new PaymentsAdapter({ apiUrl: sandbox.url, secretKey, publishableKey, webhookSecret });
    const customer = await payments.createCustomer({ email: 'hooks@example.ch' });
    const deadline = Date.now() + 5000;
    while (!received.some((r) => r.body.includes(customer.id)) && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 20));
    const delivery = received.find((r) => r.body.includes(customer.id))!;
    const event = payments.verifyWebhook(delivery.body, delivery.signature);
    expect(event).toMatchObject({ type: 'customer.created', data: { object: { id: customer.id } } });
    expect(() =>
      payments.verifyWebhook(delivery.body.replace('hooks@', 'evil@'), delivery.signature),
    ).toThrow(WebhookSignatureError);
    expect(() => payments.verifyWebhook(delivery.body, undefined)).toThrow(WebhookSignatureError);
    const old = Math.floor(Date.now() / 1000) - 3600;
    expect(() =>
      payments.verifyWebhook(delivery.body, stripeSignature(webhookSecret, old, delivery.body)),
    ).toThrow(/tolerance/);
    const other = new PaymentsAdapter({
      apiUrl: sandbox.url,
      secretKey,
      publishableKey,
      webhookSecret: 'whsec_someone_else_0123456789',
    });
    expect(() => other.verifyWebhook(delivery.body, delivery.signature)).toThrow(WebhookSignatureError);
  });

  it("tells when the provider answered, by its clock (the sandbox's, moved a day on)", async () => {
    const payments = new PaymentsAdapter({ apiUrl: sandbox.url, secretKey, publishableKey, webhookSecret });
    const moved = await fetch(`${sandbox.url}/test/clock/advance`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ seconds: 86_400 }),
    });
    const { now } = (await moved.json()) as { now: number };
    const customer = await payments.createCustomer({ email: 'clock@example.ch' }, 'k-clock');
    const answered = payments.answeredAt(customer)!.getTime() / 1000;
    expect(answered).toBeGreaterThanOrEqual(now);
    expect(answered - now).toBeLessThan(5);
    expect(
      payments.answeredAt(await payments.createCustomer({ email: 'clock@example.ch' }, 'k-clock')),
    ).toBeNull();
  });

  it('reaches an API mounted below a path (the embedded sandbox is at /sandbox/payments)', async () => {
    const host: FastifyInstance = Fastify();
    const mountDir = mkdtempSync(join(tmpdir(), 'signet-payments-mount-'));
    try {
      await host.register(
        async (mount) =>
          paymentsSandboxPlugin(mount, {
            dataDir: mountDir,
            secretKey,
            publicBaseUrl: 'http://127.0.0.1/sandbox/payments',
          }),
        {
          prefix: '/sandbox/payments',
        },
      );
      await host.listen({ port: 0, host: '127.0.0.1' });
      const base = `http://127.0.0.1:${(host.server.address() as AddressInfo).port}/sandbox/payments`;
      const payments = new PaymentsAdapter({ apiUrl: `${base}/`, secretKey, publishableKey, webhookSecret });
      const customer = await payments.createCustomer({ email: 'mounted@example.ch' }, 'k-mounted');
      expect((await payments.stripe.customers.retrieve(customer.id)).id).toBe(customer.id);
      // Through fetch (this SDK client) the provider's Date header is read as well; a replay has none.
      expect(Math.abs(payments.answeredAt(customer)!.getTime() - Date.now())).toBeLessThan(5000);
      expect(
        payments.answeredAt(await payments.createCustomer({ email: 'mounted@example.ch' }, 'k-mounted')),
      ).toBeNull();
      const wrongKey = new PaymentsAdapter({
        apiUrl: base,
        secretKey: 'sk_test_wrong_0123456789',
        publishableKey,
        webhookSecret,
      });
      await expect(wrongKey.createCustomer({ email: 'x@example.ch' })).rejects.toMatchObject({
        statusCode: 401,
      });
    } finally {
      await host.close();
      rmSync(mountDir, { recursive: true, force: true });
    }
  });
});

describe.each(databaseKinds)('the embedded payments sandbox on %s', (kind) => {
  const t = useTestApp(kind, { listen: true });

  it('answers the adapter with the installation secrets at $TRUST_SERVICES_URL/payments, its pages at the public address', async () => {
    const settings = paymentsSettings(t.config);
    expect(settings.apiUrl).toBe(`${t.config.trustServicesUrl}/payments`);
    expect(settings.secretKey).toMatch(/^sk_test_[\w-]{43}$/);
    expect(settings.publishableKey).toMatch(/^pk_test_[\w-]{43}$/);
    // The browser reaches the embedded sandbox at Signet's public address, the server on its own.
    expect(new PaymentsAdapter(settings).browserSettings()).toEqual({
      apiUrl: `${t.config.publicUrl}/sandbox/payments`,
      publishableKey: settings.publishableKey,
    });
    // The browser's key makes payment methods at the embedded sandbox, and reads nothing else.
    const pk = {
      authorization: `Bearer ${settings.publishableKey}`,
      'content-type': 'application/x-www-form-urlencoded',
    };
    const card = await t.app.inject({
      method: 'POST',
      url: '/sandbox/payments/v1/payment_methods',
      headers: pk,
      payload: 'type=card&card[number]=4242424242424242&card[exp_month]=1&card[exp_year]=2040',
    });
    expect(card.json()).toMatchObject({ object: 'payment_method', card: { last4: '4242' } });
    expect(
      (await t.app.inject({ method: 'GET', url: '/sandbox/payments/v1/customers', headers: pk })).statusCode,
    ).toBe(403);
    expect(paymentsSettings(t.config)).toEqual(settings);
    const payments = new PaymentsAdapter(settings);
    const customer = await payments.createCustomer({ email: 'embedded@example.ch' });
    const intent = await payments.createSetupIntent({
      customer: customer.id,
      payment_method: 'pm_card_authenticationRequired',
      confirm: true,
      return_url: `${t.config.publicUrl}/upgrade`,
    });
    expect(intent.status).toBe('requires_action');
    expect(
      intent.next_action?.redirect_to_url?.url?.startsWith(
        `${t.config.publicUrl}/sandbox/payments/pages/authenticate/`,
      ),
    ).toBe(true);
    const stranger = await t.app.inject({
      method: 'GET',
      url: '/sandbox/payments/v1/customers',
      headers: { authorization: 'Bearer sk_test_guess' },
    });
    expect(stranger.statusCode).toBe(401);
    expect(stranger.json().error.type).toBe('invalid_request_error');
    // The clock is a sandbox control: this machine, or the access secret.
    const remote = await t.app.inject({
      method: 'POST',
      url: '/sandbox/payments/test/clock/advance',
      payload: { seconds: 60 },
      remoteAddress: '203.0.113.9',
    });
    expect(remote.statusCode).toBe(401);
    const local = await t.app.inject({
      method: 'POST',
      url: '/sandbox/payments/test/clock/advance',
      payload: { seconds: 60 },
    });
    expect(local.statusCode).toBe(200);
  });
});
