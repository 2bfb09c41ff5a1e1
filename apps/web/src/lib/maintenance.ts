import { z } from 'zod';

/** Spec §3 maintenance notice. */
export interface MaintenanceNotice {
  activeMaintenance: { url: string; isBlocking: boolean } | null;
}

/** The part of a Statuspage-compatible summary the app reads. */
export const StatusSummary = z.object({
  scheduled_maintenances: z
    .array(
      z.object({
        id: z.string(),
        name: z.string(),
        status: z.string(),
        impact: z.string(),
        shortlink: z.string().nullable().optional(),
      }),
    )
    .default([]),
});
export type StatusSummary = z.infer<typeof StatusSummary>;

/** Active = a maintenance in progress; blocking when its impact is critical. */
export function toMaintenanceNotice(summary: StatusSummary): MaintenanceNotice {
  const active = summary.scheduled_maintenances.find((item) => item.status === 'in_progress');
  if (!active) return { activeMaintenance: null };
  return { activeMaintenance: { url: active.shortlink ?? '', isBlocking: active.impact === 'critical' } };
}

/** Spec §8: polling failures are reported only after more than 5 in a row. */
const reportAfterFailures = 5;

export function createFailureCounter(report: (error: unknown, count: number) => void) {
  let consecutive = 0;
  return {
    success() {
      consecutive = 0;
    },
    failure(error: unknown) {
      consecutive += 1;
      if (consecutive > reportAfterFailures) report(error, consecutive);
    },
    get count() {
      return consecutive;
    },
  };
}
