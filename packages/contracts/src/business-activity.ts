import { z } from 'zod';
import { Quality, qualities } from './accounts.ts';
import { BusinessRole } from './businesses.ts';

/**
 * A business's activity reports (spec §7 Business, Activity): what its members did, day by day,
 * for the admins. Days are UTC calendar days, both ends included.
 */

/** The longest range one report covers: a year (a leap year's 366 days). */
export const maxActivityRangeDays = 366;

const day = z.iso.date({ error: 'Give a date as YYYY-MM-DD' });
const dayNumber = (date: string) => Date.parse(`${date}T00:00:00Z`) / 86_400_000;

/** Both ends are optional; given together they must be in order and at most a year apart. */
const DateRange = {
  start_date: day.optional(),
  end_date: day.optional(),
};
function checkRange(query: { start_date?: string; end_date?: string }, ctx: z.RefinementCtx): void {
  const { start_date: start, end_date: end } = query;
  if (!start || !end) return;
  if (dayNumber(end) < dayNumber(start))
    ctx.addIssue({ code: 'custom', path: ['end_date'], message: 'The end date is before the start date' });
  else if (dayNumber(end) - dayNumber(start) + 1 > maxActivityRangeDays)
    ctx.addIssue({
      code: 'custom',
      path: ['end_date'],
      message: `A report covers at most ${maxActivityRangeDays} days`,
    });
}

/**
 * `sort` is `<column>` or `<column>,asc|desc` (descending by default: the newest first). Each list
 * names its columns.
 */
function sortOf<const C extends readonly [string, ...string[]]>(columns: C) {
  return z
    .string()
    .regex(
      new RegExp(`^(${columns.join('|')})(,(asc|desc))?$`),
      `Sort by one of ${columns.join(', ')}, optionally followed by ,asc or ,desc`,
    )
    .default(`${columns[0]},desc`)
    .transform((value) => {
      const [column, direction = 'desc'] = value.split(',');
      return { column: column as C[number], direction: direction as 'asc' | 'desc' };
    });
}

function listQuery<const C extends readonly [string, ...string[]]>(columns: C) {
  return z
    .strictObject({
      page: z.coerce.number().int().min(1).max(100_000).default(1),
      size: z.coerce.number().int().min(1).max(100).default(20),
      sort: sortOf(columns),
      ...DateRange,
    })
    .superRefine(checkRange);
}

export const accountActivityColumns = [
  'lastActiveAt',
  'name',
  'email',
  'role',
  'joinedAt',
  'signatures',
] as const;
export const signatureActivityColumns = ['signedAt', 'name', 'quality', 'title'] as const;
export const identificationActivityColumns = ['startedAt', 'name', 'provider', 'status'] as const;
export type ActivitySort<C extends readonly string[]> = { column: C[number]; direction: 'asc' | 'desc' };

export const AccountActivityQuery = listQuery(accountActivityColumns);
export const SignatureActivityQuery = listQuery(signatureActivityColumns);
export const IdentificationActivityQuery = listQuery(identificationActivityColumns);

/** One page of a report, with the range it covers (null: unbounded on that side). */
function page<T extends z.ZodType>(item: T) {
  return z.object({
    items: z.array(item),
    total: z.number().int(),
    page: z.number().int(),
    size: z.number().int(),
  });
}

/**
 * A member and what they did in the range: signatures made, requests sent, and when they last
 * signed in (sessions), signed or sent (null: never).
 */
export const AccountActivity = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  role: BusinessRole,
  joinedAt: z.string(),
  lastActiveAt: z.string().nullable(),
  signatures: z.number().int(),
  requestsSent: z.number().int(),
});
export type AccountActivity = z.infer<typeof AccountActivity>;
export const AccountActivityPage = page(AccountActivity);

/** A signature a member made, with the request it was for. */
export const SignatureActivity = z.object({
  signedAt: z.string(),
  userId: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  quality: Quality,
  legislation: z.enum(['eidas', 'zertes']),
  requestId: z.string(),
  title: z.string(),
});
export type SignatureActivity = z.infer<typeof SignatureActivity>;
export const SignatureActivityPage = page(SignatureActivity);

/** An identification a member started, and how far it went. */
export const IdentificationActivity = z.object({
  id: z.string(),
  startedAt: z.string(),
  completedAt: z.string().nullable(),
  userId: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  provider: z.string(),
  method: z.string(),
  legislation: z.enum(['eidas', 'zertes']),
  /** The provider's status as it came (success, failure, inprogress, …). */
  status: z.string(),
  /** What a successful identification is good for. */
  level: z.enum(['qes', 'aes']).nullable(),
});
export type IdentificationActivity = z.infer<typeof IdentificationActivity>;
export const IdentificationActivityPage = page(IdentificationActivity);

/**
 * The signatures export: `signature` lists each signature (signature_usage_<start>_<end>.csv);
 * `member` gives one line per member with their counts by quality, for charging signatures to
 * the people (cost centres) who made them (cost_centre_report_<start>_<end>.csv).
 */
export const signatureExportGroupings = ['signature', 'member'] as const;
export const SignatureExportQuery = z
  .strictObject({ group_by: z.enum(signatureExportGroupings).default('signature'), ...DateRange })
  .superRefine(checkRange);
export const IdentificationExportQuery = z.strictObject(DateRange).superRefine(checkRange);

const month = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'Give a month as YYYY-MM');
/** The longest span of the statistics: two years. */
export const maxStatisticsMonths = 24;
const monthNumber = (value: string) => Number(value.slice(0, 4)) * 12 + Number(value.slice(5, 7)) - 1;

/** GET .../statistics: months from start_month to end_month (default: the twelve up to this one). */
export const StatisticsQuery = z
  .strictObject({ start_month: month.optional(), end_month: month.optional() })
  .superRefine((query, ctx) => {
    const { start_month: start, end_month: end } = query;
    if (!start || !end) return;
    if (monthNumber(end) < monthNumber(start))
      ctx.addIssue({
        code: 'custom',
        path: ['end_month'],
        message: 'The end month is before the start month',
      });
    else if (monthNumber(end) - monthNumber(start) + 1 > maxStatisticsMonths)
      ctx.addIssue({
        code: 'custom',
        path: ['end_month'],
        message: `Statistics cover at most ${maxStatisticsMonths} months`,
      });
  });

export const SignaturesByQuality = z.object(
  Object.fromEntries(qualities.map((quality) => [quality, z.number().int()])) as Record<Quality, z.ZodNumber>,
);
export type SignaturesByQuality = z.infer<typeof SignaturesByQuality>;

/** One month (UTC) of a business: its members' signatures by quality, and how many members were active. */
export const MonthStatistics = z.object({
  month: z.string(),
  signatures: SignaturesByQuality,
  /** Members who signed in, signed or sent a request that month. */
  activeMembers: z.number().int(),
});
export type MonthStatistics = z.infer<typeof MonthStatistics>;
export const BusinessStatistics = z.object({ months: z.array(MonthStatistics) });
export type BusinessStatistics = z.infer<typeof BusinessStatistics>;

/** GET .../dashboard: the admins' overview of their business (spec §1 business dashboard). */
export const BusinessOverview = z.object({
  members: z.number().int(),
  admins: z.number().int(),
  /** Invitations not yet answered and not expired: each holds a seat. */
  pendingInvitations: z.number().int(),
  /** Seats taken: members and pending invitations, as the invitation calls count them. */
  seatsUsed: z.number().int(),
  /** Seats of the plan (a configured number until billing exists). */
  seatLimit: z.number().int(),
  /** Signatures the members made this calendar month (UTC). */
  signaturesThisMonth: z.number().int(),
  /** Open requests the members sent, waiting for signatures. */
  openRequests: z.number().int(),
  trial: z.object({
    /** The business is in its trial (spec §4 TRIALING). */
    active: z.boolean(),
    /** Spec §4 payment marker as stored (TRIALING, NEEDS_PAYMENT_METHOD, …). */
    paymentMethod: z.string().nullable(),
    startedAt: z.string().nullable(),
  }),
});
export type BusinessOverview = z.infer<typeof BusinessOverview>;
