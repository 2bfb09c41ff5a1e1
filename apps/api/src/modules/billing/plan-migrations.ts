import type { PlanMigrationNotice } from '@signet/contracts/billing';

// Spec §4: the legacy plans ent_v2 and sme_v2, and businesses without a plan (before the 2023
// pricing), move to a plan of the current catalogue (plan-catalogue.ts). Fair-flat: a legacy plan
// goes to the current plan of its price class (ent_v2 was the enterprise price, the catalogue's top
// plan scale; sme_v2 the small-business price, team); free migration: no plan goes to free_migrated,
// which allows what the free plan allows. This table is the one place that says where each goes.

const migrations: Record<string, { kind: 'fair_flat' | 'free'; to: string }> = {
  ent_v2: { kind: 'fair_flat', to: 'scale' },
  sme_v2: { kind: 'fair_flat', to: 'team' },
};
const withoutPlan = { kind: 'free' as const, to: 'free_migrated' };

/** The legacy plans the billing job moves (besides businesses without a plan). */
export const legacyPlans = Object.keys(migrations);

type Notice = NonNullable<PlanMigrationNotice['notice']>;

/** Where a plan moves (null: it stays, as current plans, free_v1 and free_migrated do). */
export function migrationTargetOf(plan: string | null): { kind: Notice['kind']; to: string } | null {
  return plan === null ? withoutPlan : (migrations[plan] ?? null);
}

/**
 * Where a business's plan moves, if it moves: `periodEnd` is the end of its paid period (the move
 * happens then), null when none runs. A business the billing job moved already (`moved`) is told
 * where it went, from when, until an admin acknowledges it.
 */
export function planMigrationOf(
  plan: string | null,
  periodEnd: Date | null,
  now: Date,
  moved: { at: Date; from: string | null } | null = null,
): Notice | null {
  if (moved && plan !== null) {
    const kind = migrationTargetOf(moved.from)?.kind ?? 'fair_flat';
    return { kind, from: moved.from, to: plan, effectiveAt: moved.at.toISOString(), moved: true };
  }
  const target = migrationTargetOf(plan);
  if (!target) return null;
  const effectiveAt = periodEnd && periodEnd > now ? periodEnd.toISOString() : null;
  return { kind: target.kind, from: plan, to: target.to, effectiveAt, moved: false };
}
