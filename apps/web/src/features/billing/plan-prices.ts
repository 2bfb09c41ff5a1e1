import type { BillingCycle, PricePlan } from '@signet/contracts/billing';
import { chosenPlans, type ChosenPlan } from '@signet/contracts/billing';
import type { Language } from '@signet/contracts/common';
import { formatMoney } from '../../lib/i18n.ts';

/** A price of the catalogue (minor units) as the language writes it, e.g. "CHF 29.00" or "29,00 €". */
export function formatPrice(plan: Pick<PricePlan, 'amount' | 'currency'>, language: Language): string {
  return formatMoney(plan.amount / 100, language, plan.currency);
}

/** The plans offered on /upgrade in one cycle, in the chooser's order; those the catalogue lacks are left out. */
export function offeredPlans(
  plans: readonly PricePlan[],
  cycle: BillingCycle,
): Array<PricePlan & { plan: ChosenPlan }> {
  return chosenPlans.flatMap((name) => {
    const price = plans.find((p) => p.plan === name && p.cycle === cycle);
    return price ? [{ ...price, plan: name }] : [];
  });
}

/** What a yearly price saves against twelve monthly ones, in whole percent (0 when it does not). */
export function yearlySaving(plans: readonly PricePlan[], plan: string): number {
  const monthly = plans.find((p) => p.plan === plan && p.cycle === 'monthly')?.amount;
  const yearly = plans.find((p) => p.plan === plan && p.cycle === 'yearly')?.amount;
  if (!monthly || yearly === undefined) return 0;
  return Math.max(0, Math.round((1 - yearly / (monthly * 12)) * 100));
}
