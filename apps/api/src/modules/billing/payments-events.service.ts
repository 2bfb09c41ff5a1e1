import type { z } from 'zod';
import type { PaymentsEvent, PaymentsEventReceipt } from '@signet/contracts/billing';
import type { Db } from '../../db/client.ts';
import type { StoredPlanBase } from '../../db/schema/businesses.ts';
import { AppError } from '../../errors.ts';
import type { BillingDeps } from './billing-deps.ts';
import * as repo from './billing.repository.ts';
import type { PaymentsPort } from './payments-port.ts';

// The payment provider's events are the source of truth for how a business pays (spec §3
// billingStatus, billing.stripeSubscriptionStatus, pricePlan current/next, the trial). Each event is
// applied once (its id is recorded in the transaction that applies it), and a subscription state
// older than the one applied is not applied over it: Stripe neither orders nor deduplicates its
// deliveries, and retries any that did not get a 2xx.

type Receipt = z.infer<typeof PaymentsEventReceipt>;
/** What became of an event that was not a replay. */
type Outcome = Exclude<Receipt['outcome'], 'replayed'>;
interface Applied {
  businessId: string | null;
  outcome: Outcome;
}
/**
 * One event's application: its transaction, the event's `created`, and the clock's now. `answer`
 * when the object is the provider's answer to Signet's own call rather than an event.
 */
interface Step {
  tx: Db;
  eventAt: Date;
  now: Date;
  answer?: boolean;
}
type Json = Record<string, unknown>;

const isJson = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const text = (value: unknown): string | null => (typeof value === 'string' && value ? value : null);
/** An id field that may be expanded into its object (`customer: "cus_…"` or `customer: { id }`). */
const idOf = (value: unknown): string | null => text(value) ?? (isJson(value) ? text(value.id) : null);
/** Stripe's instants are Unix seconds. */
const instantOf = (value: unknown): Date | null =>
  typeof value === 'number' && Number.isFinite(value) ? new Date(value * 1000) : null;
const iso = (date: Date | null) => date?.toISOString() ?? null;

/**
 * When two states of a subscription carry the same `created` second, the one further along wins:
 * a subscription does not go back from canceled, nor from a failed payment to the trial.
 */
const statusRank: Record<string, number> = {
  incomplete: 0,
  trialing: 1,
  active: 2,
  past_due: 3,
  unpaid: 4,
  paused: 4,
  incomplete_expired: 5,
  canceled: 6,
};
const rankOf = (status: string | null) => (status === null ? -1 : (statusRank[status] ?? 0));

interface SubscriptionState {
  id: string;
  customer: string | null;
  status: string;
  businessId: string | null;
  priceId: string | null;
  quantity: number | null;
  periodStart: Date | null;
  periodEnd: Date | null;
  trialStart: Date | null;
  trialEnd: Date | null;
  cancelAtPeriodEnd: boolean;
  endedAt: Date | null;
}

/** The parts of a Stripe subscription Signet reads (period fields: on the item since 2025, before on the subscription). */
function subscriptionOf(object: Json): SubscriptionState | null {
  const id = text(object.id);
  const status = text(object.status);
  if (!id || !status) return null;
  const items = isJson(object.items) && Array.isArray(object.items.data) ? object.items.data : [];
  const item: Json = isJson(items[0]) ? items[0] : {};
  const metadata = isJson(object.metadata) ? object.metadata : {};
  return {
    id,
    customer: idOf(object.customer),
    status,
    businessId: text(metadata.signet_business_id),
    // The catalogue names prices by lookup key (Stripe chooses the ids); an unexpanded price by its id.
    priceId: (isJson(item.price) ? text(item.price.lookup_key) : null) ?? idOf(item.price),
    quantity: typeof item.quantity === 'number' ? item.quantity : null,
    periodStart: instantOf(item.current_period_start ?? object.current_period_start),
    periodEnd: instantOf(item.current_period_end ?? object.current_period_end),
    trialStart: instantOf(object.trial_start),
    trialEnd: instantOf(object.trial_end),
    cancelAtPeriodEnd: object.cancel_at_period_end === true,
    endedAt: instantOf(object.ended_at ?? object.canceled_at),
  };
}

/** The subscription an invoice bills (`parent.subscription_details` since 2025, `subscription` before). */
function invoiceSubscriptionOf(object: Json): string | null {
  const parent = isJson(object.parent) ? object.parent : {};
  const details = isJson(parent.subscription_details) ? parent.subscription_details : {};
  return idOf(details.subscription) ?? idOf(object.subscription);
}

/**
 * The business an event is about: the one Signet named in the subscription's metadata, else by its
 * ids. Its row is locked: two events of one business (or an event and the billing job) apply in turn.
 */
async function businessOf(
  db: Db,
  ids: { named: string | null; subscription: string | null; customer: string | null },
): Promise<repo.BusinessBillingColumns | null> {
  const id = ids.named ?? (await repo.businessIdByStripe(db, ids));
  if (!id) return null;
  await repo.lockBusiness(db, id);
  return repo.businessColumns(db, id);
}

/** What the business's marker, status and plan bases become with this subscription state. */
function businessStateOf(
  sub: SubscriptionState,
  business: repo.BusinessBillingColumns,
  cycle: 'monthly' | 'yearly' | null,
  eventAt: Date,
): Pick<repo.BusinessBillingColumns, 'paymentMethod' | 'billingStatus' | 'planBase'> | null {
  const cancelling = (at: Date | null) =>
    sub.cancelAtPeriodEnd ? { type: 'CANCELED', startAt: iso(at), endAt: null } : null;
  if (sub.status === 'canceled') {
    const planBase: StoredPlanBase = {
      current: { type: 'CANCELED', startAt: iso(sub.endedAt ?? eventAt), endAt: null },
      next: null,
    };
    return { paymentMethod: 'NEEDS_PAYMENT_METHOD', billingStatus: 'canceled', planBase };
  }
  if (sub.status === 'trialing') {
    const planBase: StoredPlanBase = {
      current: { type: 'TRIAL', startAt: iso(sub.trialStart), endAt: iso(sub.trialEnd) },
      next: cancelling(sub.trialEnd),
    };
    return { paymentMethod: 'TRIALING', billingStatus: 'trialing', planBase };
  }
  if (['active', 'past_due', 'unpaid'].includes(sub.status)) {
    const planBase: StoredPlanBase = {
      current: {
        type: cycle === 'yearly' ? 'YEARLY' : 'MONTHLY',
        startAt: iso(sub.periodStart),
        endAt: iso(sub.periodEnd),
      },
      next: cancelling(sub.periodEnd),
    };
    // A locked business stays locked until an invoice is paid (invoice.paid), not by a status alone.
    const locked = business.paymentMethod === 'BLOCKED' && sub.status !== 'active';
    return {
      paymentMethod: locked ? 'BLOCKED' : 'STRIPE',
      billingStatus: locked ? 'blocked' : sub.status === 'active' ? 'active' : 'past_due',
      planBase,
    };
  }
  // incomplete, incomplete_expired, paused: nothing is paid for yet or any more; the plan stays.
  return null;
}

/** A business on a free plan from `startAt`: nothing to pay (no payment marker, so no gate locks it). */
export function freePlanState(plan: string, startAt: Date) {
  return {
    pricePlanName: plan,
    nextPricePlanName: null,
    paymentMethod: null,
    billingStatus: 'free',
    planBase: { current: { type: 'MONTHLY', startAt: startAt.toISOString(), endAt: null }, next: null },
  } satisfies Partial<repo.BusinessBillingColumns>;
}

/**
 * The free plan downgrade (nextPricePlanName): when the subscription ends, the business moves to that
 * plan, with nothing to pay (no payment marker, so no gate locks it); a subscription that goes on
 * (reactivated, here or in the provider's portal) drops it.
 */
function nextPlanStep(
  sub: SubscriptionState,
  business: repo.BusinessBillingColumns,
  eventAt: Date,
): Partial<repo.BusinessBillingColumns> {
  const next = business.nextPricePlanName;
  if (!next) return {};
  if (sub.status === 'canceled') return freePlanState(next, sub.endedAt ?? eventAt);
  return sub.cancelAtPeriodEnd ? {} : { nextPricePlanName: null };
}

const secondOf = (ms: number) => Math.floor(ms / 1000);

/**
 * Whether a subscription state stamped `at` comes after the one applied (stamped `applied`, with its
 * status). Events carry whole seconds; an answer to Signet's call is stamped at the end of its second
 * (everything of that second before the answer happened by then), so the event of the change
 * answered arrives as a no-op. Within one second a state further along wins, an answer over an event.
 */
function isLater(
  sub: SubscriptionState,
  at: Date,
  answer: boolean,
  billing: Pick<repo.BillingRow, 'stateCreatedAt' | 'subscriptionStatus'> | null,
): boolean {
  if (!billing?.stateCreatedAt) return true;
  const applied = billing.stateCreatedAt.getTime();
  if (answer || secondOf(at.getTime()) !== secondOf(applied)) return at.getTime() >= applied;
  const ahead = rankOf(sub.status) - rankOf(billing.subscriptionStatus);
  return ahead > 0 || (ahead === 0 && at.getTime() >= applied);
}

async function applySubscription(
  { tx, eventAt, now, answer = false }: Step,
  object: Json,
  deleted: boolean,
): Promise<Applied> {
  const parsed = subscriptionOf(object);
  if (!parsed) return { businessId: null, outcome: 'ignored' };
  const sub = deleted ? { ...parsed, status: 'canceled' } : parsed;
  const business = await businessOf(tx, {
    named: sub.businessId,
    subscription: sub.id,
    customer: sub.customer,
  });
  if (!business) return { businessId: null, outcome: 'ignored' };
  const billing = await repo.billingOf(tx, business.id);
  // A business has one subscription at a time: an old one's late news does not end its successor.
  const current = billing?.stripeSubscriptionId;
  const ended = ['canceled', 'incomplete_expired'].includes(billing?.subscriptionStatus ?? '');
  if (current && current !== sub.id && !ended) return { businessId: business.id, outcome: 'stale' };
  if (!isLater(sub, eventAt, answer, billing)) return { businessId: business.id, outcome: 'stale' };
  const price = sub.priceId ? await repo.pricePlanByProviderPrice(tx, sub.priceId) : null;
  await repo.saveBilling(tx, business.id, {
    provider: 'STRIPE',
    stripeCustomerId: sub.customer ?? billing?.stripeCustomerId ?? null,
    stripeSubscriptionId: sub.id,
    subscriptionStatus: sub.status,
    // Never back: a state further along within the second of an answer keeps the answer's stamp.
    stateCreatedAt: new Date(Math.max(eventAt.getTime(), billing?.stateCreatedAt?.getTime() ?? 0)),
    cycle: price?.cycle ?? billing?.cycle ?? null,
    currency: price?.currency ?? billing?.currency ?? null,
    seatsPurchased: sub.quantity ?? billing?.seatsPurchased ?? null,
    trialStartAt: sub.trialStart,
    trialEndAt: sub.trialEnd,
    periodEndAt: sub.periodEnd,
    cancelAtPeriodEnd: sub.cancelAtPeriodEnd,
    updatedAt: now,
  });
  const state = businessStateOf(sub, business, price?.cycle ?? billing?.cycle ?? null, eventAt);
  await repo.updateBusinessColumns(tx, business.id, {
    ...(state ?? {}),
    ...(price ? { pricePlanName: price.plan } : {}),
    ...nextPlanStep(sub, business, eventAt),
    updatedAt: now,
  });
  return { businessId: business.id, outcome: 'applied' };
}

/** invoice.paid clears a payment failure (and a lock); invoice.payment_failed starts the grace period. */
async function applyInvoice({ tx, eventAt, now }: Step, object: Json, paid: boolean): Promise<Applied> {
  const business = await businessOf(tx, {
    named: null,
    subscription: invoiceSubscriptionOf(object),
    customer: idOf(object.customer),
  });
  if (!business) return { businessId: null, outcome: 'ignored' };
  const billing = await repo.billingOf(tx, business.id);
  if (paid) {
    if (billing?.paymentFailedAt && eventAt < billing.paymentFailedAt)
      return { businessId: business.id, outcome: 'stale' };
    await repo.saveBilling(tx, business.id, {
      paidAt: eventAt,
      paymentFailedAt: null,
      errorCode: null,
      updatedAt: now,
    });
    if (business.paymentMethod === 'BLOCKED' || business.billingStatus === 'past_due')
      await repo.updateBusinessColumns(tx, business.id, {
        paymentMethod: 'STRIPE',
        billingStatus: 'active',
        updatedAt: now,
      });
    return { businessId: business.id, outcome: 'applied' };
  }
  if (billing?.paidAt && eventAt < billing.paidAt) return { businessId: business.id, outcome: 'stale' };
  const error = isJson(object.last_finalization_error) ? text(object.last_finalization_error.code) : null;
  await repo.saveBilling(tx, business.id, {
    // The grace period runs from the first failure not paid since.
    paymentFailedAt: billing?.paymentFailedAt ?? eventAt,
    errorCode: error ?? 'payment_failed',
    updatedAt: now,
  });
  if (business.paymentMethod === 'STRIPE')
    await repo.updateBusinessColumns(tx, business.id, { billingStatus: 'past_due', updatedAt: now });
  return { businessId: business.id, outcome: 'applied' };
}

/** customer.subscription.trial_will_end: the trial's end as the provider now has it. */
async function applyTrialWillEnd({ tx, now }: Step, object: Json): Promise<Applied> {
  const sub = subscriptionOf(object);
  const business =
    sub && (await businessOf(tx, { named: sub.businessId, subscription: sub.id, customer: sub.customer }));
  if (!sub || !business) return { businessId: null, outcome: 'ignored' };
  await repo.saveBilling(tx, business.id, { trialEndAt: sub.trialEnd, updatedAt: now });
  return { businessId: business.id, outcome: 'applied' };
}

function apply(step: Step, event: z.infer<typeof PaymentsEvent>): Promise<Applied> {
  const object = event.data.object;
  switch (event.type) {
    case 'customer.subscription.created':
    case 'customer.subscription.updated':
      return applySubscription(step, object, false);
    case 'customer.subscription.deleted':
      return applySubscription(step, object, true);
    case 'customer.subscription.trial_will_end':
      return applyTrialWillEnd(step, object);
    case 'invoice.paid':
      return applyInvoice(step, object, true);
    case 'invoice.payment_failed':
      return applyInvoice(step, object, false);
    default:
      return Promise.resolve({ businessId: null, outcome: 'ignored' });
  }
}

/**
 * POST /v1/billing/stripe/events: verifies the signature over the exact bytes received, then applies
 * the event once. A replay answers 200 without changing anything (so the provider stops retrying).
 */
export async function receivePaymentsEvent(
  deps: Pick<BillingDeps, 'db' | 'clock'> & { payments: Pick<PaymentsPort, 'verifyEvent'> },
  delivery: { rawBody: string; signature: string | undefined; event: z.infer<typeof PaymentsEvent> },
): Promise<Receipt> {
  try {
    deps.payments.verifyEvent(delivery.rawBody, delivery.signature ?? '');
  } catch {
    throw new AppError(
      'PAYMENTS_EVENT_INVALID',
      'The Stripe-Signature header does not sign this body with the webhook secret, or is too old.',
      { field: 'stripe-signature' },
    );
  }
  const { event } = delivery;
  const eventAt = new Date(event.created * 1000);
  return deps.db.transaction(async (tx) => {
    const fresh = await repo.recordEvent(tx, {
      id: event.id,
      type: event.type,
      createdAt: eventAt,
      receivedAt: deps.clock.now(),
      outcome: 'ignored',
    });
    if (!fresh) return { received: true as const, outcome: 'replayed' as const };
    const { businessId, outcome } = await apply({ tx, eventAt, now: deps.clock.now() }, event);
    await repo.setEventOutcome(tx, event.id, businessId, outcome);
    return { received: true as const, outcome };
  });
}

/**
 * Applies a subscription as the provider answered Signet's call (create, change, cancel), through the
 * same code as its events: the call's answer is consistent at once, and the event of that change
 * finds nothing left to do when it arrives. An answer replayed from an idempotency key is left to
 * the events (its object may be older than its stamp).
 */
export async function applyAnsweredSubscription(
  deps: Pick<BillingDeps, 'db' | 'clock'> & { payments: Pick<PaymentsPort, 'answeredAt'> },
  subscription: Parameters<PaymentsPort['answeredAt']>[0],
  /** The caller's transaction, when the answer belongs to a change it makes. */
  within?: Db,
): Promise<void> {
  const answeredAt = deps.payments.answeredAt(subscription);
  if (!answeredAt) return;
  // The Date header has whole seconds: the answer is at the end of its second.
  const at = new Date(secondOf(answeredAt.getTime()) * 1000 + 999);
  const apply = (tx: Db) =>
    applySubscription({ tx, eventAt: at, now: deps.clock.now(), answer: true }, subscription as Json, false);
  await (within ? apply(within) : deps.db.transaction(apply));
}
