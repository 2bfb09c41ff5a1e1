import type { BillingInformation } from '@signet/contracts/billing';
import { lockOf, type BusinessLock } from '../../lib/business-membership.ts';

const dayMs = 24 * 60 * 60 * 1000;

/** What the billing pages' banner tells the admin, most urgent first (spec §4). */
export type BillingNotice =
  | { kind: BusinessLock }
  | { kind: 'payment_issues' }
  | { kind: 'trial'; daysLeft: number; endAt: string }
  | { kind: 'cancelling'; endAt: string | null };

/**
 * Locked, trial over, payment issues (the subscription neither active nor incomplete_expired,
 * unless locked: the API's `paymentIssues`), the trial's whole days left, a cancellation at period end.
 */
export function billingNotice(info: BillingInformation, now = Date.now()): BillingNotice | null {
  const lock = lockOf(info);
  if (lock) return { kind: lock };
  if (info.paymentIssues) return { kind: 'payment_issues' };
  if (info.trial) {
    const daysLeft = Math.max(0, Math.ceil((new Date(info.trial.endAt).getTime() - now) / dayMs));
    return { kind: 'trial', daysLeft, endAt: info.trial.endAt };
  }
  if (info.pricePlan.next?.type === 'CANCELED')
    return { kind: 'cancelling', endAt: info.pricePlan.next.startAt ?? info.renewsAt };
  return null;
}
