import type { ScheduledMaintenance } from '@signet/contracts/platform';

/** Spec §3 maintenance notice. */
export interface MaintenanceNotice {
  activeMaintenance: { url: string; isBlocking: boolean } | null;
}

/** The part of the status summary (GET /status/summary.json) the app reads. */
interface MaintenanceSummary {
  scheduled_maintenances: ReadonlyArray<Pick<ScheduledMaintenance, 'status' | 'impact' | 'shortlink'>>;
}

/** Active = a maintenance in progress; blocking when its impact is critical. */
export function toMaintenanceNotice(summary: MaintenanceSummary): MaintenanceNotice {
  const active = summary.scheduled_maintenances.find((item) => item.status === 'in_progress');
  if (!active) return { activeMaintenance: null };
  return { activeMaintenance: { url: active.shortlink, isBlocking: active.impact === 'critical' } };
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
