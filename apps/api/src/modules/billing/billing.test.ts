import { describe, expect, it } from 'vitest';
import type { BillingInformation, PricePlans } from '@signet/contracts/billing';
import { createTestApp, databaseKinds, json } from '../../../test/helpers.ts';
import { useTestApp } from '../../../test/factories.ts';
import { initialCatalogue } from './plan-catalogue.ts';

// The price catalogue (plan-catalogue.ts, GET /v2/businesses/price_plans) and the admins' billing
// information (billing.service.ts); the events that change it: payments-events.test.ts.

describe.each(databaseKinds)('plans and billing information on %s', (kind) => {
  const t = useTestApp(kind);

  it('answers the catalogue in the currency of the caller’s language, or the one asked for', async () => {
    const english = await t.user({ lang: 'en-gb' });
    const german = await t.user({ lang: 'de-ch' });
    const mine = json<PricePlans>(await t.call('GET', '/v2/businesses/price_plans', english));
    // signet.test is on the CH platform: EUR for en-gb (spec §9).
    expect(mine).toMatchObject({ currency: 'EUR', platform: 'CH' });
    expect(new Set(mine.plans.map((p) => p.currency))).toEqual(new Set(['EUR']));
    expect(json<PricePlans>(await t.call('GET', '/v2/businesses/price_plans', german)).currency).toBe('CHF');
    const asked = json<PricePlans>(await t.call('GET', '/v2/businesses/price_plans?currency=CHF', english));
    expect(asked.currency).toBe('CHF');
    expect(
      json<PricePlans>(await t.call('GET', '/v2/businesses/price_plans?lang=fr-ch', english)).currency,
    ).toBe('CHF');
    // Every plan in both cycles, cheapest plan first, with what it allows.
    expect(asked.plans.map((p) => `${p.plan}/${p.cycle}`)).toEqual(
      ['free', 'individual', 'team', 'pro', 'scale'].flatMap((plan) => [`${plan}/monthly`, `${plan}/yearly`]),
    );
    const team = asked.plans.find((p) => p.plan === 'team' && p.cycle === 'monthly');
    expect(team).toMatchObject({
      amount: 2900,
      providerPriceId: 'price_signet_team_monthly_chf',
      qualities: ['ses', 'aes', 'qes'],
      seats: { included: 2, max: 50 },
      licenses: { idents: { zertes: { payForMembers: true, payForInvitations: false } } },
      freeSignaturesPerMonth: null,
    });
    expect(asked.plans.find((p) => p.plan === 'free')?.freeSignaturesPerMonth).toBe(5);
  });

  it('refuses a currency or language it does not know, naming the field', async () => {
    const user = await t.user();
    const bad = await t.call('GET', '/v2/businesses/price_plans?currency=USD', user);
    expect(json(bad)).toMatchObject({
      statusCode: 400,
      code: 'VALIDATION_FAILED',
      field: 'querystring.currency',
    });
    const nobody = await t.call('GET', '/v2/businesses/price_plans', null);
    expect(json(nobody)).toMatchObject({ statusCode: 401, code: 'UNAUTHENTICATED' });
  });

  it('reads what an operator changed in the catalogue, and the seed never overwrites it', async () => {
    const user = await t.user({ lang: 'de-ch' });
    await t.database.db.execute(
      "update price_plans set amount = 3100 where id = 'team_monthly_chf'" as never,
    );
    const { seedPlanCatalogue } = await import('./plan-catalogue.ts');
    await seedPlanCatalogue(t.database.db);
    const plans = json<PricePlans>(await t.call('GET', '/v2/businesses/price_plans', user)).plans;
    expect(plans.find((p) => p.plan === 'team' && p.cycle === 'monthly')?.amount).toBe(3100);
    expect(plans).toHaveLength(initialCatalogue().filter((row) => row.currency === 'CHF').length);
  });

  it('shows a new business its trial, for its admins only', async () => {
    const { admin, member, business } = await t.team();
    const answer = await t.call('GET', `/v1/businesses/${business.id}/billing/information`, admin);
    expect(answer.statusCode, answer.body).toBe(200);
    const info = json<BillingInformation>(answer);
    expect(info).toMatchObject({
      paymentMethod: 'TRIALING',
      billingStatus: 'trialing',
      provider: null,
      stripeSubscriptionStatus: null,
      paymentIssues: false,
      pricePlan: { name: 'team', current: { type: 'TRIAL' }, next: null, discounts: [] },
      seats: { used: 2, purchased: null },
      renewsAt: null,
    });
    expect(info.trial?.endAt).toBe(info.pricePlan.current.endAt);
    // Spec §2: members cannot use billing settings.
    const refused = await t.call('GET', `/v1/businesses/${business.id}/billing/information`, member);
    expect(json(refused)).toMatchObject({ statusCode: 403, code: 'BUSINESS_ADMINS_ONLY' });
  });

  it('registers the test-only control of the billing rules only when NODE_ENV=test', async () => {
    const sweep = await t.call('POST', '/test/jobs/billing-rules', null, { asOf: new Date().toISOString() });
    expect(sweep.statusCode).toBe(200);
    const development = await createTestApp(kind, { env: { NODE_ENV: 'development' } });
    try {
      const absent = await development.app.inject({
        method: 'POST',
        url: '/api/test/jobs/billing-rules',
        headers: { 'content-type': 'application/json' },
        payload: { asOf: new Date().toISOString() },
      });
      expect(absent.statusCode).toBe(404);
    } finally {
      await development.close();
    }
  });
});
