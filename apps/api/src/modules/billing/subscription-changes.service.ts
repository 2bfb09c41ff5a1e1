import {
  chosenPlans,
  type BillingInformation,
  type ChosenPlan,
  type Invoices,
  type UpgradeBody,
} from '@signet/contracts/billing';
import { AppError } from '../../errors.ts';
import * as repo from './billing.repository.ts';
import { withPayments } from './payments-errors.ts';
import type { PaymentsDeps } from './payment-methods.service.ts';
import { applyAnsweredSubscription } from './payments-events.service.ts';
import { ended } from './subscriptions.service.ts';

// Changes of a live subscription (spec §7): seats, cancelling at period end and taking that back,
// and the provider's customer portal. As with the upgrade, the provider's answer is applied as its
// webhook would be.

const noSubscription = () =>
  new AppError('NO_SUBSCRIPTION', 'The business has no subscription with the payment provider.');

/** The business's live provider subscription, with the row it is read from. */
async function liveSubscription(deps: PaymentsDeps, businessId: string) {
  const billing = await repo.billingOf(deps.db, businessId);
  const id = billing?.stripeSubscriptionId;
  if (!billing || !id || ended.has(billing.subscriptionStatus ?? '')) throw noSubscription();
  return { billing, id };
}

/** The upgrade that changes only the seats: the same plan, cycle and currency. */
export async function seatsChange(
  deps: PaymentsDeps,
  businessId: string,
  seats: number,
): Promise<UpgradeBody> {
  const { billing } = await liveSubscription(deps, businessId);
  const plan = (await repo.businessColumns(deps.db, businessId))?.pricePlanName;
  if (!plan || !chosenPlans.includes(plan as ChosenPlan) || !billing.cycle || !billing.currency)
    throw noSubscription();
  return { plan: plan as ChosenPlan, cycle: billing.cycle, currency: billing.currency, seats };
}

/**
 * POST …/cancel-subscription (`cancel`), PUT …/subscriptions/next_plan (`cancel` with the free plan
 * next) and …/reactivate-subscription: the subscription ends at the end of the paid period (then the
 * business is cancelled, or moves to `nextPlan` when the provider's event of the end arrives), or
 * goes on after all; pricePlan.next follows from the provider's answer and webhooks.
 */
export async function cancelAtPeriodEnd(
  deps: PaymentsDeps,
  businessId: string,
  cancel: boolean,
  billingNow: () => Promise<BillingInformation>,
  nextPlan: 'free' | null = null,
): Promise<BillingInformation> {
  const { id } = await liveSubscription(deps, businessId);
  const before = (await repo.businessColumns(deps.db, businessId))?.nextPricePlanName ?? null;
  const nextPlanIs = (name: string | null) =>
    repo.updateBusinessColumns(deps.db, businessId, { nextPricePlanName: name, updatedAt: deps.clock.now() });
  // Before the provider's answer: its events may arrive before this call returns.
  if (cancel) await nextPlanIs(nextPlan);
  const subscription = await withPayments(() =>
    cancel ? deps.payments.cancelAtPeriodEnd(id) : deps.payments.reactivate(id),
  ).catch(async (error: unknown) => {
    // The provider did not cancel: the business does not move either.
    if (cancel) await nextPlanIs(before);
    throw error;
  });
  await applyAnsweredSubscription(deps, subscription);
  return billingNow();
}

/** A portal returns only to a page of Signet (another origin would make Signet's link an open redirect). */
function requireOwnOrigin(publicUrl: string, redirectUrl: string): void {
  if (new URL(redirectUrl).origin !== new URL(publicUrl).origin)
    throw new AppError('VALIDATION_FAILED', 'The redirect URL must be a page of Signet.', {
      field: 'redirectUrl',
    });
}

/** GET /v2/businesses/{id}/stripe/cpsession: the provider's portal, returning to a page of Signet. */
export async function portalSession(
  deps: PaymentsDeps & { publicUrl: string },
  businessId: string,
  redirectUrl: string,
): Promise<{ url: string }> {
  requireOwnOrigin(deps.publicUrl, redirectUrl);
  const customer = (await repo.billingOf(deps.db, businessId))?.stripeCustomerId;
  if (!customer) throw noSubscription();
  const session = await withPayments(() => deps.payments.portalSession(customer, redirectUrl));
  return { url: session.url };
}

/** Chargebee's part of the payments port: its customer portal only. */
export interface ChargebeePort {
  portalSession(customerId: string, redirectUrl: string): Promise<{ url: string }>;
}

/**
 * POST /v2/businesses/{id}/chargebee/portal_session: for a business Chargebee bills, its portal
 * (the customer at Chargebee is known by the business's id); any other provider's business is told
 * which provider bills it.
 */
export async function chargebeePortalSession(
  deps: Pick<PaymentsDeps, 'db'> & { publicUrl: string; chargebee: ChargebeePort },
  businessId: string,
  redirectUrl: string,
): Promise<{ url: string }> {
  requireOwnOrigin(deps.publicUrl, redirectUrl);
  const provider = (await repo.billingOf(deps.db, businessId))?.provider ?? null;
  if (provider !== 'CHARGEBEE')
    throw new AppError(
      'WRONG_PAYMENT_PROVIDER',
      `The business is billed by ${provider ?? 'no provider yet'}, not Chargebee.`,
      { details: { provider } },
    );
  return withPayments(() => deps.chargebee.portalSession(businessId, redirectUrl));
}

/** GET /v1/businesses/{id}/billing/invoices: the provider's, newest first (none before a customer). */
export async function invoicesOf(deps: PaymentsDeps, businessId: string): Promise<Invoices> {
  const customer = (await repo.billingOf(deps.db, businessId))?.stripeCustomerId;
  if (!customer) return { invoices: [] };
  const list = await withPayments(() => deps.payments.listInvoices({ customer, limit: 100 }));
  return {
    invoices: list.data
      .filter((invoice) => invoice.status !== 'draft')
      .map((invoice) => ({
        id: invoice.id ?? '',
        number: invoice.number,
        status: invoice.status,
        currency: invoice.currency.toUpperCase(),
        total: invoice.total,
        amountPaid: invoice.amount_paid,
        createdAt: new Date(invoice.created * 1000).toISOString(),
        pdfUrl: invoice.invoice_pdf ?? null,
        hostedUrl: invoice.hosted_invoice_url ?? null,
      })),
  };
}
