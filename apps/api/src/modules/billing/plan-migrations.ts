import type { PlanMigrationNotice } from '@signet/contracts/billing';

// Spec §4: the legacy plans ent_v2 and sme_v2, and businesses without a plan (before the 2023
// pricing), move to a plan of the current catalogue (plan-catalogue.ts). Fair-flat: a legacy plan
// goes to the current plan of its price class; free migration: no plan goes to free_migrated.
// This table is the one place that says where each goes.

const migrations: Record<string, { kind: 'fair_flat' | 'free'; to: string }> = {
  ent_v2: { kind: 'fair_flat', to: 'scale' },
  sme_v2: { kind: 'fair_flat', to: 'team' },
};
const withoutPlan = { kind: 'free' as const, to: 'free_migrated' };

type Notice = NonNullable<PlanMigrationNotice['notice']>;

/**
 * Where a business's plan moves, if it moves: `periodEnd` is the end of its paid period (the move
 * happens then), null when none runs. Current plans (and free_v1, free_migrated) stay.
 */
export function planMigrationOf(plan: string | null, periodEnd: Date | null, now: Date): Notice | null {
  const target = plan === null ? withoutPlan : migrations[plan];
  if (!target) return null;
  const effectiveAt = periodEnd && periodEnd > now ? periodEnd.toISOString() : null;
  return { kind: target.kind, from: plan, to: target.to, effectiveAt };
}
