import type { PlanMigrationNotice, PricePlan } from '@signet/contracts/billing';

type Quality = PricePlan['qualities'][number];

/** What the free plan keeps and loses of the current plan (spec §2 free plan downgrade dialog). */
export interface FreePlanTerms {
  /** Free signatures a month on the free plan; null: not limited. */
  signaturesPerMonth: number | null;
  seats: number;
  /** Seats the business has now and would lose beyond the free plan's. */
  seatsLost: number;
  keeps: Quality[];
  loses: Quality[];
}

/** The free plan's limits against the current plan's, from the catalogue. */
export function freePlanTerms(
  current: PricePlan | undefined,
  free: PricePlan,
  seatsNow: number,
): FreePlanTerms {
  const now = current?.qualities ?? free.qualities;
  return {
    signaturesPerMonth: free.freeSignaturesPerMonth,
    seats: free.seats.max,
    seatsLost: Math.max(0, seatsNow - free.seats.max),
    keeps: now.filter((quality) => free.qualities.includes(quality)),
    loses: now.filter((quality) => !free.qualities.includes(quality)),
  };
}

/** Which dialog tells of a plan migration (spec §2 fair-flat and free migration), with its values. */
export function migrationDialogOf(notice: PlanMigrationNotice['notice']) {
  if (!notice) return null;
  return {
    name: notice.kind === 'free' ? ('free-migration' as const) : ('fair-flat-migration' as const),
    from: notice.from,
    to: notice.to,
    effectiveAt: notice.effectiveAt,
    moved: notice.moved,
  };
}
