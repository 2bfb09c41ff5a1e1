import { describe, expect, it } from 'vitest';
import type { BillingInformation } from '@signet/contracts/billing';
import { billingNotice } from './billing-notice.ts';

const now = Date.parse('2026-11-25T12:00:00Z');
const info = (overrides: Partial<BillingInformation>): BillingInformation => ({
  paymentMethod: 'STRIPE',
  billingStatus: 'active',
  provider: 'STRIPE',
  stripeSubscriptionStatus: 'active',
  paymentIssues: false,
  errorCode: null,
  pricePlan: {
    name: 'team',
    nextName: null,
    current: { type: 'MONTHLY', startAt: null, endAt: null },
    next: null,
    licenses: {
      idents: {
        eidas: { payForMembers: true, payForInvitations: false },
        zertes: { payForMembers: true, payForInvitations: false },
      },
    },
    discounts: [],
  },
  cycle: 'monthly',
  currency: 'CHF',
  trial: null,
  seats: { used: 1, limit: 2, purchased: 2 },
  renewsAt: '2026-12-25T12:00:00.000Z',
  paymentFailedAt: null,
  ...overrides,
});

describe('the billing banner', () => {
  it('says nothing for an active subscription', () => {
    expect(billingNotice(info({}), now)).toBeNull();
  });

  it('counts the trial’s whole days left, the last part-day as one', () => {
    const trial = { startAt: null, endAt: '2026-12-03T18:00:00.000Z' };
    expect(billingNotice(info({ paymentMethod: 'TRIALING', trial }), now)).toEqual({
      kind: 'trial',
      daysLeft: 9,
      endAt: trial.endAt,
    });
    const over = { startAt: null, endAt: '2026-11-24T00:00:00.000Z' };
    expect(billingNotice(info({ trial: over }), now)).toMatchObject({ kind: 'trial', daysLeft: 0 });
  });

  it('shows payment issues before the trial, and a lock instead of payment issues (spec §4)', () => {
    const pastDue = info({ stripeSubscriptionStatus: 'past_due', paymentIssues: true });
    expect(billingNotice(pastDue, now)).toEqual({ kind: 'payment_issues' });
    expect(billingNotice({ ...pastDue, paymentMethod: 'BLOCKED' }, now)).toEqual({ kind: 'blocked' });
    expect(billingNotice(info({ paymentMethod: 'NEEDS_PAYMENT_METHOD' }), now)).toEqual({
      kind: 'trial_over',
    });
  });

  it('names the end of a subscription cancelling at period end', () => {
    const next = { type: 'CANCELED' as const, startAt: '2026-12-25T12:00:00.000Z', endAt: null };
    const cancelling = info({ pricePlan: { ...info({}).pricePlan, next } });
    expect(billingNotice(cancelling, now)).toEqual({ kind: 'cancelling', endAt: next.startAt });
  });
});
