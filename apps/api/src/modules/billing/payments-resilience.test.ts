import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BillingInformation, UpgradeResult } from '@signet/contracts/billing';
import { PaymentsAdapter, stripeWebhookPath } from '../../adapters/payments.ts';
import { billingEvents, businessBilling } from '../../db/schema/billing.ts';
import { businesses } from '../../db/schema/businesses.ts';
import { createTestApp, databaseKinds, freePort, json } from '../../../test/helpers.ts';
import { withFactories, type FactoryApp, type TestUser } from '../../../test/factories.ts';
import { addPaymentMethod, eventually, providerOf } from '../../../test/payments.ts';

// Resilience of the payments path (issue 16): one billing scenario against the payments sandbox run
// as a process of its own (serve.ts), every webhook it sends recorded on the way to Signet. Replaying
// them all changes nothing; a second run, with the sandbox killed and restarted mid-run while Signet
// was unreachable, ends in the same state (the sandbox retries what it could not deliver).

const keys = {
  STRIPE_SECRET_KEY: 'sk_test_signet_resilience_0123456789',
  STRIPE_PUBLISHABLE_KEY: 'pk_test_signet_resilience_0123456789',
  STRIPE_WEBHOOK_SECRET: 'whsec_signet_resilience_0123456789abcdef',
};
const day = 24 * 60 * 60;
const serveScript = join(
  dirname(fileURLToPath(import.meta.resolve('@signet/trust-services'))),
  'payments/serve.ts',
);

interface Recorded {
  id: string;
  body: string;
  status: number;
}

/** Stands between the sandbox and Signet: records each delivery, forwards it, or refuses it (Signet down). */
class RecordingProxy {
  readonly deliveries: Recorded[] = [];
  target = '';
  down = false;
  url = '';
  private server: Server | undefined;

  async start(): Promise<void> {
    this.server = createServer((request, response) => {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString()));
      request.on('end', () => {
        void (async () => {
          let status = 503;
          if (!this.down) {
            const forwarded = await fetch(this.target, {
              method: 'POST',
              headers: {
                'content-type': 'application/json',
                'stripe-signature': String(request.headers['stripe-signature'] ?? ''),
              },
              body,
            });
            await forwarded.body?.cancel();
            status = forwarded.status;
          }
          this.deliveries.push({ id: (JSON.parse(body) as { id: string }).id, body, status });
          response.statusCode = status;
          response.end();
        })();
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/webhooks`;
  }

  /** Every event delivered with a 2xx, once each, in the order of their first delivery. */
  delivered(): Recorded[] {
    const seen = new Set<string>();
    return this.deliveries.filter((d) => d.status < 300 && !seen.has(d.id) && seen.add(d.id));
  }

  close(): Promise<void> {
    return new Promise((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }
}

/** serve.ts as a process of its own on a fixed port and data folder; resolves once it listens. */
function startSandbox(env: Record<string, string>): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', serveScript], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  return new Promise((resolve, reject) => {
    let output = '';
    child.stderr!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (/listening on http/.test(output)) resolve(child);
    });
    child.on('exit', (code) => reject(new Error(`payments sandbox exited ${code}: ${output}`)));
  });
}

describe.each(databaseKinds)('payments resilience on %s', (kind) => {
  const proxy = new RecordingProxy();
  const dataDir = mkdtempSync(join(tmpdir(), 'signet-payments-'));
  let sandboxEnv: Record<string, string>;
  let sandbox: ChildProcess;
  let sandboxUrl: string;
  let t: FactoryApp;
  let provider: PaymentsAdapter;

  beforeAll(async () => {
    await proxy.start();
    const port = await freePort();
    sandboxUrl = `http://127.0.0.1:${port}`;
    sandboxEnv = {
      PAYMENTS_DATA_DIR: dataDir,
      PAYMENTS_PORT: String(port),
      STRIPE_WEBHOOK_URL: proxy.url,
      PAYMENTS_WEBHOOK_FIRST_RETRY_MS: '200',
      ...keys,
    };
    sandbox = await startSandbox(sandboxEnv);
    t = withFactories(
      await createTestApp(kind, { listen: true, env: { STRIPE_API_URL: sandboxUrl, ...keys } }),
    );
    proxy.target = `${t.config.publicUrl}${stripeWebhookPath}`;
    provider = providerOf(t);
  });
  afterAll(async () => {
    sandbox.kill('SIGTERM');
    await t.close();
    await proxy.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const info = async (admin: TestUser, businessId: string) =>
    json<BillingInformation>(await t.call('GET', `/v1/businesses/${businessId}/billing/information`, admin));

  async function advance(seconds: number): Promise<void> {
    const moved = await fetch(`${sandboxUrl}/test/clock/advance`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ seconds }),
    });
    expect(moved.status).toBe(200);
  }

  /** Until every event the sandbox made is delivered to Signet with a 2xx. */
  async function allDelivered(): Promise<void> {
    const stripe = provider.stripe;
    await eventually(
      'webhooks undelivered',
      async () => {
        const made = await stripe.events.list({ limit: 100 }).autoPagingToArray({ limit: 10_000 });
        const delivered = new Set(proxy.delivered().map((d) => d.id));
        return made.filter((event) => !delivered.has(event.id)).map((event) => event.type);
      },
      (missing) => missing.length === 0,
    );
  }

  /** What the database holds of billing: every billing row, every event received, every business's state. */
  async function snapshot() {
    const db = t.database.db;
    return {
      billing: await db.select().from(businessBilling).orderBy(businessBilling.businessId),
      events: await db.select().from(billingEvents).orderBy(billingEvents.id),
      businesses: await db
        .select({
          id: businesses.id,
          paymentMethod: businesses.paymentMethod,
          billingStatus: businesses.billingStatus,
          pricePlanName: businesses.pricePlanName,
          planBase: businesses.planBase,
          updatedAt: businesses.updatedAt,
        })
        .from(businesses)
        .orderBy(businesses.id),
    };
  }

  /** One business's billing end state, without what differs between runs (ids, instants). */
  async function endState(businessId: string) {
    const db = t.database.db;
    const [billing] = await db
      .select()
      .from(businessBilling)
      .where(eq(businessBilling.businessId, businessId));
    const [business] = await db.select().from(businesses).where(eq(businesses.id, businessId));
    const events = await db.select().from(billingEvents).where(eq(billingEvents.businessId, businessId));
    return {
      paymentMethod: business?.paymentMethod,
      billingStatus: business?.billingStatus,
      pricePlanName: business?.pricePlanName,
      planBase: { current: business?.planBase?.current?.type, next: business?.planBase?.next?.type ?? null },
      subscriptionStatus: billing?.subscriptionStatus,
      cycle: billing?.cycle,
      currency: billing?.currency,
      seatsPurchased: billing?.seatsPurchased,
      cancelAtPeriodEnd: billing?.cancelAtPeriodEnd,
      paymentFailedAt: billing?.paymentFailedAt ?? null,
      errorCode: billing?.errorCode,
      eventTypes: events.map((e) => e.type).sort(),
      // Whether a webhook found the state already there (an answer applied it) may differ; never ignored.
      eventOutcomes: [...new Set(events.map((e) => e.outcome))].filter((o) => o === 'ignored'),
    };
  }

  /**
   * Trial → card → Team → four seats → cancel → reactivate → a renewal that fails → paid on retry.
   * With an `outage`, Signet's endpoint is unreachable from the start until `end`, which runs once the
   * renewal's webhooks were made: every state until then comes from the calls' answers alone.
   */
  async function scenario(outage?: { end: () => Promise<void> }) {
    proxy.down = outage !== undefined;
    const { admin, business } = await t.team();
    expect((await info(admin, business.id)).paymentMethod).toBe('TRIALING');
    await addPaymentMethod(t, admin, business.id, 'pm_card_visa');
    const upgraded = await t.call('PUT', `/v2/businesses/${business.id}/subscriptions/upgrade`, admin, {
      plan: 'team',
      cycle: 'monthly',
      currency: 'CHF',
      seats: 2,
    });
    expect(upgraded.statusCode, upgraded.body).toBe(200);
    // The answer is the new state already: no wait for the webhook.
    expect(json<UpgradeResult>(upgraded).billing).toMatchObject({
      paymentMethod: 'STRIPE',
      stripeSubscriptionStatus: 'active',
      seats: { purchased: 2 },
    });
    const seats = await t.call('PUT', `/v2/businesses/${business.id}/subscriptions/seats`, admin, {
      seats: 4,
    });
    expect(json<UpgradeResult>(seats).billing.seats.purchased).toBe(4);
    const cancelled = await t.call('POST', `/v1/businesses/${business.id}/cancel-subscription`, admin);
    expect(json<BillingInformation>(cancelled).pricePlan.next?.type).toBe('CANCELED');
    const kept = await t.call('POST', `/v1/businesses/${business.id}/reactivate-subscription`, admin);
    expect(json<BillingInformation>(kept).pricePlan.next).toBeNull();
    if (!outage) await allDelivered();

    // The card on file now declines; the renewal a month on fails (the provider's own change: webhooks only).
    await addPaymentMethod(t, admin, business.id, 'pm_card_chargeCustomerFail');
    await advance(32 * day);
    await outage?.end();
    await eventually(
      'the failed renewal',
      () => info(admin, business.id),
      (i) => i.billingStatus === 'past_due' && i.paymentIssues,
    );
    // A working card, and the provider's retry three days later is paid.
    await addPaymentMethod(t, admin, business.id, 'pm_card_visa');
    await advance(4 * day);
    await eventually(
      'the paid retry',
      () => info(admin, business.id),
      (i) => i.billingStatus === 'active' && !i.paymentIssues && i.paymentFailedAt === null,
    );
    await allDelivered();
    return business.id;
  }

  const deliver = (body: string, signature: string) =>
    t.app.inject({
      method: 'POST',
      url: stripeWebhookPath,
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
      payload: body,
    });
  const signed = (body: string, secret = keys.STRIPE_WEBHOOK_SECRET, timestamp?: number) =>
    Stripe.webhooks.generateTestHeaderString({
      payload: body,
      secret,
      ...(timestamp ? { timestamp } : {}),
    });

  let uninterrupted: Awaited<ReturnType<typeof endState>>;

  it('replaying every webhook of a run, in order and shuffled, changes nothing; forged or stale ones are refused', async () => {
    const businessId = await scenario();
    uninterrupted = await endState(businessId);
    expect(uninterrupted).toMatchObject({
      paymentMethod: 'STRIPE',
      billingStatus: 'active',
      pricePlanName: 'team',
      subscriptionStatus: 'active',
      seatsPurchased: 4,
      cancelAtPeriodEnd: false,
      errorCode: null,
      eventOutcomes: [],
    });
    expect(uninterrupted.eventTypes).toEqual(
      expect.arrayContaining(['customer.subscription.created', 'invoice.payment_failed', 'invoice.paid']),
    );
    const recorded = proxy.delivered();
    expect(recorded.length).toBeGreaterThan(10);
    const before = await snapshot();

    const shuffled = [...recorded].sort(() => Math.random() - 0.5);
    for (const { body } of [...recorded, ...shuffled]) {
      const answer = await deliver(body, signed(body));
      expect(answer.statusCode, answer.body).toBe(200);
      expect(json(answer)).toEqual({ received: true, outcome: 'replayed' });
    }
    expect(await snapshot()).toEqual(before);

    // An event Signet never saw (the subscription deleted): signed with another secret, or signed
    // ten minutes ago (a recorded delivery sent again later), it is refused and changes nothing.
    const created = recorded.find((d) => d.body.includes('"customer.subscription.created"'))!;
    const deleted = JSON.parse(created.body) as Stripe.Event;
    const unseen = JSON.stringify({
      ...deleted,
      id: `${deleted.id}_unseen`,
      type: 'customer.subscription.deleted',
      created: deleted.created + 365 * day,
      data: { object: { ...deleted.data.object, status: 'canceled' } },
    });
    const forged = await deliver(unseen, signed(unseen, 'whsec_someone_else_0123456789abcdef'));
    expect(json(forged)).toMatchObject({ statusCode: 400, code: 'PAYMENTS_EVENT_INVALID' });
    const old = await deliver(unseen, signed(unseen, undefined, Math.floor(Date.now() / 1000) - 600));
    expect(json(old)).toMatchObject({ statusCode: 400, code: 'PAYMENTS_EVENT_INVALID' });
    expect(await snapshot()).toEqual(before);
    // Signed as it should be, the same event would have ended the subscription.
    expect(json(await deliver(unseen, signed(unseen)))).toEqual({ received: true, outcome: 'applied' });
  });

  it('ends in the same state when the sandbox is killed and restarted mid-run, its missed webhooks retried', async () => {
    expect(uninterrupted).toBeDefined();
    let refused = 0;
    const businessId = await scenario({
      end: async () => {
        // Every webhook so far was refused; the sandbox dies with them pending, and comes back.
        const renewal = (d: Recorded) => d.status === 503 && d.body.includes('"invoice.payment_failed"');
        await eventually(
          'a refused renewal',
          async () => proxy.deliveries.filter(renewal).length,
          (n) => n > 0,
        );
        refused = proxy.deliveries.filter((d) => d.status === 503).length;
        const exited = new Promise((resolve) => sandbox.once('exit', resolve));
        sandbox.kill('SIGKILL');
        await exited;
        proxy.down = false;
        sandbox = await startSandbox(sandboxEnv);
      },
    });
    expect(refused).toBeGreaterThan(0);
    expect(await endState(businessId)).toEqual(uninterrupted);
  });
});
