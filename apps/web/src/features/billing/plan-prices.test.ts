import { describe, expect, it } from 'vitest';
import type { PricePlan } from '@signet/contracts/billing';
import { formatPrice, offeredPlans, yearlySaving } from './plan-prices.ts';

const price = (plan: string, cycle: 'monthly' | 'yearly', amount: number): PricePlan => ({
  plan,
  cycle,
  currency: 'CHF',
  amount,
  providerPriceId: `price_${plan}_${cycle}`,
  qualities: ['ses'],
  seats: { included: 1, max: 1 },
  licenses: {
    idents: {
      eidas: { payForMembers: false, payForInvitations: false },
      zertes: { payForMembers: false, payForInvitations: false },
    },
  },
  freeSignaturesPerMonth: null,
});

describe('plan prices', () => {
  it('formats minor units per language and currency', () => {
    expect(formatPrice({ amount: 2900, currency: 'EUR' }, 'en-gb')).toBe('€29.00');
    expect(formatPrice({ amount: 2900, currency: 'CHF' }, 'de-ch')).toMatch(/^CHF.29\.00$/);
    expect(formatPrice({ amount: 2750, currency: 'EUR' }, 'fr-ch')).toMatch(/^27\.50.€$/);
  });

  it('offers the four plans of spec §1 in order, without free or unknown ones', () => {
    const plans = [price('scale', 'monthly', 1), price('free', 'monthly', 0), price('team', 'monthly', 2)];
    plans.push(price('team', 'yearly', 20), price('ent_acme', 'monthly', 9));
    expect(offeredPlans(plans, 'monthly').map((p) => p.plan)).toEqual(['team', 'scale']);
    expect(offeredPlans(plans, 'yearly').map((p) => p.plan)).toEqual(['team']);
  });

  it('says what a year saves against twelve months', () => {
    expect(yearlySaving([price('team', 'monthly', 2900), price('team', 'yearly', 27600)], 'team')).toBe(21);
    expect(yearlySaving([price('team', 'monthly', 1000), price('team', 'yearly', 12000)], 'team')).toBe(0);
    expect(yearlySaving([price('team', 'yearly', 12000)], 'team')).toBe(0);
  });
});
