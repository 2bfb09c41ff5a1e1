import { queryOptions } from '@tanstack/react-query';
import { platformEndpoints } from '@signet/contracts/endpoints/platform';
import { callApi } from '../api-client.ts';
import { reportError } from '../error-reporter.ts';
import { createFailureCounter, toMaintenanceNotice, type MaintenanceNotice } from '../maintenance.ts';

const failures = createFailureCounter((error, count) =>
  reportError(error, { context: 'status-poll', count }),
);

/** The maintenance notice from the status summary. A failing poll means "no news": the last answer stands. */
async function getMaintenanceNotice(): Promise<MaintenanceNotice> {
  try {
    const notice = toMaintenanceNotice(await callApi(platformEndpoints.statusSummary));
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
