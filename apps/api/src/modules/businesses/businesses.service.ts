import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import {
  defaultBusinessSettings,
  type Business,
  type BusinessForMember,
  type BusinessMember,
  type BusinessSettings,
  type CreateBusinessBody,
  type UpdateBusinessBody,
  type UpdateBusinessSettingsBody,
  type UserBusiness,
} from '@signet/contracts/businesses';
import type { VisualSignaturePermissions } from '@signet/contracts/accounts';
import { Email, phonePattern } from '@signet/contracts/common';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../errors.ts';
import type { BusinessMembership, UserCaller } from '../../plugins/auth.ts';
import { setBusinessFlags } from '../accounts/accounts.service.ts';
import { joinBusiness, listInvitations } from './business-invitations.service.ts';
import * as repo from './businesses.repository.ts';
import { verifiedDomainNames } from './business-domains.repository.ts';
import { sealSummaries } from './seal-summaries.ts';
import type { BusinessCaller, BusinessesDeps } from './business-caller.ts';
import { logoOf } from './business-logo.ts';
import { businessBillingView } from '../billing/billing.service.ts';

/** New businesses start in a trial of the team plan (spec §4 TRIALING). */
const initialBilling = { paymentMethod: 'TRIALING', billingStatus: 'trialing', pricePlanName: 'team' };

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** `patch` laid over `base`, object by object; what the patch leaves out stays. */
function deepMerge<T>(base: T, patch: unknown): T {
  if (!isObject(base) || !isObject(patch)) return (patch === undefined ? base : patch) as T;
  const result: Json = { ...base };
  for (const [key, value] of Object.entries(patch)) result[key] = deepMerge(result[key], value);
  return result as T;
}

/**
 * Stored settings over the defaults; spec §5: an invalid support contact is blanked when read. The
 * logo lives in its own columns (it changes through the logo calls only).
 */
export function settingsOf(row: repo.BusinessRow): BusinessSettings {
  const settings = deepMerge(defaultBusinessSettings, row.settings);
  const { email, phone } = settings.supportContact;
  return {
    ...settings,
    companyBranding: { logo: logoOf(row) },
    supportContact: {
      email: email && Email.safeParse(email).success ? email : null,
      phone: phone && phonePattern.test(phone) ? phone : null,
    },
  };
}

const iso = (date: Date | null) => (date ? date.toISOString() : null);

export function toMember(row: repo.MemberRow): BusinessMember {
  return {
    id: row.id,
    email: row.email,
    firstName: row.firstName,
    lastName: row.lastName,
    role: row.role,
    joinedAt: row.joinedAt.toISOString(),
  };
}

/** The business membership of a user, for the auth plugin's member and admin policies. */
/** The business a user acts for, as an expression for another module's statement (see membershipOf). */
export const actingBusinessIdOf = repo.actingBusinessIdOf;

export function membershipOf(db: Db, userId: string): Promise<BusinessMembership | null> {
  return repo.membershipOf(db, userId);
}

export async function requireBusiness(db: Db, id: string): Promise<repo.BusinessRow> {
  const row = await repo.findBusiness(db, id);
  if (!row) throw new AppError('NOT_FOUND', 'No such business.');
  return row;
}

function userBusinessOf(row: repo.BusinessRow, role: repo.Role): UserBusiness {
  return {
    id: row.id,
    name: row.name,
    role,
    billing: { paymentMethod: row.paymentMethod },
    pricePlan: { name: row.pricePlanName },
    settings: settingsOf(row),
    planStart: iso(row.planStart),
  };
}

/** The fields a new business starts with (its terms accepted by whoever creates it). */
export type NewBusiness = Omit<z.infer<typeof CreateBusinessBody>, 'gtc'>;

/**
 * Creates a business with `adminUserId` as its first admin, on `db` (a transaction of the
 * caller's: a business signup creates the account and its business together).
 */
export async function insertBusinessWithAdmin(
  db: Db,
  clock: BusinessesDeps['clock'],
  adminUserId: string,
  business: NewBusiness,
  /** The direct upgrade names the business after its setup intent: a repeated request finds it. */
  id: string = randomUUID(),
): Promise<string> {
  const now = clock.now();
  await repo.insertBusiness(db, {
    id,
    name: business.name,
    email: business.email,
    phone: business.phone ?? null,
    settings: {},
    ...initialBilling,
    planStart: now,
    gtcAcceptedAt: now,
    dpaAcceptedAt: business.dpa ? now : null,
    createdAt: now,
    updatedAt: now,
  });
  const creator = { businessId: id, userId: adminUserId, role: 'admin' as const, joinedAt: now };
  if (!(await joinBusiness(db, clock, creator)))
    throw new AppError('ALREADY_IN_BUSINESS', 'You belong to a business already; leave it first.');
  return id;
}

/** POST /v2/businesses: the caller creates a business and becomes its first admin. */
export async function createBusiness(
  deps: BusinessesDeps,
  caller: UserCaller,
  body: z.infer<typeof CreateBusinessBody>,
): Promise<UserBusiness> {
  const id = await deps.db.transaction((tx) => insertBusinessWithAdmin(tx, deps.clock, caller.userId, body));
  return userBusinessOf(await requireBusiness(deps.db, id), 'admin');
}

/**
 * Takes back a business just created for a payment that then failed (the direct upgrade): it had
 * nothing but its creator, who is an individual again.
 */
export async function withdrawNewBusiness(db: Db, id: string): Promise<void> {
  await repo.deleteBusiness(db, id);
}

/** Test-only (NODE_ENV=test): the payment marker the spec §4 gates read, e.g. NEEDS_PAYMENT_METHOD. */
export async function setPaymentMethodForTests(
  deps: BusinessesDeps,
  businessId: string,
  paymentMethod: string | null,
): Promise<void> {
  await requireBusiness(deps.db, businessId);
  await repo.updateBusiness(deps.db, businessId, { paymentMethod, updatedAt: deps.clock.now() });
}

/** GET /v2/businesses/user: 404 when the caller belongs to no business. */
export async function userBusiness(deps: BusinessesDeps, userId: string): Promise<UserBusiness> {
  const membership = await repo.membershipOf(deps.db, userId);
  if (!membership) throw new AppError('NOT_FOUND', 'You do not belong to a business.');
  return userBusinessOf(await requireBusiness(deps.db, membership.businessId), membership.role);
}

/**
 * What the person may change on their visual signatures: their business decides for its members
 * (settings.visualSignatures); someone outside a business may change everything.
 */
export async function visualSignaturePermissionsOf(
  deps: Pick<BusinessesDeps, 'db'>,
  userId: string,
): Promise<VisualSignaturePermissions> {
  const membership = await repo.membershipOf(deps.db, userId);
  const row = membership && (await repo.findBusiness(deps.db, membership.businessId));
  return row ? settingsOf(row).visualSignatures : defaultBusinessSettings.visualSignatures;
}

/**
 * GET /v1/businesses/{id}: everything for its admins; a member sees the admins' names (whom to ask)
 * and the seals, but no settings, billing, contact details or anybody's e-mail address.
 */
export async function getBusiness(
  deps: BusinessesDeps,
  caller: BusinessCaller,
): Promise<Business | BusinessForMember> {
  if (caller.role !== 'admin') return businessForMember(deps, caller);
  return businessForAdmin(deps, caller);
}

async function businessForMember(deps: BusinessesDeps, caller: BusinessCaller): Promise<BusinessForMember> {
  const row = await requireBusiness(deps.db, caller.businessId);
  const admins = (await repo.membersOf(deps.db, row.id)).filter((m) => m.role === 'admin');
  return {
    id: row.id,
    name: row.name,
    createdAt: row.createdAt.toISOString(),
    admins: admins.map(({ id, firstName, lastName, role }) => ({ id, firstName, lastName, role })),
    seals: await sealSummaries(deps.db, caller),
  };
}

async function businessForAdmin(deps: BusinessesDeps, caller: BusinessCaller): Promise<Business> {
  const row = await requireBusiness(deps.db, caller.businessId);
  const members = (await repo.membersOf(deps.db, row.id)).map(toMember);
  const { pricePlan, stripeSubscriptionStatus } = await businessBillingView(
    deps.db,
    row.id,
    deps.clock.now(),
  );
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    phone: row.phone,
    createdAt: row.createdAt.toISOString(),
    gtcAcceptedAt: iso(row.gtcAcceptedAt),
    dpaAcceptedAt: iso(row.dpaAcceptedAt),
    billingStatus: row.billingStatus,
    billing: { paymentMethod: row.paymentMethod, stripeSubscriptionStatus },
    pricePlan,
    planStart: iso(row.planStart),
    settings: settingsOf(row),
    admins: members.filter((m) => m.role === 'admin'),
    members,
    invitedMembers: await listInvitations(deps, row.id),
    // API users are not built yet.
    apiUsers: [],
    seals: await sealSummaries(deps.db, caller),
    // Only verified domains count (the pending claims: GET .../domains).
    domains: await verifiedDomainNames(deps.db, row.id),
  };
}

export async function updateBusiness(
  deps: BusinessesDeps,
  caller: BusinessCaller,
  body: z.infer<typeof UpdateBusinessBody>,
): Promise<Business> {
  await repo.updateBusiness(deps.db, caller.businessId, {
    ...(body.name !== undefined ? { name: body.name } : {}),
    ...(body.email !== undefined ? { email: body.email } : {}),
    ...(body.phone !== undefined ? { phone: body.phone } : {}),
    updatedAt: deps.clock.now(),
  });
  return businessForAdmin(deps, caller);
}

export async function getSettings(deps: BusinessesDeps, caller: BusinessCaller): Promise<BusinessSettings> {
  return settingsOf(await requireBusiness(deps.db, caller.businessId));
}

export async function updateSettings(
  deps: BusinessesDeps,
  caller: BusinessCaller,
  body: UpdateBusinessSettingsBody,
): Promise<BusinessSettings> {
  return deps.db.transaction(async (tx) => {
    await repo.lockBusiness(tx, caller.businessId);
    const row = await requireBusiness(tx, caller.businessId);
    const settings = deepMerge(settingsOf(row), body);
    const { companyBranding: _derived, ...stored } = settings;
    await repo.updateBusiness(tx, row.id, { settings: stored, updatedAt: deps.clock.now() });
    return settings;
  });
}

export async function listMembers(deps: BusinessesDeps, caller: BusinessCaller): Promise<BusinessMember[]> {
  return (await repo.membersOf(deps.db, caller.businessId)).map(toMember);
}

/** Every id must be a member of the caller's business. */
export async function requireMembers(
  db: Db,
  businessId: string,
  userIds: string[],
): Promise<repo.MemberRow[]> {
  const unique = [...new Set(userIds)];
  const rows = await repo.membersOf(db, businessId, unique);
  const missing = unique.filter((id) => !rows.some((r) => r.id === id));
  if (missing.length > 0)
    throw new AppError('NOT_A_MEMBER', `Not a member of this business: ${missing.join(', ')}.`, {
      field: 'user_ids',
    });
  return rows;
}

/**
 * Changes membership under the business row lock, then checks the business still has an admin,
 * so two admins demoting each other at once cannot leave it without one.
 */
async function changeMembership(
  deps: BusinessesDeps,
  caller: BusinessCaller,
  userIds: string[],
  change: (tx: Db, ids: string[]) => Promise<void>,
): Promise<void> {
  await deps.db.transaction(async (tx) => {
    await repo.lockBusiness(tx, caller.businessId);
    const rows = await requireMembers(tx, caller.businessId, userIds);
    await change(
      tx,
      rows.map((r) => r.id),
    );
    const admins = (await repo.membersOf(tx, caller.businessId)).filter((m) => m.role === 'admin');
    if (admins.length === 0)
      throw new AppError(
        'LAST_ADMIN',
        'A business needs at least one admin; make someone else admin first.',
        {
          field: 'user_ids',
        },
      );
  });
}

/** remove-members: they leave the business and its seals; spec §4 shows them the downgrade dialog. */
export async function removeMembers(
  deps: BusinessesDeps,
  caller: BusinessCaller,
  userIds: string[],
): Promise<void> {
  await changeMembership(deps, caller, userIds, async (tx, ids) => {
    await repo.removeMembers(tx, caller.businessId, ids);
    for (const id of ids)
      await setBusinessFlags({ db: tx, clock: deps.clock }, id, { removed_from_business: true });
  });
}

/** change-to-admins / change-to-members. */
export async function changeRole(
  deps: BusinessesDeps,
  caller: BusinessCaller,
  userIds: string[],
  role: repo.Role,
): Promise<void> {
  await changeMembership(deps, caller, userIds, (tx, ids) => repo.setRole(tx, caller.businessId, ids, role));
}
