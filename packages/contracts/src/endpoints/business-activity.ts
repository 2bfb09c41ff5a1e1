import {
  AccountActivityPage,
  AccountActivityQuery,
  BusinessOverview,
  BusinessStatistics,
  IdentificationActivityPage,
  IdentificationActivityQuery,
  IdentificationExportQuery,
  SignatureActivityPage,
  SignatureActivityQuery,
  SignatureExportQuery,
  StatisticsQuery,
} from '../business-activity.ts';
import { BusinessParams } from '../businesses.ts';
import { defineEndpoint } from '../endpoint.ts';

/** Activity is the admins' (spec §6); another business's reports are not found. */
const ofTheAdmins = { auth: 'admin', tags: ['Business activity'], params: BusinessParams } as const;
/** CSV for spreadsheet programs: UTF-8 with a byte order mark, RFC 4180 quoting. */
const csv = { binary: ['text/csv'] } as const;

/** A business's activity reports, their CSV exports, its statistics and its overview (spec §7 Activity). */
export const businessActivityEndpoints = {
  accountActivity: defineEndpoint({
    method: 'GET',
    path: '/v2/businesses/:businessId/activities/accounts',
    ...ofTheAdmins,
    summary: 'The members, each with their signatures, requests sent and last activity in the range',
    query: AccountActivityQuery,
    status: 200,
    response: AccountActivityPage,
    errors: [],
  }),
  signatureActivity: defineEndpoint({
    method: 'GET',
    path: '/v2/businesses/:businessId/activities/signatures',
    ...ofTheAdmins,
    summary: "The members' signatures in the range",
    query: SignatureActivityQuery,
    status: 200,
    response: SignatureActivityPage,
    errors: [],
  }),
  identificationActivity: defineEndpoint({
    method: 'GET',
    path: '/v2/businesses/:businessId/activities/identifications',
    ...ofTheAdmins,
    summary: "The members' identifications started in the range",
    query: IdentificationActivityQuery,
    status: 200,
    response: IdentificationActivityPage,
    errors: [],
  }),
  exportSignatures: defineEndpoint({
    method: 'GET',
    path: '/v2/businesses/:businessId/activities/signatures/export',
    ...ofTheAdmins,
    summary:
      'CSV of the signatures in the range (default this month): each signature (signature_usage_…) or counts per member (cost_centre_report_…)',
    query: SignatureExportQuery,
    status: 200,
    response: csv,
    errors: [],
  }),
  exportIdentifications: defineEndpoint({
    method: 'GET',
    path: '/v2/businesses/:businessId/activities/identifications/export',
    ...ofTheAdmins,
    summary: 'CSV of the identifications started in the range (default this month)',
    query: IdentificationExportQuery,
    status: 200,
    response: csv,
    errors: [],
  }),
  statistics: defineEndpoint({
    method: 'GET',
    path: '/v2/businesses/:businessId/statistics',
    ...ofTheAdmins,
    summary: 'Per month: signatures by quality and members active',
    query: StatisticsQuery,
    status: 200,
    response: BusinessStatistics,
    errors: [],
  }),
  overview: defineEndpoint({
    method: 'GET',
    path: '/v2/businesses/:businessId/dashboard',
    ...ofTheAdmins,
    summary: 'Members and seats, signatures this month, open requests and the trial, for the dashboard',
    status: 200,
    response: BusinessOverview,
    errors: [],
  }),
};
