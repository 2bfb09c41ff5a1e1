import type { Db } from '../../db/client.ts';
import { AppError } from '../../errors.ts';
import { setBusinessFlags } from '../accounts/accounts.service.ts';
import type { BusinessCaller, BusinessesDeps } from './business-caller.ts';
import * as repo from './businesses.repository.ts';

// People leaving a business of their own accord: by the leave call, or by deleting their account.

const lastAdminMessage =
  'You are the only admin of this business: make another member admin first, so that somebody can run it.';

/**
 * Takes the user out of the business and its seals, under the business row lock; LAST_ADMIN when
 * people would stay behind without an admin.
 */
async function removeKeepingAnAdmin(tx: Db, businessId: string, userId: string): Promise<void> {
  await repo.removeMembers(tx, businessId, [userId]);
  const left = await repo.membersOf(tx, businessId);
  if (left.length > 0 && !left.some((m) => m.role === 'admin'))
    throw new AppError('LAST_ADMIN', lastAdminMessage);
}

/**
 * POST .../leave: the caller leaves the business and its seals. Like a removed member (spec §4) they
 * see the downgrade dialog next, accept the terms of a personal account and continue at /billing.
 * The only person of a business cannot leave it empty behind: LAST_ADMIN (deleting the account
 * takes the business with it).
 */
export async function leaveBusiness(deps: BusinessesDeps, caller: BusinessCaller): Promise<void> {
  await deps.db.transaction(async (tx) => {
    await repo.lockBusiness(tx, caller.businessId);
    const people = await repo.membersOf(tx, caller.businessId);
    if (people.length === 1)
      throw new AppError(
        'LAST_ADMIN',
        'You are the only person in this business; invite somebody and make them admin first.',
      );
    await removeKeepingAnAdmin(tx, caller.businessId, caller.userId);
    await setBusinessFlags({ db: tx, clock: deps.clock }, caller.userId, { removed_from_business: true });
  });
}

/**
 * In an account deletion's transaction: the user leaves their business, if any. A business with
 * nobody else in it is deleted with its account; one with others needs another admin (LAST_ADMIN).
 */
export async function leaveBusinessOfDeletedAccount(deps: { db: Db }, userId: string): Promise<void> {
  const membership = await repo.membershipOf(deps.db, userId);
  if (!membership) return;
  await repo.lockBusiness(deps.db, membership.businessId);
  const people = await repo.membersOf(deps.db, membership.businessId);
  if (people.every((person) => person.id === userId))
    return repo.deleteBusiness(deps.db, membership.businessId);
  await removeKeepingAnAdmin(deps.db, membership.businessId, userId);
}
