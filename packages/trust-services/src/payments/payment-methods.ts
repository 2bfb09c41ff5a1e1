import { allowOnly, int, mergeMetadata, obj, oneOf, requiredStr, str, type Params } from './form-params.js';
import type { Customer } from './customers.js';
import type { PaymentsContext } from './payments-context.js';
import type { StripeObject } from './payments-store.js';
import {
  cardError,
  readCard,
  readIban,
  testCardTokens,
  type InstrumentBehaviour,
} from './test-instruments.js';
import { invalidRequest, missingParam } from './stripe-error.js';

export interface PaymentMethod extends StripeObject {
  object: 'payment_method';
  type: 'card' | 'sepa_debit';
  customer: string | null;
}

/** The hidden side of a payment method: how it behaves, and the decline code it answers with. */
export interface InstrumentInternal {
  behaviour: InstrumentBehaviour;
  declineCode: string;
}

const billingDetailsOf = (params: Params) => {
  const given = obj(params, 'billing_details') ?? {};
  return {
    address: obj(given, 'address') ?? null,
    email: str(given, 'email') ?? null,
    name: str(given, 'name') ?? null,
    phone: str(given, 'phone') ?? null,
    tax_id: null,
  };
};

export function createPaymentMethod(ctx: PaymentsContext, params: Params): PaymentMethod {
  allowOnly(params, ['type', 'card', 'sepa_debit', 'billing_details', 'metadata']);
  const type = oneOf(params, 'type', ['card', 'sepa_debit'] as const);
  if (!type) throw missingParam('type');
  const billing = billingDetailsOf(params);
  let details: Record<string, unknown>;
  let internal: InstrumentInternal;
  if (type === 'card') {
    const card = obj(params, 'card');
    if (!card) throw missingParam('card');
    const read = readCard(
      {
        number: requiredStr(card, 'number'),
        exp_month: int(card, 'exp_month') ?? 0,
        exp_year: int(card, 'exp_year') ?? 0,
        cvc: str(card, 'cvc'),
      },
      ctx.store.now(),
    );
    details = { card: read.card };
    internal = { behaviour: read.behaviour, declineCode: read.declineCode };
  } else {
    const sepa = obj(params, 'sepa_debit');
    if (!sepa) throw missingParam('sepa_debit');
    // Stripe needs the account holder's name and e-mail for a SEPA mandate.
    if (!billing.name) throw missingParam('billing_details[name]');
    if (!billing.email) throw missingParam('billing_details[email]');
    const read = readIban(requiredStr(sepa, 'iban'));
    details = { sepa_debit: read.sepa_debit };
    internal = { behaviour: read.behaviour, declineCode: read.declineCode };
  }
  return ctx.store.insert<PaymentMethod>(
    {
      id: ctx.store.newId('pm'),
      object: 'payment_method',
      type,
      created: ctx.store.now(),
      customer: null,
      billing_details: billing,
      livemode: false,
      metadata: mergeMetadata({}, params),
      allow_redisplay: 'unspecified',
      ...details,
    },
    { ...internal },
  );
}

/** A payment method by id, or a fresh one made from one of Stripe's test tokens (`pm_card_visa`). */
export function resolvePaymentMethod(ctx: PaymentsContext, idOrToken: string, param: string): PaymentMethod {
  const number = testCardTokens[idOrToken];
  if (number)
    return createPaymentMethod(ctx, {
      type: 'card',
      card: { number, exp_month: '12', exp_year: '2034', cvc: '123' },
    });
  return ctx.store.get<PaymentMethod>('payment_method', idOrToken, param);
}

export function instrumentOf(ctx: PaymentsContext, methodId: string): InstrumentInternal {
  return ctx.store.internal(methodId) as unknown as InstrumentInternal;
}

/** Attaching checks the card with its issuer: a declining card is refused, as at Stripe. */
export function attachPaymentMethod(
  ctx: PaymentsContext,
  method: PaymentMethod,
  customerId: string,
): PaymentMethod {
  ctx.store.get<Customer>('customer', customerId, 'customer');
  if (method.customer === customerId) return method;
  if (method.customer)
    throw invalidRequest(
      'The payment method you provided has already been attached to a customer.',
      'payment_method',
      'payment_method_unexpected_state',
    );
  const instrument = instrumentOf(ctx, method.id);
  if (instrument.behaviour === 'decline')
    throw cardError('card_declined', 'Your card was declined.', undefined, instrument.declineCode);
  method.customer = customerId;
  ctx.emit('payment_method.attached', method);
  return method;
}

export function detachPaymentMethod(ctx: PaymentsContext, id: string): PaymentMethod {
  const method = ctx.store.get<PaymentMethod>('payment_method', id);
  if (!method.customer)
    throw invalidRequest(
      'The payment method you provided is not attached to a customer so detachment is impossible.',
      undefined,
      'payment_method_unexpected_state',
    );
  const customer = ctx.store.find(method.customer) as Customer | undefined;
  if (customer?.invoice_settings.default_payment_method === id) {
    customer.invoice_settings.default_payment_method = null;
    ctx.emit('customer.updated', customer, {
      invoice_settings: { ...customer.invoice_settings, default_payment_method: id },
    });
  }
  method.customer = null;
  ctx.emit('payment_method.detached', method);
  return method;
}

export function paymentMethodsOf(ctx: PaymentsContext, customerId: string, params: Params): PaymentMethod[] {
  ctx.store.get<Customer>('customer', customerId, 'customer');
  const type = oneOf(params, 'type', ['card', 'sepa_debit'] as const);
  return ctx.store
    .all<PaymentMethod>('payment_method')
    .filter((method) => method.customer === customerId && (!type || method.type === type));
}
