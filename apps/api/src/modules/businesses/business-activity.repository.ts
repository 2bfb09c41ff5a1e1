import { and, asc, count, desc, eq, gte, isNotNull, lt, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgSelect } from 'drizzle-orm/pg-core';
import type { ActivitySort } from '@signet/contracts/business-activity';
import { sessions, users } from '../../db/schema/accounts.ts';
import { businesses, businessMembers } from '../../db/schema/businesses.ts';
import { identifications } from '../../db/schema/identification.ts';
import { signatureRequests, signers } from '../../db/schema/signature-requests.ts';
import type { Db } from '../../db/client.ts';

/**
 * A business's activity is that of its current members: their signatures, the requests they
 * sent, their identifications and sign-ins. Instants from `from` (included) to `to` (excluded);
 * null leaves that side open.
 */
export interface Instants {
  from: Date | null;
  to: Date | null;
}

export interface Paging {
  limit: number;
  offset: number;
}

/** The column's instant is in the range (and so not null). */
function within(column: AnyPgColumn, range: Instants): SQL {
  return and(
    isNotNull(column),
    range.from ? gte(column, range.from) : undefined,
    range.to ? lt(column, range.to) : undefined,
  )!;
}

const ordered = (expression: SQL | Parameters<typeof asc>[0], direction: 'asc' | 'desc') =>
  direction === 'asc' ? asc(expression) : desc(expression);

type Quality = 'ses' | 'aes' | 'qes' | 'part11';
const memberOf = (businessId: string) => eq(businessMembers.businessId, businessId);
/** A signer's quality, or the request's when the signer has none of their own. */
const signatureQuality = sql<Quality>`coalesce(${signers.quality}, ${signatureRequests.quality})`;
const personName = sql`lower(${users.lastName} || ' ' || ${users.firstName})`;

// ---- accounts ----

export async function accountActivity(
  db: Db,
  businessId: string,
  range: Instants,
  sort: ActivitySort<readonly ['lastActiveAt', 'name', 'email', 'role', 'joinedAt', 'signatures']>,
  paging: Paging,
) {
  const signatures = sql<number>`(select count(*) from ${signers} where ${signers.userId} = ${users.id}
      and ${signers.status} = 'SIGNED' and ${within(signers.signedAt, range)})`.mapWith(Number);
  const requestsSent = sql<number>`(select count(*) from ${signatureRequests}
      where ${signatureRequests.ownerId} = ${users.id}
      and ${within(signatureRequests.initiatedAt, range)})`.mapWith(Number);
  // Sessions show sign-ins; signing and sending show work (an API caller's session is one too).
  const lastActiveAt = sql<Date | null>`greatest(
      (select max(${sessions.createdAt}) from ${sessions} where ${sessions.userId} = ${users.id}),
      (select max(${signers.signedAt}) from ${signers} where ${signers.userId} = ${users.id}),
      (select max(${signatureRequests.initiatedAt}) from ${signatureRequests} where ${signatureRequests.ownerId} = ${users.id}))`.mapWith(
    sessions.createdAt,
  );
  const byColumn = {
    lastActiveAt,
    name: personName,
    email: users.email,
    role: businessMembers.role,
    joinedAt: businessMembers.joinedAt,
    signatures,
  };
  return (
    db
      .select({
        id: users.id,
        firstName: users.firstName,
        lastName: users.lastName,
        email: users.email,
        role: businessMembers.role,
        joinedAt: businessMembers.joinedAt,
        lastActiveAt,
        signatures,
        requestsSent,
      })
      .from(businessMembers)
      .innerJoin(users, eq(users.id, businessMembers.userId))
      .where(memberOf(businessId))
      // Nulls (never active) last either way; the id keeps pages stable between equal values.
      .orderBy(sql`${ordered(byColumn[sort.column], sort.direction)} nulls last`, asc(users.id))
      .limit(paging.limit)
      .offset(paging.offset)
  );
}

export async function countMembers(db: Db, businessId: string): Promise<{ members: number; admins: number }> {
  const rows = await db
    .select({ role: businessMembers.role, n: count() })
    .from(businessMembers)
    .where(memberOf(businessId))
    .groupBy(businessMembers.role);
  const of = (role: string) => rows.find((row) => row.role === role)?.n ?? 0;
  return { members: of('member') + of('admin'), admins: of('admin') };
}

// ---- signatures ----

const signatureFields = {
  signedAt: sql<Date>`${signers.signedAt}`.mapWith(signers.signedAt),
  userId: users.id,
  firstName: users.firstName,
  lastName: users.lastName,
  email: users.email,
  quality: signatureQuality,
  legislation: signatureRequests.legislation,
  requestId: signatureRequests.id,
  title: signatureRequests.title,
};
export interface SignatureActivityRow {
  signedAt: Date;
  userId: string;
  firstName: string;
  lastName: string;
  email: string;
  quality: Quality;
  legislation: 'eidas' | 'zertes';
  requestId: string;
  title: string;
}

/**
 * A select from signers narrowed to the business's members' signatures in the range. Its fields are
 * chosen before the joins, which so do not change its rows (what the type says after `as`).
 */
function signaturesOf<Q extends PgSelect>(query: Q, businessId: string, range: Instants): Q {
  return query
    .innerJoin(businessMembers, eq(businessMembers.userId, signers.userId))
    .innerJoin(users, eq(users.id, signers.userId))
    .innerJoin(signatureRequests, eq(signatureRequests.id, signers.requestId))
    .where(
      and(memberOf(businessId), eq(signers.status, 'SIGNED'), within(signers.signedAt, range)),
    ) as unknown as Q;
}

export async function signatureActivity(
  db: Db,
  businessId: string,
  range: Instants,
  sort: ActivitySort<readonly ['signedAt', 'name', 'quality', 'title']>,
  paging: Paging,
): Promise<SignatureActivityRow[]> {
  const byColumn = {
    signedAt: signers.signedAt,
    name: personName,
    quality: signatureQuality,
    title: sql`lower(${signatureRequests.title})`,
  };
  return signaturesOf(db.select(signatureFields).from(signers).$dynamic(), businessId, range)
    .orderBy(ordered(byColumn[sort.column], sort.direction), desc(signers.signedAt), asc(signers.id))
    .limit(paging.limit)
    .offset(paging.offset);
}

export async function countSignatures(db: Db, businessId: string, range: Instants): Promise<number> {
  const [row] = await signaturesOf(db.select({ n: count() }).from(signers).$dynamic(), businessId, range);
  return row?.n ?? 0;
}

/** Each member's signatures in the range by quality (members without any are left out). */
export async function signaturesPerMember(db: Db, businessId: string, range: Instants) {
  const fields = {
    userId: users.id,
    firstName: users.firstName,
    lastName: users.lastName,
    email: users.email,
    quality: signatureQuality,
    n: count(),
  };
  return signaturesOf(db.select(fields).from(signers).$dynamic(), businessId, range)
    .groupBy(users.id, users.firstName, users.lastName, users.email, signatureQuality)
    .orderBy(asc(users.lastName), asc(users.firstName), asc(users.id));
}

// ---- identifications ----

const identificationFields = {
  id: identifications.id,
  startedAt: identifications.createdAt,
  completedAt: identifications.completedAt,
  userId: users.id,
  firstName: users.firstName,
  lastName: users.lastName,
  email: users.email,
  provider: identifications.provider,
  method: identifications.method,
  legislation: identifications.legislation,
  status: identifications.providerStatus,
  level: identifications.level,
};
export interface IdentificationActivityRow {
  id: string;
  startedAt: Date;
  completedAt: Date | null;
  userId: string;
  firstName: string;
  lastName: string;
  email: string;
  provider: string;
  method: string;
  legislation: 'eidas' | 'zertes';
  status: string;
  level: 'qes' | 'aes' | null;
}

/** A select from identifications narrowed to the business's members' ones started in the range (as above). */
function identificationsOf<Q extends PgSelect>(query: Q, businessId: string, range: Instants): Q {
  return query
    .innerJoin(businessMembers, eq(businessMembers.userId, identifications.userId))
    .innerJoin(users, eq(users.id, identifications.userId))
    .where(and(memberOf(businessId), within(identifications.createdAt, range))) as unknown as Q;
}

export async function identificationActivity(
  db: Db,
  businessId: string,
  range: Instants,
  sort: ActivitySort<readonly ['startedAt', 'name', 'provider', 'status']>,
  paging: Paging,
): Promise<IdentificationActivityRow[]> {
  const byColumn = {
    startedAt: identifications.createdAt,
    name: personName,
    provider: identifications.provider,
    status: identifications.providerStatus,
  };
  return identificationsOf(
    db.select(identificationFields).from(identifications).$dynamic(),
    businessId,
    range,
  )
    .orderBy(
      ordered(byColumn[sort.column], sort.direction),
      desc(identifications.createdAt),
      asc(identifications.id),
    )
    .limit(paging.limit)
    .offset(paging.offset);
}

export async function countIdentifications(db: Db, businessId: string, range: Instants): Promise<number> {
  const [row] = await identificationsOf(
    db.select({ n: count() }).from(identifications).$dynamic(),
    businessId,
    range,
  );
  return row?.n ?? 0;
}

/** The members' identifications started in the range, per the quality they lead to (none: not counted). */
export async function identificationsPerLevel(db: Db, businessId: string, range: Instants) {
  return identificationsOf(
    db.select({ level: identifications.level, n: count() }).from(identifications).$dynamic(),
    businessId,
    range,
  ).groupBy(identifications.level);
}

// ---- statistics and overview ----

const monthOf = (column: AnyPgColumn) => sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM')`;

export async function signaturesPerMonth(db: Db, businessId: string, range: Instants) {
  const month = monthOf(signers.signedAt);
  return signaturesOf(
    db.select({ month, quality: signatureQuality, n: count() }).from(signers).$dynamic(),
    businessId,
    range,
  ).groupBy(month, signatureQuality);
}

/** Per month, how many members signed in, signed or sent a request. */
export async function activeMembersPerMonth(
  db: Db,
  businessId: string,
  range: Instants,
): Promise<Array<{ month: string; n: number }>> {
  const members = sql`select ${businessMembers.userId} from ${businessMembers} where ${memberOf(businessId)}`;
  const result = (await db.execute(sql`
    select month, count(distinct user_id) as n from (
      select ${sessions.userId} as user_id, ${monthOf(sessions.createdAt)} as month from ${sessions}
        where ${sessions.userId} in (${members}) and ${within(sessions.createdAt, range)}
      union all
      select ${signers.userId}, ${monthOf(signers.signedAt)} from ${signers}
        where ${signers.userId} in (${members}) and ${signers.status} = 'SIGNED'
        and ${within(signers.signedAt, range)}
      union all
      select ${signatureRequests.ownerId}, ${monthOf(signatureRequests.initiatedAt)} from ${signatureRequests}
        where ${signatureRequests.ownerId} in (${members})
        and ${within(signatureRequests.initiatedAt, range)}
    ) as activity group by month`)) as unknown as { rows: Array<{ month: string; n: number | string }> };
  return result.rows.map((row) => ({ month: row.month, n: Number(row.n) }));
}

export async function openRequestsOf(db: Db, businessId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(signatureRequests)
    .innerJoin(businessMembers, eq(businessMembers.userId, signatureRequests.ownerId))
    .where(and(memberOf(businessId), eq(signatureRequests.status, 'OPEN')));
  return row?.n ?? 0;
}

export async function billingOf(db: Db, businessId: string) {
  const [row] = await db
    .select({
      paymentMethod: businesses.paymentMethod,
      billingStatus: businesses.billingStatus,
      planStart: businesses.planStart,
    })
    .from(businesses)
    .where(eq(businesses.id, businessId));
  return row ?? null;
}
