import { sepaCountries, type PaymentMethods, type SetupIntent } from '@signet/contracts/billing';
import { eq } from 'drizzle-orm';
import { businesses } from '../../db/schema/businesses.ts';
import { AppError } from '../../errors.ts';
import type { BillingDeps } from './billing-deps.ts';
import * as repo from './billing.repository.ts';
import { withPayments } from './payments-errors.ts';
import type { PaymentsPort } from './payments-port.ts';

// A business's customer at the payments provider and its payment methods (spec §7 billing/payment,
// billing/setup-intent). Card numbers and IBANs go from the browser to the provider; Signet only
// ever sees the provider's ids, brands and last four digits.

export type PaymentsDeps = Pick<BillingDeps, 'db' | 'clock'> & { payments: PaymentsPort };

type StripeSetupIntent = Awaited<ReturnType<PaymentsPort['retrieveSetupIntent']>>;

const idOf = (value: string | { id: string } | null | undefined): string | null =>
  typeof value === 'string' ? value : (value?.id ?? null);

/**
 * The business's customer at the provider, created on first use with the business's id in its
 * metadata. The idempotency key is the business's: two first uses at once make one customer.
 */
export async function customerOf(
  deps: PaymentsDeps,
  businessId: string,
  /** Where the business is billed, when known (the direct upgrade asks it). */
  country?: string,
): Promise<string> {
  const billing = await repo.billingOf(deps.db, businessId);
  if (billing?.stripeCustomerId) return billing.stripeCustomerId;
  const [business] = await deps.db
    .select({ name: businesses.name })
    .from(businesses)
    .where(eq(businesses.id, businessId))
    .limit(1);
  if (!business) throw new AppError('NOT_FOUND', 'No such business.');
  const customer = await withPayments(() =>
    deps.payments.createCustomer(
      {
        name: business.name,
        ...(country ? { address: { country } } : {}),
        metadata: { signet_business_id: businessId },
      },
      `signet-customer-${businessId}`,
    ),
  );
  await repo.saveBilling(deps.db, businessId, { stripeCustomerId: customer.id, updatedAt: deps.clock.now() });
  return customer.id;
}

export function toSetupIntent(deps: PaymentsDeps, intent: StripeSetupIntent): SetupIntent {
  const browser = deps.payments.browserSettings();
  return {
    id: intent.id,
    status: intent.status,
    clientSecret: intent.status === 'succeeded' ? null : intent.client_secret,
    publishableKey: browser.publishableKey,
    apiUrl: browser.apiUrl,
    paymentMethodTypes: intent.payment_method_types,
    nextActionUrl: intent.next_action?.redirect_to_url?.url ?? null,
    paymentMethodId: intent.status === 'succeeded' ? idOf(intent.payment_method) : null,
  };
}

/** The provider's setup intent; its 404 (no such intent) is the caller's mistake (`notFound`), not an outage. */
export function retrieveSetupIntent(
  deps: PaymentsDeps,
  intentId: string,
  notFound: AppError,
): Promise<StripeSetupIntent> {
  return withPayments(async () => {
    try {
      return await deps.payments.retrieveSetupIntent(intentId);
    } catch (error) {
      if ((error as { statusCode?: number }).statusCode === 404) throw notFound;
      throw error;
    }
  });
}

export type MethodType = 'card' | 'sepa_debit';

/** Cards anywhere; SEPA debits for payers in the SEPA area only (a mandate needs a SEPA account). */
export function offeredTypes(country: string, asked: MethodType[] | undefined): MethodType[] {
  const sepa = (sepaCountries as readonly string[]).includes(country);
  const offered: MethodType[] = sepa ? ['card', 'sepa_debit'] : ['card'];
  if (!asked) return offered;
  const refused = asked.filter((type) => !offered.includes(type));
  if (refused.length > 0)
    throw new AppError(
      'VALIDATION_FAILED',
      `A SEPA debit is only offered in the SEPA area, not in ${country}.`,
      {
        field: 'paymentMethodTypes',
      },
    );
  return asked;
}

/** POST /v1/businesses/{id}/billing/setup-intent: the form offers what the payer's country allows. */
export async function createSetupIntent(
  deps: PaymentsDeps,
  businessId: string,
  body: { country: string; paymentMethodTypes?: MethodType[] | undefined },
): Promise<SetupIntent> {
  const types = offeredTypes(body.country, body.paymentMethodTypes);
  const customer = await customerOf(deps, businessId);
  const intent = await withPayments(() =>
    deps.payments.createSetupIntent({
      customer,
      allowed_payment_method_types: types,
      metadata: { signet_business_id: businessId, payer_country: body.country },
    }),
  );
  return toSetupIntent(deps, intent);
}

/**
 * POST …/billing/setup-intent/{intentId} (and an upgrade naming its intent): only an intent of the business's own customer (an intent
 * id is not a credential). Once succeeded, its payment method becomes the customer's default, so
 * the next invoice is charged to what was just added.
 */
export async function setupIntentOf(
  deps: PaymentsDeps,
  businessId: string,
  intentId: string,
): Promise<SetupIntent> {
  const notFound = new AppError('NOT_FOUND', 'No such setup intent for this business.', {
    field: 'intentId',
  });
  const billing = await repo.billingOf(deps.db, businessId);
  if (!billing?.stripeCustomerId) throw notFound;
  const intent = await retrieveSetupIntent(deps, intentId, notFound);
  if (idOf(intent.customer) !== billing.stripeCustomerId) throw notFound;
  const method = idOf(intent.payment_method);
  if (intent.status === 'succeeded' && method) {
    const customer = billing.stripeCustomerId;
    await withPayments(() => deps.payments.setDefaultPaymentMethod(customer, method));
  }
  return toSetupIntent(deps, intent);
}

/** GET /v1/businesses/{id}/billing/payment: none before the business ever added one. */
export async function paymentMethodsOf(deps: PaymentsDeps, businessId: string): Promise<PaymentMethods> {
  const billing = await repo.billingOf(deps.db, businessId);
  if (!billing?.stripeCustomerId) return { cards: [], sepaDebits: [] };
  const customer = billing.stripeCustomerId;
  const { methods, defaultId } = await withPayments(() => deps.payments.listPaymentMethods(customer));
  const answer: PaymentMethods = { cards: [], sepaDebits: [] };
  for (const method of methods) {
    const defaultPaymentMethod = method.id === defaultId;
    if (method.card)
      answer.cards.push({
        id: method.id,
        brand: method.card.brand,
        last4: method.card.last4,
        expMonth: method.card.exp_month,
        expYear: method.card.exp_year,
        defaultPaymentMethod,
      });
    else if (method.sepa_debit)
      answer.sepaDebits.push({
        id: method.id,
        bankCode: method.sepa_debit.bank_code,
        country: method.sepa_debit.country,
        last4: method.sepa_debit.last4,
        defaultPaymentMethod,
      });
  }
  return answer;
}
