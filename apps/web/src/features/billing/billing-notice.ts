import type { BillingInformation } from '@signet/contracts/billing';

const dayMs = 24 * 60 * 60 * 1000;

/** What the billing pages' banner tells the admin, most urgent first (spec §4). */
export type BillingNotice =
  | { kind: 'blocked' }
  | { kind: 'trial_over' }
  | { kind: 'payment_issues' }
  | { kind: 'trial'; daysLeft: number; endAt: string }
  | { kind: 'cancelling'; endAt: string | null };

/**
 * Locked, trial over, payment issues (the subscription neither active nor incomplete_expired,
 * unless locked: the API's `paymentIssues`), the trial's whole days left, a cancellation at period end.
 */
export function billingNotice(info: BillingInformation, now = Date.now()): BillingNotice | null {
  if (info.paymentMethod === 'BLOCKED') return { kind: 'blocked' };
  if (info.paymentMethod === 'NEEDS_PAYMENT_METHOD') return { kind: 'trial_over' };
  if (info.paymentIssues) return { kind: 'payment_issues' };
  if (info.trial) {
    const daysLeft = Math.max(0, Math.ceil((new Date(info.trial.endAt).getTime() - now) / dayMs));
    return { kind: 'trial', daysLeft, endAt: info.trial.endAt };
  }
  if (info.pricePlan.next?.type === 'CANCELED')
    return { kind: 'cancelling', endAt: info.pricePlan.next.startAt ?? info.renewsAt };
  return null;
}
