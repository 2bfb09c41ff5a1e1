import { getTableColumns, sql, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { DashboardFilter, RequestStatus } from '@signet/contracts/signature-requests';
import type { Db } from '../../db/client.ts';
import { documents, type DocumentRow } from '../../db/schema/documents.ts';
import { requestListCounts, requestListEntries } from '../../db/schema/request-list.ts';
import {
  attachments,
  signatureRequests,
  signers,
  type AttachmentRow,
  type RequestRow,
  type SignerRow,
} from '../../db/schema/signature-requests.ts';
import { actingBusinessIdOf } from '../businesses/businesses.service.ts';
import { escapeLike } from './signature-requests.repository.ts';

// The dashboard page as ONE statement: its entries from the list index (migration 0025), and for
// each the request with its signers, documents, observers, attachments and owner, built as JSON by
// the database. Reading them table by table cost ten round trips per page, and on embedded PGlite
// every round trip and every row decoded runs on the API's own thread.

/** Where a page starts when the caller pages by cursor: after this entry in the list's order. */
export interface ListPosition {
  /**
   * The entry's updated_at in microseconds since 1970 (decimal digits): exact to the microsecond
   * the database keeps, where a Date holds only milliseconds and would skip or repeat entries.
   */
  updatedAtMicros: string;
  requestId: string;
}

export interface DashboardQuery {
  filter: DashboardFilter;
  page: number;
  size: number;
  search?: string;
  status?: RequestStatus;
  after?: ListPosition;
}

interface DashboardItem extends RequestRelated {
  request: RequestRow;
  signers: SignerRow[];
}

export interface DashboardPage {
  /** The caller's e-mail: a signer slot addressed to it (not yet claimed) is theirs too. */
  email: string;
  total: number;
  items: DashboardItem[];
  /** Where the page after this one starts; null on the last page. */
  next: ListPosition | null;
}

/**
 * A row that the database turned into JSON (`to_json(t)`, keys are column names) as Drizzle would
 * have returned it: the table's field names, and each value through its column's own decoding
 * (timestamps become Dates, numbers stay numbers, jsonb stays parsed).
 */
function fromJsonRow<T extends PgTable>(table: T, json: Record<string, unknown>): T['$inferSelect'] {
  const row: Record<string, unknown> = {};
  for (const [field, column] of Object.entries(getTableColumns(table))) {
    const value = json[column.name];
    row[field] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
  }
  return row as T['$inferSelect'];
}

/** Under `all` every entry; under a filter, its own (drafts fall under `all` only). */
function entryConditions(userId: string, query: DashboardQuery): SQL[] {
  const e = requestListEntries;
  return [
    sql`${e.userId} = ${userId}`,
    ...(query.filter === 'all' ? [] : [sql`${e.filter} = ${query.filter}`]),
    ...(query.status ? [sql`${e.status} = ${query.status}`] : []),
    ...(query.search ? [sql`${e.title} ilike ${`%${escapeLike(query.search)}%`}`] : []),
  ];
}

/** The total: from the kept counts, unless a search narrows it (then counted from the index). */
function totalOf(userId: string, query: DashboardQuery): SQL {
  const c = requestListCounts;
  if (query.search)
    return sql`(select count(*)::int from ${requestListEntries} where ${sql.join(entryConditions(userId, query), sql` and `)})`;
  const where = [
    sql`${c.userId} = ${userId}`,
    ...(query.filter === 'all' ? [] : [sql`${c.filter} = ${query.filter}`]),
    ...(query.status ? [sql`${c.status} = ${query.status}`] : []),
  ];
  return sql`(select coalesce(sum(${c.n}), 0)::int from ${requestListCounts} where ${sql.join(where, sql` and `)})`;
}

/** What describes a request besides its row and signers (request-views.service.ts `describe`). */
export interface RequestRelated {
  documents: DocumentRow[];
  observers: string[];
  attachments: AttachmentRow[];
  owner: { id: string; email: string; firstName: string; lastName: string; businessId: string | null };
}

/**
 * The JSON object fields of a request's related rows, for the request `r` of the enclosing
 * statement: its documents in order, observers, attachments and owner (with the business they act
 * for: their membership, else the business of the API user whose service account they are). The
 * dashboard page and the single-request answers read them through this one fragment.
 */
const relatedFields = sql`'documents', coalesce((
          select json_agg(d order by rd.position)
          from request_documents rd join ${documents} d on d.id = rd.document_id
          where rd.request_id = r.id and d.deleted_at is null), '[]'),
        'observers', coalesce((select json_agg(o.email order by o.email) from observers o where o.request_id = r.id), '[]'),
        'attachments', coalesce((select json_agg(a order by a.created_at) from ${attachments} a where a.request_id = r.id), '[]'),
        'owner', (
          select json_build_object('id', u.id, 'email', u.email, 'firstName', u.first_name, 'lastName', u.last_name,
            'businessId', ${actingBusinessIdOf(sql`u.id`)})
          from users u where u.id = r.owner_id)`;

/** Related rows as read: the owner is null when their account is gone. */
export type ReadRelated = Omit<RequestRelated, 'owner'> & { owner: RequestRelated['owner'] | null };

/** The related rows as the JSON of `relatedFields` gives them, before decoding. */
interface RelatedJson {
  documents: Array<Record<string, unknown>>;
  observers: string[];
  attachments: Array<Record<string, unknown>>;
  owner: RequestRelated['owner'] | null;
}

/** Decodes each related row as Drizzle would have returned it. */
function relatedFromJson(json: RelatedJson): ReadRelated {
  return {
    documents: json.documents.map((row) => fromJsonRow(documents, row)),
    observers: json.observers,
    attachments: json.attachments.map((row) => fromJsonRow(attachments, row)),
    owner: json.owner,
  };
}

/** node-postgres and PGlite both parse json; a driver handing text back is parsed here. */
const parsedJson = <T>(raw: unknown): T => (typeof raw === 'string' ? JSON.parse(raw) : raw) as T;

/**
 * The related rows of these requests in ONE statement (request id → related), where reading them
 * table by table took six: the answers of a request's use cases and the request call read it.
 */
export async function relatedOf(db: Db, requestIds: string[]): Promise<Map<string, ReadRelated>> {
  if (!requestIds.length) return new Map();
  const result = (await db.execute(sql`
    select r.id, json_build_object(${relatedFields}) as related
    from ${signatureRequests} r
    where r.id in (${sql.join(
      requestIds.map((id) => sql`${id}`),
      sql`, `,
    )})`)) as unknown as { rows: Array<{ id: string; related: unknown }> };
  return new Map(result.rows.map((row) => [row.id, relatedFromJson(parsedJson<RelatedJson>(row.related))]));
}

/**
 * The page statement (the benchmark EXPLAINs it). Entries are read through the (user, filter or
 * status, updated_at, id) indexes in their order, NULLS LAST as the indexes are, or the planner
 * sorts instead. A cursor continues with a row comparison on that order, so a deep page starts
 * where the last one ended instead of walking the index up to an offset. One row more than the page
 * is read to know whether another page follows.
 */
export function dashboardStatement(userId: string, query: DashboardQuery): SQL {
  const e = requestListEntries;
  const where = entryConditions(userId, query);
  if (query.after)
    where.push(
      sql`(${e.updatedAt}, ${e.requestId}) < (timestamptz 'epoch' + ${query.after.updatedAtMicros}::bigint * interval '1 microsecond', ${query.after.requestId})`,
    );
  const offset = query.after ? 0 : (query.page - 1) * query.size;
  return sql`with page as (
    select ${e.requestId} as request_id, ${e.updatedAt} as updated_at
    from ${e}
    where ${sql.join(where, sql` and `)}
    order by ${e.updatedAt} desc nulls last, ${e.requestId} desc nulls last
    limit ${query.size + 1} offset ${offset}
  )
  select json_build_object(
    'email', (select email from users where id = ${userId}),
    'total', ${totalOf(userId, query)},
    'items', coalesce((
      select json_agg(json_build_object(
        'request', to_json(r),
        'signers', coalesce((select json_agg(s order by s.sequence) from ${signers} s where s.request_id = r.id), '[]'),
        ${relatedFields},
        'position', (extract(epoch from p.updated_at) * 1000000)::bigint::text
      ) order by p.updated_at desc, p.request_id desc)
      -- LIMIT keeps the planner from joining the whole requests table by hash: each page entry
      -- reads its request through the primary key, whatever the table's size.
      from page p cross join lateral (
        select * from ${signatureRequests} where id = p.request_id limit 1) r), '[]')
  ) as page`;
}

/** A page of the user's dashboard (the requests they sent, sign or observe) and how many there are. */
export async function dashboardPage(db: Db, userId: string, query: DashboardQuery): Promise<DashboardPage> {
  const result = (await db.execute(dashboardStatement(userId, query))) as unknown as {
    rows: Array<{ page: unknown }>;
  };
  const page = parsedJson<{
    email: string;
    total: number;
    items: Array<
      RelatedJson & {
        request: Record<string, unknown> & { id: string };
        signers: Array<Record<string, unknown>>;
        owner: RequestRelated['owner'];
        position: string;
      }
    >;
  }>(result.rows[0]!.page);
  const more = page.items.length > query.size;
  const items = page.items.slice(0, query.size);
  const last = items.at(-1);
  return {
    email: page.email,
    total: page.total,
    items: items.map((item) => ({
      ...relatedFromJson(item),
      request: fromJsonRow(signatureRequests, item.request),
      signers: item.signers.map((row) => fromJsonRow(signers, row)),
      owner: item.owner,
    })),
    next: more && last ? { updatedAtMicros: last.position, requestId: last.request.id } : null,
  };
}
