import { describe, expect, it } from 'vitest';
import type { PricePlan } from '@signet/contracts/billing';
import { freePlanTerms, migrationDialogOf } from './plan-changes.ts';

const plan = (name: string, qualities: PricePlan['qualities'], seatsMax: number, free: number | null) =>
  ({
    plan: name,
    cycle: 'monthly',
    currency: 'CHF',
    amount: 0,
    providerPriceId: `price_${name}`,
    qualities,
    seats: { included: 1, max: seatsMax },
    licenses: {
      idents: {
        eidas: { payForMembers: false, payForInvitations: false },
        zertes: { payForMembers: false, payForInvitations: false },
      },
    },
    freeSignaturesPerMonth: free,
  }) satisfies PricePlan;

describe('free plan terms', () => {
  const free = plan('free', ['ses'], 1, 5);

  it('keeps the qualities both plans have, loses the others, and counts the seats beyond the free one', () => {
    const pro = plan('pro', ['ses', 'aes', 'qes', 'part11'], 250, null);
    expect(freePlanTerms(pro, free, 6)).toEqual({
      signaturesPerMonth: 5,
      seats: 1,
      seatsLost: 5,
      keeps: ['ses'],
      loses: ['aes', 'qes', 'part11'],
    });
  });

  it('loses nothing from a plan the free plan covers, and with an unknown current plan', () => {
    expect(freePlanTerms(plan('individual', ['ses'], 1, null), free, 1)).toMatchObject({
      seatsLost: 0,
      loses: [],
    });
    expect(freePlanTerms(undefined, free, 1)).toMatchObject({ keeps: ['ses'], loses: [] });
  });
});

describe('plan migration dialog', () => {
  it('is the fair-flat dialog for a legacy plan and the free migration dialog without a plan', () => {
    expect(
      migrationDialogOf({
        kind: 'fair_flat',
        from: 'sme_v2',
        to: 'team',
        effectiveAt: '2027-01-01T00:00:00Z',
        moved: false,
      }),
    ).toEqual({
      name: 'fair-flat-migration',
      from: 'sme_v2',
      to: 'team',
      effectiveAt: '2027-01-01T00:00:00Z',
      moved: false,
    });
    expect(
      migrationDialogOf({ kind: 'free', from: null, to: 'free_migrated', effectiveAt: null, moved: true }),
    ).toMatchObject({ name: 'free-migration', to: 'free_migrated', moved: true });
  });

  it('is none once acknowledged (no notice)', () => {
    expect(migrationDialogOf(null)).toBeNull();
  });
});
