import type { Db } from '../../db/client.ts';
import type { StoredIdents } from '../../db/schema/billing.ts';
import * as repo from './billing.repository.ts';

// The catalogue Signet starts with (spec §1 plans; §9 CHF and EUR). It is written into
// `price_plans` at start only while that table is empty, so an operator's prices and provider price
// ids (UPDATE price_plans ...) are never overwritten. The provider price ids are the ones the
// payments sandbox knows; for real Stripe, set each row's provider_price_id to your price's id.

type Quality = 'ses' | 'aes' | 'qes' | 'part11';

interface PlanTerms {
  rank: number;
  qualities: Quality[];
  seatsIncluded: number;
  seatsMax: number;
  idents: StoredIdents;
  freeSignaturesPerMonth: number | null;
  /** Per seat, in minor units: [monthly, yearly] for CHF and EUR. */
  prices: Record<'CHF' | 'EUR', [number, number]>;
}

const payingFor = (members: boolean, invitations: boolean) => ({
  payForMembers: members,
  payForInvitations: invitations,
});
const none = { eidas: payingFor(false, false), zertes: payingFor(false, false) };

const terms: Record<string, PlanTerms> = {
  // Spec §4: free users sign with credit (free_signatures_remaining); five a month.
  free: {
    rank: 0,
    qualities: ['ses'],
    seatsIncluded: 1,
    seatsMax: 1,
    idents: none,
    freeSignaturesPerMonth: 5,
    prices: { CHF: [0, 0], EUR: [0, 0] },
  },
  individual: {
    rank: 1,
    qualities: ['ses', 'aes', 'qes'],
    seatsIncluded: 1,
    seatsMax: 1,
    idents: none,
    freeSignaturesPerMonth: null,
    prices: { CHF: [1500, 14400], EUR: [1500, 14400] },
  },
  team: {
    rank: 2,
    qualities: ['ses', 'aes', 'qes'],
    seatsIncluded: 2,
    seatsMax: 50,
    idents: { eidas: payingFor(true, false), zertes: payingFor(true, false) },
    freeSignaturesPerMonth: null,
    prices: { CHF: [2900, 27600], EUR: [2700, 25800] },
  },
  pro: {
    rank: 3,
    qualities: ['ses', 'aes', 'qes', 'part11'],
    seatsIncluded: 5,
    seatsMax: 250,
    idents: { eidas: payingFor(true, true), zertes: payingFor(true, true) },
    freeSignaturesPerMonth: null,
    prices: { CHF: [4900, 46800], EUR: [4500, 43200] },
  },
  scale: {
    rank: 4,
    qualities: ['ses', 'aes', 'qes', 'part11'],
    seatsIncluded: 20,
    seatsMax: 5000,
    idents: { eidas: payingFor(true, true), zertes: payingFor(true, true) },
    freeSignaturesPerMonth: null,
    prices: { CHF: [7900, 75600], EUR: [7500, 72000] },
  },
};

/** Every row of the starting catalogue: each plan in both cycles and both currencies. */
export function initialCatalogue(): repo.PricePlanRow[] {
  return Object.entries(terms).flatMap(([plan, t]) =>
    (['CHF', 'EUR'] as const).flatMap((currency) =>
      (['monthly', 'yearly'] as const).map((cycle, index) => {
        const id = `${plan}_${cycle}_${currency.toLowerCase()}`;
        return {
          id,
          plan,
          cycle,
          currency,
          amount: t.prices[currency][index] ?? 0,
          providerPriceId: `price_signet_${id}`,
          qualities: t.qualities,
          seatsIncluded: t.seatsIncluded,
          seatsMax: t.seatsMax,
          idents: t.idents,
          freeSignaturesPerMonth: t.freeSignaturesPerMonth,
          rank: t.rank,
        };
      }),
    ),
  );
}

/** At start: the starting catalogue, when the table is empty (several processes may start at once). */
export async function seedPlanCatalogue(db: Db): Promise<void> {
  if ((await repo.catalogueSize(db)) > 0) return;
  await repo.insertPricePlans(db, initialCatalogue());
}
