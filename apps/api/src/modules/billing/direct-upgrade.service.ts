import { createHash } from 'node:crypto';
import type {
  BillingInformation,
  DirectConfirmBody,
  DirectUpgradeResult,
  SetupIntentResult,
} from '@signet/contracts/billing';
import { AppError } from '../../errors.ts';
import { getAccount } from '../accounts/accounts.service.ts';
import {
  insertBusinessWithAdmin,
  membershipOf,
  withdrawNewBusiness,
} from '../businesses/businesses.service.ts';
import * as repo from './billing.repository.ts';
import {
  customerOf,
  offeredTypes,
  retrieveSetupIntent,
  toSetupIntent,
  type MethodType,
  type PaymentsDeps,
} from './payment-methods.service.ts';
import { withPayments } from './payments-errors.ts';
import { ended, upgrade } from './subscriptions.service.ts';

// An individual becomes a paying business in one flow (spec §7 Subscriptions, direct_upgrade): the
// card or SEPA debit is set up first, without a customer (the business does not exist yet); confirm
// then creates the business through the same service as POST /v2/businesses, gives it the payment
// method, and subscribes it through the same service as …/subscriptions/upgrade.

/**
 * Spec §7 lists an individual's `POST stripe_setup_intent (country)` beside the direct_upgrade calls.
 * It is this one: an individual has no customer at the provider, so their setup intent is always the
 * first step of a direct upgrade; a business admin adds payment methods with …/billing/setup-intent.
 */
export async function directSetupIntent(
  deps: PaymentsDeps,
  userId: string,
  body: { country: string; paymentMethodTypes?: MethodType[] | undefined },
): Promise<SetupIntentResult> {
  if (await membershipOf(deps.db, userId)) throw alreadyInBusiness();
  const types = offeredTypes(body.country, body.paymentMethodTypes);
  const intent = await withPayments(() =>
    deps.payments.createSetupIntent({
      allowed_payment_method_types: types,
      metadata: { signet_user_id: userId, signet_country: body.country },
    }),
  );
  return { setupIntent: toSetupIntent(deps, intent) };
}

const alreadyInBusiness = () =>
  new AppError('ALREADY_IN_BUSINESS', 'You belong to a business already; leave it first.');

/**
 * The business a setup intent creates: its id follows from the intent's (a UUID of version 8, made
 * of a hash), so two confirms of one intent name one business, and the database lets one create it.
 */
function businessIdFor(setupIntentId: string): string {
  const hex = createHash('sha256').update(`signet-direct-upgrade:${setupIntentId}`).digest('hex');
  const variant = ((parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-8${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** The caller's own setup intent, done: set up, its authentication (3-D Secure) completed. */
async function setUpIntentOf(deps: PaymentsDeps, userId: string, intentId: string) {
  const notFound = new AppError('NOT_FOUND', 'No such setup intent of yours.', { field: 'setupIntentId' });
  const intent = await retrieveSetupIntent(deps, intentId, notFound);
  // An intent id is not a credential: only the person who started it may use it.
  if (intent.metadata?.signet_user_id !== userId) throw notFound;
  if (intent.status === 'requires_action')
    throw new AppError(
      'VALIDATION_FAILED',
      'The card’s authentication was not completed; nothing was charged. Try again.',
      { field: 'setupIntentId' },
    );
  const method = intent.payment_method;
  const methodId = typeof method === 'string' ? method : method?.id;
  if (intent.status !== 'succeeded' || !methodId)
    throw new AppError('VALIDATION_FAILED', 'The payment method was not set up; nothing was charged.', {
      field: 'setupIntentId',
    });
  return { intent, methodId, country: intent.metadata?.signet_country };
}

/**
 * Creates the business with the caller as its admin; false when this intent's business exists
 * already (a repeated or concurrent confirm, which goes on with it).
 */
async function createOrFindBusiness(
  deps: PaymentsDeps,
  userId: string,
  businessId: string,
  body: DirectConfirmBody,
): Promise<boolean> {
  const membership = await membershipOf(deps.db, userId);
  if (membership) {
    if (membership.businessId === businessId) return false;
    throw alreadyInBusiness();
  }
  const { email } = await getAccount(deps, userId);
  try {
    await deps.db.transaction((tx) =>
      insertBusinessWithAdmin(tx, deps.clock, userId, { name: body.businessName, email }, businessId),
    );
    return true;
  } catch (error) {
    // The other of two confirms at once made it (same id): go on with that one.
    if ((await membershipOf(deps.db, userId))?.businessId === businessId) return false;
    throw error;
  }
}

/**
 * POST /v2/businesses/direct_upgrade/confirm. The idempotency comes from the caller's request: the
 * setup intent it names makes the business's id and the subscription's idempotency key, so two
 * clicks make one business and one subscription. A refused charge takes the new business back.
 */
export async function directConfirm(
  deps: PaymentsDeps,
  userId: string,
  body: DirectConfirmBody,
  billingNow: (businessId: string) => Promise<BillingInformation>,
): Promise<DirectUpgradeResult> {
  const { intent, methodId, country } = await setUpIntentOf(deps, userId, body.setupIntentId);
  const businessId = businessIdFor(intent.id);
  const created = await createOrFindBusiness(deps, userId, businessId, body);
  const choice = {
    plan: body.plan,
    cycle: body.cycle,
    currency: body.currency,
    seats: body.seats,
    ...(body.promoCode ? { promoCode: body.promoCode } : {}),
  };
  try {
    const billing = await repo.billingOf(deps.db, businessId);
    if (billing?.stripeSubscriptionId && !ended.has(billing.subscriptionStatus ?? ''))
      // A repeated confirm after the first one finished.
      return {
        businessId,
        status: billing.subscriptionStatus ?? 'active',
        subscriptionId: billing.stripeSubscriptionId,
        billing: await billingNow(businessId),
      };
    const customer = await customerOf(deps, businessId, country);
    await withPayments(() => deps.payments.attachPaymentMethod(methodId, customer));
    await withPayments(() => deps.payments.setDefaultPaymentMethod(customer, methodId));
    const key = createHash('sha256')
      .update(JSON.stringify([intent.id, choice]))
      .digest('hex')
      .slice(0, 40);
    const result = await upgrade(
      deps,
      businessId,
      choice,
      1,
      () => billingNow(businessId),
      `signet-direct-upgrade-${key}`,
    );
    return {
      businessId,
      status: result.status,
      subscriptionId: result.subscriptionId,
      billing: result.billing,
    };
  } catch (error) {
    // Nothing was bought: the person stays an individual (only the request that made it takes it back).
    if (created && error instanceof AppError && error.code !== 'PAYMENTS_UNAVAILABLE')
      await withdrawNewBusiness(deps.db, businessId);
    throw error;
  }
}
