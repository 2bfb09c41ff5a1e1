import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../api-client.ts';
import { reportError } from '../error-reporter.ts';
import {
  createFailureCounter,
  StatusSummary,
  toMaintenanceNotice,
  type MaintenanceNotice,
} from '../maintenance.ts';

const failures = createFailureCounter((error, count) =>
  reportError(error, { context: 'status-poll', count }),
);

/** GET /status/summary.json. A failing poll means "no news": the last answer stands. */
export async function getMaintenanceNotice(): Promise<MaintenanceNotice> {
  try {
    const notice = toMaintenanceNotice(await apiRequest('/status/summary.json', {}, StatusSummary));
    failures.success();
    return notice;
  } catch (error) {
    failures.failure(error);
    throw error;
  }
}

export function maintenanceQueryOptions(pollMs: number) {
  return queryOptions({
    queryKey: ['status', 'maintenance'],
    queryFn: getMaintenanceNotice,
    staleTime: pollMs,
    refetchInterval: pollMs,
    refetchIntervalInBackground: true,
    retry: false,
  });
}
