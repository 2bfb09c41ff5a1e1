import type { z } from 'zod';
import type {
  BusinessLifecycle,
  UpdateBaseBody,
  UpdateBillingBody,
} from '@signet/contracts/business-lifecycle';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../errors.ts';
import { planBaseOf, toPlanBase } from '../billing/billing.service.ts';
import type { BusinessCaller, BusinessesDeps } from './business-caller.ts';
import { seatsOf, type SeatLimit } from './business-seats.service.ts';
import * as repo from './businesses.repository.ts';

// The plan, billing data and seats of a business (spec §3, §4, §7). Billing proper (payments, the
// provider's subscription) comes with the billing issue: these calls change what Signet stores,
// and the spec §4 gates read it (a cancelled trial needs a payment method: NEEDS_PAYMENT_METHOD).

export type LifecycleDeps = BusinessesDeps & SeatLimit;

async function requireBusiness(db: Db, id: string): Promise<repo.BusinessRow> {
  const row = await repo.findBusiness(db, id);
  if (!row) throw new AppError('NOT_FOUND', 'No such business.');
  return row;
}

/** GET .../lifecycle, and the answer of every lifecycle call. */
export async function lifecycleOf(deps: LifecycleDeps, businessId: string): Promise<BusinessLifecycle> {
  const row = await requireBusiness(deps.db, businessId);
  const base = planBaseOf(row);
  const seats = await seatsOf(deps.db, businessId, deps.clock.now(), deps.seatLimit);
  return {
    paymentMethod: row.paymentMethod,
    billingStatus: row.billingStatus,
    billing: row.billingAddress,
    base: { current: toPlanBase(base.current), next: base.next && toPlanBase(base.next) },
    seats: { used: seats.used, limit: seats.limit },
    deletion:
      row.deletionRequestedAt && row.deletionDueAt
        ? { requestedAt: row.deletionRequestedAt.toISOString(), dueAt: row.deletionDueAt.toISOString() }
        : null,
  };
}

/** Changes the business under its row lock (two admins at once do not undo each other). */
export async function changeBusiness(
  deps: LifecycleDeps,
  caller: BusinessCaller,
  change: (tx: Db, row: repo.BusinessRow, now: Date) => Promise<void>,
): Promise<BusinessLifecycle> {
  await deps.db.transaction(async (tx) => {
    await repo.lockBusiness(tx, caller.businessId);
    await change(tx, await requireBusiness(tx, caller.businessId), deps.clock.now());
  });
  return lifecycleOf(deps, caller.businessId);
}

/**
 * POST .../cancel-trial: the trial ends now and the plan is cancelled. The business keeps its
 * people and data, but needs a payment method to go on (spec §4: the admin is kept to the members
 * and upgrade pages, members see the locked dialog).
 */
export function cancelTrial(deps: LifecycleDeps, caller: BusinessCaller): Promise<BusinessLifecycle> {
  return changeBusiness(deps, caller, async (tx, row, now) => {
    if (row.paymentMethod !== 'TRIALING')
      throw new AppError(
        'TRIAL_NOT_ACTIVE',
        'Your business is not in its trial, so there is none to cancel.',
      );
    await repo.updateBusiness(tx, row.id, {
      paymentMethod: 'NEEDS_PAYMENT_METHOD',
      billingStatus: 'canceled',
      planBase: {
        current: { type: 'CANCELED', startAt: now.toISOString(), endAt: null },
        next: null,
      },
      updatedAt: now,
    });
  });
}

/** PUT .../billing: the address, VAT number and currency invoices will carry. */
export function updateBilling(
  deps: LifecycleDeps,
  caller: BusinessCaller,
  body: UpdateBillingBody,
): Promise<BusinessLifecycle> {
  return changeBusiness(deps, caller, async (tx, row, now) => {
    await repo.updateBusiness(tx, row.id, { billingAddress: body, updatedAt: now });
  });
}

/**
 * PUT .../base: the base the plan continues with when the current one ends; it starts then (a
 * current base without an end: now). Null withdraws a pending change, e.g. a cancellation.
 */
export function updateBase(
  deps: LifecycleDeps,
  caller: BusinessCaller,
  body: z.infer<typeof UpdateBaseBody>,
): Promise<BusinessLifecycle> {
  return changeBusiness(deps, caller, async (tx, row, now) => {
    const { current } = planBaseOf(row);
    const next = body.next && {
      type: body.next.type,
      startAt: current.endAt ?? now.toISOString(),
      endAt: null,
    };
    await repo.updateBusiness(tx, row.id, { planBase: { current, next }, updatedAt: now });
  });
}
