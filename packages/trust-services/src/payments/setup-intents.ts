import { randomBytes } from 'node:crypto';
import { allowOnly, bool, mergeMetadata, obj, oneOf, str, strings, type Params } from './form-params.js';
import { newPageToken, sameToken } from './page-tokens.js';
import type { PaymentsContext } from './payments-context.js';
import { attachPaymentMethod, instrumentOf, resolvePaymentMethod } from './payment-methods.js';
import type { StripeObject } from './payments-store.js';
import { invalidRequest, StripeApiError } from './stripe-error.js';

export interface SetupIntent extends StripeObject {
  object: 'setup_intent';
  status:
    | 'requires_payment_method'
    | 'requires_confirmation'
    | 'requires_action'
    | 'processing'
    | 'succeeded'
    | 'canceled';
  customer: string | null;
  payment_method: string | null;
  client_secret: string;
  next_action: null | { type: 'redirect_to_url'; redirect_to_url: { url: string; return_url: string } };
  last_setup_error: null | Record<string, unknown>;
}

/** The hidden side: the token of the authentication page link and where it returns to. */
interface SetupInternal {
  pageToken?: string;
  returnUrl?: string;
}

const confirmable = ['requires_payment_method', 'requires_confirmation', 'requires_action'];

export function createSetupIntent(ctx: PaymentsContext, params: Params): SetupIntent {
  allowOnly(params, [
    'customer',
    'payment_method',
    'allowed_payment_method_types',
    'payment_method_types',
    'usage',
    'confirm',
    'return_url',
    'metadata',
    'description',
    'automatic_payment_methods',
    'mandate_data',
  ]);
  const customer = str(params, 'customer');
  if (customer) ctx.store.get('customer', customer, 'customer');
  // `allowed_payment_method_types` since API version 2026-10-28; `payment_method_types` before.
  const typesParam =
    params.allowed_payment_method_types !== undefined
      ? 'allowed_payment_method_types'
      : 'payment_method_types';
  const automatic = obj(params, 'automatic_payment_methods');
  const types =
    strings(params, typesParam) ??
    (automatic && bool(automatic, 'enabled') ? ['card', 'sepa_debit'] : ['card']);
  for (const type of types)
    if (type !== 'card' && type !== 'sepa_debit')
      throw invalidRequest(`The payment method type "${type}" is invalid.`, typesParam);
  const methodId = str(params, 'payment_method');
  const method = methodId ? resolvePaymentMethod(ctx, methodId, 'payment_method') : undefined;
  const id = ctx.store.newId('seti');
  const intent = ctx.store.insert<SetupIntent>({
    id,
    object: 'setup_intent',
    created: ctx.store.now(),
    client_secret: `${id}_secret_${randomBytes(18).toString('base64url').replace(/[-_]/g, 'x')}`,
    customer: customer ?? null,
    description: str(params, 'description') ?? null,
    metadata: mergeMetadata({}, params),
    payment_method: method?.id ?? null,
    payment_method_types: types,
    allowed_payment_method_types: types,
    automatic_payment_methods: automatic
      ? { enabled: bool(automatic, 'enabled') ?? false, allow_redirects: 'always' }
      : null,
    excluded_payment_method_types: null,
    usage: oneOf(params, 'usage', ['off_session', 'on_session'] as const) ?? 'off_session',
    status: method ? 'requires_confirmation' : 'requires_payment_method',
    next_action: null,
    last_setup_error: null,
    cancellation_reason: null,
    latest_attempt: null,
    mandate: null,
    single_use_mandate: null,
    livemode: false,
  });
  ctx.emit('setup_intent.created', intent);
  return bool(params, 'confirm')
    ? confirmSetupIntent(ctx, id, { return_url: params.return_url ?? '' })
    : intent;
}

/** Ends an attempt in failure: the intent wants a new payment method, and says why the last one failed. */
function fail(ctx: PaymentsContext, intent: SetupIntent, error: Record<string, unknown>): void {
  intent.status = 'requires_payment_method';
  intent.next_action = null;
  intent.last_setup_error = {
    ...error,
    payment_method: intent.payment_method ? ctx.store.find(intent.payment_method) : null,
  };
  intent.payment_method = null;
  ctx.emit('setup_intent.setup_failed', intent);
}

function succeed(ctx: PaymentsContext, intent: SetupIntent): void {
  if (intent.customer && intent.payment_method)
    attachPaymentMethod(ctx, ctx.store.get('payment_method', intent.payment_method), intent.customer);
  intent.status = 'succeeded';
  intent.next_action = null;
  intent.last_setup_error = null;
  ctx.emit('setup_intent.succeeded', intent);
}

/**
 * Confirms with the payment method: a good card or IBAN succeeds (and is attached to the customer),
 * a declining card fails with Stripe's 402 card error, a card that needs 3-D Secure waits in
 * `requires_action` for the sandbox's authentication page, which returns to `return_url`.
 */
export function confirmSetupIntent(ctx: PaymentsContext, id: string, params: Params): SetupIntent {
  allowOnly(params, ['payment_method', 'return_url', 'mandate_data', 'use_stripe_sdk']);
  const intent = ctx.store.get<SetupIntent>('setup_intent', id);
  if (!confirmable.includes(intent.status))
    throw invalidRequest(
      `You cannot confirm this SetupIntent because it has a status of ${intent.status}.`,
      undefined,
      'setup_intent_unexpected_state',
    );
  const methodId = str(params, 'payment_method');
  if (methodId) intent.payment_method = resolvePaymentMethod(ctx, methodId, 'payment_method').id;
  if (!intent.payment_method)
    throw invalidRequest(
      "You cannot confirm this SetupIntent because it's missing a payment method. Update it with a payment method, or confirm it with one.",
      'payment_method',
      'setup_intent_unexpected_state',
    );
  const method = ctx.store.get<StripeObject>('payment_method', intent.payment_method, 'payment_method');
  if (!(intent.payment_method_types as string[]).includes(method.type as string))
    throw invalidRequest(
      `The payment method type ${String(method.type)} is not in this SetupIntent's payment_method_types.`,
      'payment_method',
    );
  const instrument = instrumentOf(ctx, method.id);
  if (instrument.behaviour === 'decline') {
    fail(ctx, intent, {
      type: 'card_error',
      code: 'card_declined',
      decline_code: instrument.declineCode,
      message: 'Your card was declined.',
    });
    throw new StripeApiError(402, {
      type: 'card_error',
      code: 'card_declined',
      decline_code: instrument.declineCode,
      message: 'Your card was declined.',
      setup_intent: structuredClone(intent),
    });
  }
  if (instrument.behaviour === 'authenticate') {
    const returnUrl = str(params, 'return_url');
    if (!returnUrl || !/^https?:\/\//.test(returnUrl))
      throw invalidRequest(
        'This payment method needs authentication: give a return_url (http or https).',
        'return_url',
      );
    const token = newPageToken();
    Object.assign(ctx.store.internal(id), { pageToken: token, returnUrl } satisfies SetupInternal);
    intent.status = 'requires_action';
    intent.next_action = {
      type: 'redirect_to_url',
      redirect_to_url: {
        url: `${ctx.publicBaseUrl}/pages/authenticate/${id}/${token}`,
        return_url: returnUrl,
      },
    };
    ctx.emit('setup_intent.requires_action', intent);
    return intent;
  }
  succeed(ctx, intent);
  return intent;
}

export function cancelSetupIntent(ctx: PaymentsContext, id: string, params: Params): SetupIntent {
  allowOnly(params, ['cancellation_reason']);
  const intent = ctx.store.get<SetupIntent>('setup_intent', id);
  if (intent.status === 'succeeded' || intent.status === 'canceled')
    throw invalidRequest(
      `You cannot cancel this SetupIntent because it has a status of ${intent.status}.`,
      undefined,
      'setup_intent_unexpected_state',
    );
  intent.status = 'canceled';
  intent.next_action = null;
  intent.cancellation_reason = str(params, 'cancellation_reason') ?? null;
  ctx.emit('setup_intent.canceled', intent);
  return intent;
}

/** The intent behind an authentication page link, if the link's token is its own and it still waits. */
export function intentForPage(ctx: PaymentsContext, id: string, token: string): SetupIntent | undefined {
  const intent = ctx.store.find(id) as SetupIntent | undefined;
  const internal = intent ? (ctx.store.internal(id) as SetupInternal) : undefined;
  if (!intent || intent.object !== 'setup_intent' || !sameToken(internal?.pageToken, token)) return undefined;
  return intent;
}

/** The tester completed or failed the authentication: the intent ends so, and the browser goes back. */
export function finishAuthentication(
  ctx: PaymentsContext,
  intent: SetupIntent,
  outcome: 'complete' | 'fail',
): string {
  const internal = ctx.store.internal(intent.id) as SetupInternal;
  const returnUrl = internal.returnUrl!;
  if (intent.status === 'requires_action') {
    if (outcome === 'complete') succeed(ctx, intent);
    else
      fail(ctx, intent, {
        type: 'invalid_request_error',
        code: 'setup_intent_authentication_failure',
        message: 'The latest attempt to set up the payment method has failed because authentication failed.',
      });
  }
  delete internal.pageToken;
  const url = new URL(returnUrl);
  url.searchParams.set('setup_intent', intent.id);
  url.searchParams.set('setup_intent_client_secret', intent.client_secret);
  url.searchParams.set('redirect_status', intent.status === 'succeeded' ? 'succeeded' : 'failed');
  return url.toString();
}
