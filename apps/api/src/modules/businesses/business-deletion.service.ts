import type { BusinessLifecycle } from '@signet/contracts/business-lifecycle';
import { enqueueJob } from '../../jobs/queue.ts';
import { AppError } from '../../errors.ts';
import type { BusinessesDeps } from './business-caller.ts';
import type { BusinessCaller } from './business-caller.ts';
import { changeBusiness, type LifecycleDeps } from './business-lifecycle.service.ts';
import { setBusinessFlags } from '../accounts/accounts.service.ts';
import * as repo from './businesses.repository.ts';

// Deleting a business (spec §4 deletion and revoke, §7): an admin schedules it, any admin may revoke
// it during the grace period, and a durable job carries it out when it is due.

export const businessDeletionJobKind = 'business-deletion';
const dayMs = 24 * 60 * 60 * 1000;

export type DeletionDeps = LifecycleDeps & { deletionGraceDays: number };

/**
 * DELETE /v2/businesses/{id}: the deletion is due after the grace period; a job waits for that
 * moment. Revoking and scheduling again leaves the earlier job behind: it finds the business not
 * (yet) due and does nothing.
 */
export function scheduleDeletion(deps: DeletionDeps, caller: BusinessCaller): Promise<BusinessLifecycle> {
  return changeBusiness(deps, caller, async (tx, row, now) => {
    if (row.deletionDueAt)
      throw new AppError(
        'BUSINESS_DELETION_SCHEDULED',
        `The deletion of this business is scheduled for ${row.deletionDueAt.toISOString()} already.`,
      );
    const dueAt = new Date(now.getTime() + deps.deletionGraceDays * dayMs);
    await repo.updateBusiness(tx, row.id, { deletionRequestedAt: now, deletionDueAt: dueAt, updatedAt: now });
    await enqueueJob(tx, { kind: businessDeletionJobKind, payload: { businessId: row.id }, runAt: dueAt });
  });
}

/** POST .../revoke_delete: the business stays; the waiting job will find nothing due. */
export function revokeDeletion(deps: LifecycleDeps, caller: BusinessCaller): Promise<BusinessLifecycle> {
  return changeBusiness(deps, caller, async (tx, row, now) => {
    if (!row.deletionDueAt)
      throw new AppError(
        'BUSINESS_DELETION_NOT_SCHEDULED',
        'The deletion of this business is not scheduled.',
      );
    await repo.updateBusiness(tx, row.id, { deletionRequestedAt: null, deletionDueAt: null, updatedAt: now });
  });
}

/**
 * Test-only (NODE_ENV=test): the grace period of a scheduled deletion ends now, and the job runs as
 * soon as the job runner polls; the end-to-end tests cannot wait days. False: none scheduled.
 */
export async function endGracePeriodForTests(deps: BusinessesDeps, businessId: string): Promise<boolean> {
  return deps.db.transaction(async (tx) => {
    await repo.lockBusiness(tx, businessId);
    const row = await repo.findBusiness(tx, businessId);
    if (!row?.deletionDueAt) return false;
    const now = deps.clock.now();
    await repo.updateBusiness(tx, businessId, { deletionDueAt: now, updatedAt: now });
    await enqueueJob(tx, { kind: businessDeletionJobKind, payload: { businessId }, runAt: now });
    return true;
  });
}

/**
 * The job: if the business's deletion is (still) due, its people continue with personal accounts
 * (business_deleted: spec §4's downgrade dialog, until they accept the terms) and the business goes
 * with its memberships, seals, domains and invitations (ON DELETE CASCADE). What the members signed
 * and sent is theirs, not the business's, and stays.
 */
export async function runBusinessDeletion(
  deps: BusinessesDeps,
  payload: Record<string, unknown>,
): Promise<void> {
  const businessId = typeof payload['businessId'] === 'string' ? payload['businessId'] : null;
  if (!businessId) return;
  await deps.db.transaction(async (tx) => {
    await repo.lockBusiness(tx, businessId);
    const row = await repo.findBusiness(tx, businessId);
    if (!row?.deletionDueAt || row.deletionDueAt.getTime() > deps.clock.now().getTime()) return;
    for (const person of await repo.membersOf(tx, businessId))
      await setBusinessFlags({ db: tx, clock: deps.clock }, person.id, {
        business_deleted: true,
        removed_from_business: false,
      });
    await repo.deleteBusiness(tx, businessId);
  });
}
