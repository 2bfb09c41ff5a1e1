import type { FastifyInstance } from 'fastify';
import { createPrice, createProduct, listPrices, updatePrice, type Product } from './catalog.js';
import { createCustomer, deleteCustomer, updateCustomer, type Customer } from './customers.js';
import {
  createCoupon,
  createPromotionCode,
  deleteCoupon,
  getCoupon,
  getPromotionCode,
  listPromotionCodes,
  type Coupon,
} from './discounts.js';
import { allowOnly, str, type Params } from './form-params.js';
import { listInvoices, payInvoice, previewInvoice } from './invoice-operations.js';
import type { PaymentsContext } from './payments-context.js';
import {
  attachPaymentMethod,
  createPaymentMethod,
  detachPaymentMethod,
  paymentMethodsOf,
  resolvePaymentMethod,
} from './payment-methods.js';
import { createPortalSession } from './portal-sessions.js';
import {
  cancelSetupIntent,
  confirmSetupIntent,
  createSetupIntent,
  type SetupIntent,
} from './setup-intents.js';
import { invalidRequest, missingParam, StripeApiError } from './stripe-error.js';
import { sameToken } from './page-tokens.js';
import {
  cancelSubscription,
  createSubscription,
  listSubscriptions,
  updateSubscription,
} from './subscriptions.js';
import type { Answer, StripeCall } from './stripe-call.js';

/** What an operation answers: one object, or the items of a list (paged by the caller). */

type Operation = (params: Params, id: string, ctx: PaymentsContext) => Answer;

const byId =
  (kind: string): Operation =>
  (params, id, ctx) => {
    allowOnly(params, []);
    return ctx.store.get(kind, id);
  };

/** The part of Stripe's REST API (v1) the sandbox speaks, each path with its operation. */
const routes: [method: 'GET' | 'POST' | 'DELETE', path: string, operation: Operation][] = [
  ['POST', '/v1/customers', (params, _id, ctx) => createCustomer(ctx, params)],
  [
    'GET',
    '/v1/customers',
    (params, _id, ctx) => ({
      list: ctx.store
        .all<Customer>('customer')
        .filter((c) => !str(params, 'email') || c.email === str(params, 'email')),
    }),
  ],
  ['GET', '/v1/customers/:id', byId('customer')],
  ['POST', '/v1/customers/:id', (params, id, ctx) => updateCustomer(ctx, id, params)],
  ['DELETE', '/v1/customers/:id', (_params, id, ctx) => deleteCustomer(ctx, id)],
  [
    'GET',
    '/v1/customers/:id/payment_methods',
    (params, id, ctx) => ({ list: paymentMethodsOf(ctx, id, params) }),
  ],

  ['POST', '/v1/payment_methods', (params, _id, ctx) => createPaymentMethod(ctx, params)],
  [
    'GET',
    '/v1/payment_methods',
    (params, _id, ctx) => {
      const customer = str(params, 'customer');
      if (!customer) throw missingParam('customer');
      return { list: paymentMethodsOf(ctx, customer, params) };
    },
  ],
  ['GET', '/v1/payment_methods/:id', byId('payment_method')],
  [
    'POST',
    '/v1/payment_methods/:id/attach',
    (params, id, ctx) => {
      allowOnly(params, ['customer']);
      const customer = str(params, 'customer');
      if (!customer) throw missingParam('customer');
      return attachPaymentMethod(ctx, resolvePaymentMethod(ctx, id, 'id'), customer);
    },
  ],
  [
    'POST',
    '/v1/payment_methods/:id/detach',
    (params, id, ctx) => {
      allowOnly(params, []);
      return detachPaymentMethod(ctx, id);
    },
  ],

  ['POST', '/v1/setup_intents', (params, _id, ctx) => createSetupIntent(ctx, params)],
  [
    'GET',
    '/v1/setup_intents',
    (params, _id, ctx) => ({
      list: ctx.store
        .all<SetupIntent>('setup_intent')
        .filter((i) => !str(params, 'customer') || i.customer === str(params, 'customer')),
    }),
  ],
  ['GET', '/v1/setup_intents/:id', byId('setup_intent')],
  ['POST', '/v1/setup_intents/:id/confirm', (params, id, ctx) => confirmSetupIntent(ctx, id, params)],
  ['POST', '/v1/setup_intents/:id/cancel', (params, id, ctx) => cancelSetupIntent(ctx, id, params)],

  ['POST', '/v1/products', (params, _id, ctx) => createProduct(ctx, params)],
  ['GET', '/v1/products', (_params, _id, ctx) => ({ list: ctx.store.all<Product>('product') })],
  ['GET', '/v1/products/:id', byId('product')],
  ['POST', '/v1/prices', (params, _id, ctx) => createPrice(ctx, params)],
  ['GET', '/v1/prices', (params, _id, ctx) => ({ list: listPrices(ctx, params) })],
  ['GET', '/v1/prices/:id', byId('price') as Operation],
  ['POST', '/v1/prices/:id', (params, id, ctx) => updatePrice(ctx, id, params)],

  ['POST', '/v1/subscriptions', (params, _id, ctx) => createSubscription(ctx, params)],
  ['GET', '/v1/subscriptions', (params, _id, ctx) => ({ list: listSubscriptions(ctx, params) })],
  ['GET', '/v1/subscriptions/:id', byId('subscription')],
  ['POST', '/v1/subscriptions/:id', (params, id, ctx) => updateSubscription(ctx, id, params)],
  ['DELETE', '/v1/subscriptions/:id', (params, id, ctx) => cancelSubscription(ctx, id, params)],

  ['POST', '/v1/invoices/create_preview', (params, _id, ctx) => previewInvoice(ctx, params)],
  ['GET', '/v1/invoices', (params, _id, ctx) => ({ list: listInvoices(ctx, params) })],
  ['GET', '/v1/invoices/:id', byId('invoice')],
  ['POST', '/v1/invoices/:id/pay', (params, id, ctx) => payInvoice(ctx, id, params)],

  ['POST', '/v1/coupons', (params, _id, ctx) => createCoupon(ctx, params)],
  [
    'GET',
    '/v1/coupons',
    (_params, _id, ctx) => ({ list: ctx.store.all<Coupon>('coupon').map((c) => getCoupon(ctx, c.id)) }),
  ],
  ['GET', '/v1/coupons/:id', (_params, id, ctx) => getCoupon(ctx, id)],
  ['DELETE', '/v1/coupons/:id', (_params, id, ctx) => deleteCoupon(ctx, id)],
  ['POST', '/v1/promotion_codes', (params, _id, ctx) => createPromotionCode(ctx, params)],
  ['GET', '/v1/promotion_codes', (params, _id, ctx) => ({ list: listPromotionCodes(ctx, params) })],
  ['GET', '/v1/promotion_codes/:id', (_params, id, ctx) => getPromotionCode(ctx, id)],

  ['POST', '/v1/billing_portal/sessions', (params, _id, ctx) => createPortalSession(ctx, params)],

  [
    'GET',
    '/v1/events',
    (params, _id, ctx) => ({
      list: ctx.store.all('event').filter((e) => !str(params, 'type') || e.type === str(params, 'type')),
    }),
  ],
  ['GET', '/v1/events/:id', byId('event')],
];

/** The setup intent's client secret must come along (`client_secret`), as Stripe.js sends it. */
const holdsClientSecret = (params: Params, id: string, ctx: PaymentsContext): Params => {
  const { client_secret: given, ...rest } = params;
  const intent = ctx.store.get<SetupIntent>('setup_intent', id);
  if (typeof given !== 'string' || !sameToken(intent.client_secret, given))
    throw invalidRequest(
      'The client_secret provided does not match the client_secret associated with the SetupIntent.',
      'client_secret',
    );
  return rest;
};

/** What a browser may do with the publishable key, each with the check of what it must hold. */
const publishableCalls: Record<string, (params: Params, id: string, ctx: PaymentsContext) => Params> = {
  'POST /v1/payment_methods': (params) => params,
  'GET /v1/setup_intents/:id': holdsClientSecret,
  'POST /v1/setup_intents/:id/confirm': holdsClientSecret,
};

export function registerStripeApiRoutes(app: FastifyInstance, call: StripeCall): void {
  for (const [method, path, operation] of routes)
    app.route({
      method,
      url: path,
      handler: (request, reply) =>
        call(request, reply, (params, ctx, access) => {
          const id = (request.params as { id?: string }).id ?? '';
          if (access === 'secret') return operation(params, id, ctx);
          const check = publishableCalls[`${method} ${path}`];
          if (!check)
            throw new StripeApiError(403, {
              type: 'invalid_request_error',
              message:
                'This API call cannot be made with a publishable API key. Please use a secret API key.',
            });
          return operation(check(params, id, ctx), id, ctx);
        }),
    });
}
