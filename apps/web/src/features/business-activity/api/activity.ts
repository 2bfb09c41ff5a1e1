import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { businessActivityEndpoints } from '@signet/contracts/endpoints/business-activity';
import type { Endpoint, ResponseOf } from '@signet/contracts/endpoint';
import { callApi } from '../../../lib/api-client.ts';
import { saveBlob } from '../../../lib/save-blob.ts';

export type ActivityTab = 'signatures' | 'accounts' | 'identifications';

/** What a report page asks for: the page, its size, the sort and the days (both ends included). */
export interface ReportQuery {
  page: number;
  size: number;
  sort: string;
  startDate: string;
  endDate: string;
}

const listEndpoints = {
  accounts: businessActivityEndpoints.accountActivity,
  signatures: businessActivityEndpoints.signatureActivity,
  identifications: businessActivityEndpoints.identificationActivity,
} as const;

/** One page of a report; the previous page stays on screen while the next one loads. */
export function useReport<T extends ActivityTab>(businessId: string, tab: T, query: ReportQuery) {
  return useQuery({
    queryKey: ['business', businessId, 'activity', tab, query] as const,
    placeholderData: keepPreviousData,
    queryFn: () =>
      callApi(listEndpoints[tab] as Endpoint as (typeof listEndpoints)['signatures'], {
        params: { businessId },
        query: {
          page: query.page,
          size: query.size,
          sort: query.sort,
          start_date: query.startDate,
          end_date: query.endDate,
        },
        retry: true,
      }) as Promise<ResponseOf<(typeof listEndpoints)[T]>>,
  });
}

/**
 * Downloads an export of the days given, under the name the server gives it too
 * (signature_usage_…, cost_centre_report_…, identifications_…).
 */
export async function downloadExport(
  businessId: string,
  what: 'signature_usage' | 'cost_centre_report' | 'identifications',
  range: { startDate: string; endDate: string },
): Promise<void> {
  const query = { start_date: range.startDate, end_date: range.endDate };
  const blob =
    what === 'identifications'
      ? await callApi(businessActivityEndpoints.exportIdentifications, { params: { businessId }, query })
      : await callApi(businessActivityEndpoints.exportSignatures, {
          params: { businessId },
          query: { ...query, group_by: what === 'cost_centre_report' ? 'member' : 'signature' },
        });
  saveBlob(blob, `${what}_${range.startDate}_${range.endDate}.csv`);
}

export function useOverview(businessId: string) {
  return useQuery({
    queryKey: ['business', businessId, 'overview'],
    queryFn: () => callApi(businessActivityEndpoints.overview, { params: { businessId }, retry: true }),
  });
}

/** The twelve months up to this one. */
export function useStatistics(businessId: string) {
  return useQuery({
    queryKey: ['business', businessId, 'statistics'],
    queryFn: () =>
      callApi(businessActivityEndpoints.statistics, { params: { businessId }, query: {}, retry: true }),
  });
}
