import { Readable } from 'node:stream';
import { stringify, type ColumnOption } from 'csv-stringify';
import { qualities } from '@signet/contracts/accounts';
import type { signatureExportGroupings } from '@signet/contracts/business-activity';
import { exportRange, instantsOf, type DayRange } from './activity-range.ts';
import type { BusinessCaller } from './business-caller.ts';
import type { BusinessActivityDeps } from './business-activity.service.ts';
import * as repo from './business-activity.repository.ts';

/** A CSV answer: its file name and its bytes as they are made. */
export interface CsvExport {
  filename: string;
  stream: Readable;
}

/** Rows read from the database at a time: an export of a year never sits in memory whole. */
const batchSize = 500;

/**
 * A spreadsheet runs a cell that starts with = + - @ (or a tab or carriage return, which it skips
 * before looking) as a formula: a signer named "=HYPERLINK(…)" must stay text (OWASP CSV injection).
 */
function neutralise(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

/**
 * RFC 4180 CSV (CRLF line ends; fields with a comma, quote or line break quoted, quotes doubled),
 * with a UTF-8 byte order mark so that spreadsheet programs read the names right.
 */
function csvOf(columns: ColumnOption[], rows: AsyncIterable<Record<string, unknown>>): Readable {
  const csv = stringify({
    bom: true,
    header: true,
    columns,
    record_delimiter: 'windows',
    quoted_match: /[\r\n]/,
    cast: { string: neutralise, date: (value) => value.toISOString() },
  });
  return Readable.from(rows).pipe(csv);
}

/** Reads one report page by page, oldest first. */
async function* batches<T>(read: (paging: repo.Paging) => Promise<T[]>): AsyncGenerator<T> {
  for (let offset = 0; ; offset += batchSize) {
    const rows = await read({ limit: batchSize, offset });
    yield* rows;
    if (rows.length < batchSize) return;
  }
}

const filenameOf = (prefix: string, range: DayRange) => `${prefix}_${range.startDate}_${range.endDate}.csv`;
const person = ['first_name', 'last_name', 'email'].map((key) => ({ key }));

export function exportSignatures(
  deps: BusinessActivityDeps,
  caller: BusinessCaller,
  query: { group_by: (typeof signatureExportGroupings)[number]; start_date?: string; end_date?: string },
): CsvExport {
  const range = exportRange(query, deps.clock.now());
  const instants = instantsOf({ start_date: range.startDate, end_date: range.endDate });
  if (query.group_by === 'member') {
    return {
      filename: filenameOf('cost_centre_report', range),
      stream: csvOf(
        [...person, ...qualities.map((key) => ({ key })), { key: 'total' }],
        perMember(deps, caller.businessId, instants),
      ),
    };
  }
  const rows = batches((paging) =>
    repo.signatureActivity(
      deps.db,
      caller.businessId,
      instants,
      { column: 'signedAt', direction: 'asc' },
      paging,
    ),
  );
  return {
    filename: filenameOf('signature_usage', range),
    stream: csvOf(
      [
        'signed_at',
        ...person.map((column) => column.key),
        'quality',
        'legislation',
        'request_id',
        'request_title',
      ].map((key) => ({ key })),
      mapRows(rows, (row) => ({
        signed_at: row.signedAt,
        first_name: row.firstName,
        last_name: row.lastName,
        email: row.email,
        quality: row.quality,
        legislation: row.legislation,
        request_id: row.requestId,
        request_title: row.title,
      })),
    ),
  };
}

/** One line per member who signed in the range: their signatures by quality and in all. */
async function* perMember(deps: BusinessActivityDeps, businessId: string, instants: repo.Instants) {
  const counts = await repo.signaturesPerMember(deps.db, businessId, instants);
  const lines = new Map<string, Record<string, string | number>>();
  for (const row of counts) {
    const line = lines.get(row.userId) ?? {
      first_name: row.firstName,
      last_name: row.lastName,
      email: row.email,
      ...Object.fromEntries(qualities.map((quality) => [quality, 0])),
      total: 0,
    };
    line[row.quality] = (line[row.quality] as number) + row.n;
    line.total = (line.total as number) + row.n;
    lines.set(row.userId, line);
  }
  yield* lines.values();
}

export function exportIdentifications(
  deps: BusinessActivityDeps,
  caller: BusinessCaller,
  query: { start_date?: string; end_date?: string },
): CsvExport {
  const range = exportRange(query, deps.clock.now());
  const instants = instantsOf({ start_date: range.startDate, end_date: range.endDate });
  const rows = batches((paging) =>
    repo.identificationActivity(
      deps.db,
      caller.businessId,
      instants,
      { column: 'startedAt', direction: 'asc' },
      paging,
    ),
  );
  const columns = ['started_at', 'completed_at', 'first_name', 'last_name', 'email', 'provider', 'method'];
  return {
    filename: filenameOf('identifications', range),
    stream: csvOf(
      [...columns, 'legislation', 'status', 'level'].map((key) => ({ key })),
      mapRows(rows, (row) => ({
        started_at: row.startedAt,
        completed_at: row.completedAt,
        first_name: row.firstName,
        last_name: row.lastName,
        email: row.email,
        provider: row.provider,
        method: row.method,
        legislation: row.legislation,
        status: row.status,
        level: row.level,
      })),
    ),
  };
}

async function* mapRows<T, U>(rows: AsyncIterable<T>, map: (row: T) => U): AsyncGenerator<U> {
  for await (const row of rows) yield map(row);
}
