import { qualities } from '@signet/contracts/accounts';
import type {
  AccountActivity,
  AccountActivityQuery,
  BusinessOverview,
  BusinessStatistics,
  IdentificationActivity,
  IdentificationActivityQuery,
  SignatureActivity,
  SignatureActivityQuery,
  SignaturesByQuality,
} from '@signet/contracts/business-activity';
import type { z } from 'zod';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/client.ts';
import { instantsOf, monthInstants, statisticsMonths } from './activity-range.ts';
import type { BusinessCaller } from './business-caller.ts';
import { seatsOf } from './business-seats.service.ts';
import * as repo from './business-activity.repository.ts';

export interface BusinessActivityDeps {
  db: Db;
  clock: Clock;
  /** Seats of every business until billing sets each plan's own (BUSINESS_SEAT_LIMIT). */
  seatLimit: number;
}

interface Page<T> {
  items: T[];
  total: number;
  page: number;
  size: number;
}

const pagingOf = (query: { page: number; size: number }): repo.Paging => ({
  limit: query.size,
  offset: (query.page - 1) * query.size,
});

function signatureDto(row: repo.SignatureActivityRow): SignatureActivity {
  return { ...row, signedAt: row.signedAt.toISOString() };
}

function identificationDto(row: repo.IdentificationActivityRow): IdentificationActivity {
  return {
    ...row,
    startedAt: row.startedAt.toISOString(),
    completedAt: row.completedAt?.toISOString() ?? null,
  };
}

export async function accountActivity(
  deps: BusinessActivityDeps,
  caller: BusinessCaller,
  query: z.infer<typeof AccountActivityQuery>,
): Promise<Page<AccountActivity>> {
  const [rows, { members }] = await Promise.all([
    repo.accountActivity(deps.db, caller.businessId, instantsOf(query), query.sort, pagingOf(query)),
    repo.countMembers(deps.db, caller.businessId),
  ]);
  const items = rows.map((row) => ({
    ...row,
    joinedAt: row.joinedAt.toISOString(),
    lastActiveAt: row.lastActiveAt?.toISOString() ?? null,
  }));
  return { items, total: members, page: query.page, size: query.size };
}

export async function signatureActivity(
  deps: BusinessActivityDeps,
  caller: BusinessCaller,
  query: z.infer<typeof SignatureActivityQuery>,
): Promise<Page<SignatureActivity>> {
  const range = instantsOf(query);
  const [rows, total] = await Promise.all([
    repo.signatureActivity(deps.db, caller.businessId, range, query.sort, pagingOf(query)),
    repo.countSignatures(deps.db, caller.businessId, range),
  ]);
  return { items: rows.map(signatureDto), total, page: query.page, size: query.size };
}

export async function identificationActivity(
  deps: BusinessActivityDeps,
  caller: BusinessCaller,
  query: z.infer<typeof IdentificationActivityQuery>,
): Promise<Page<IdentificationActivity>> {
  const range = instantsOf(query);
  const [rows, total] = await Promise.all([
    repo.identificationActivity(deps.db, caller.businessId, range, query.sort, pagingOf(query)),
    repo.countIdentifications(deps.db, caller.businessId, range),
  ]);
  return { items: rows.map(identificationDto), total, page: query.page, size: query.size };
}

const noSignatures = (): SignaturesByQuality =>
  Object.fromEntries(qualities.map((quality) => [quality, 0])) as SignaturesByQuality;

/** Every month of the range, months without activity as zeros. */
export async function statistics(
  deps: BusinessActivityDeps,
  caller: BusinessCaller,
  query: { start_month?: string; end_month?: string },
): Promise<BusinessStatistics> {
  const months = statisticsMonths(query, deps.clock.now());
  const range = monthInstants(months);
  const [signatures, active] = await Promise.all([
    repo.signaturesPerMonth(deps.db, caller.businessId, range),
    repo.activeMembersPerMonth(deps.db, caller.businessId, range),
  ]);
  return {
    months: months.map((month) => {
      const counts = noSignatures();
      for (const row of signatures) if (row.month === month) counts[row.quality] += row.n;
      return {
        month,
        signatures: counts,
        activeMembers: active.find((row) => row.month === month)?.n ?? 0,
      };
    }),
  };
}

/**
 * The members' signatures per quality and identifications per the quality they lead to, made from
 * `from` (included) to `to` (excluded): what the billing module's usage counts.
 */
export async function usageBetween(
  db: Db,
  businessId: string,
  range: { from: Date; to: Date },
): Promise<{ signatures: SignaturesByQuality; identifications: { aes: number; qes: number } }> {
  const [signatures, idents] = await Promise.all([
    repo.signaturesPerMonth(db, businessId, range),
    repo.identificationsPerLevel(db, businessId, range),
  ]);
  const counts = noSignatures();
  for (const row of signatures) counts[row.quality] += row.n;
  const identificationCounts = { aes: 0, qes: 0 };
  for (const row of idents) if (row.level) identificationCounts[row.level] += row.n;
  return { signatures: counts, identifications: identificationCounts };
}

export async function overview(
  deps: BusinessActivityDeps,
  caller: BusinessCaller,
): Promise<BusinessOverview> {
  const now = deps.clock.now();
  const thisMonth = monthInstants([now.toISOString().slice(0, 7)]);
  const [people, seats, signaturesThisMonth, openRequests, billing] = await Promise.all([
    repo.countMembers(deps.db, caller.businessId),
    seatsOf(deps.db, caller.businessId, now, deps.seatLimit),
    repo.countSignatures(deps.db, caller.businessId, thisMonth),
    repo.openRequestsOf(deps.db, caller.businessId),
    repo.billingOf(deps.db, caller.businessId),
  ]);
  return {
    ...people,
    pendingInvitations: seats.used - people.members,
    seatsUsed: seats.used,
    seatLimit: seats.limit,
    signaturesThisMonth,
    openRequests,
    trial: {
      // Spec §4: trialing is the TRIALING payment marker or the trialing status.
      active: billing?.paymentMethod === 'TRIALING' || billing?.billingStatus === 'trialing',
      paymentMethod: billing?.paymentMethod ?? null,
      startedAt: billing?.planStart?.toISOString() ?? null,
    },
  };
}
