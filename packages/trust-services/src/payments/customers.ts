import { allowOnly, mergeMetadata, obj, str, type Params } from './form-params.js';
import { changedFields } from './events.js';
import type { PaymentsContext } from './payments-context.js';
import type { StripeObject } from './payments-store.js';
import { invalidRequest } from './stripe-error.js';

export interface Customer extends StripeObject {
  object: 'customer';
  email: string | null;
  name: string | null;
  metadata: Record<string, string>;
  invoice_settings: {
    default_payment_method: string | null;
    custom_fields: null;
    footer: null;
    rendering_options: null;
  };
  /** Negative: credit the next invoices use up (from downgrades). */
  balance: number;
}

const fields = [
  'email',
  'name',
  'description',
  'phone',
  'metadata',
  'invoice_settings',
  'preferred_locales',
  'address',
];

function defaultMethodOf(
  ctx: PaymentsContext,
  customerId: string,
  params: Params,
): string | null | undefined {
  const settings = obj(params, 'invoice_settings');
  if (!settings) return params.invoice_settings === '' ? null : undefined;
  const id = str(settings, 'default_payment_method');
  if (id === undefined) return undefined;
  if (id === '') return null;
  const method = ctx.store.find(id);
  if (method?.object !== 'payment_method' || method.customer !== customerId)
    throw invalidRequest(
      `The customer does not have a payment method with the ID ${id}. The payment method must be attached to the customer.`,
      'invoice_settings[default_payment_method]',
      'resource_missing',
    );
  return id;
}

export function createCustomer(ctx: PaymentsContext, params: Params): Customer {
  allowOnly(params, fields);
  const customer = ctx.store.insert<Customer>({
    id: ctx.store.newId('cus'),
    object: 'customer',
    created: ctx.store.now(),
    email: str(params, 'email') ?? null,
    name: str(params, 'name') ?? null,
    description: str(params, 'description') ?? null,
    phone: str(params, 'phone') ?? null,
    address: obj(params, 'address') ?? null,
    preferred_locales: (params.preferred_locales as string[] | undefined) ?? [],
    metadata: mergeMetadata({}, params),
    invoice_settings: {
      default_payment_method: null,
      custom_fields: null,
      footer: null,
      rendering_options: null,
    },
    balance: 0,
    currency: null,
    delinquent: false,
    discount: null,
    livemode: false,
  });
  if (obj(params, 'invoice_settings')) defaultMethodOf(ctx, customer.id, params);
  ctx.emit('customer.created', customer);
  return customer;
}

export function updateCustomer(ctx: PaymentsContext, id: string, params: Params): Customer {
  allowOnly(params, fields);
  const customer = ctx.store.get<Customer>('customer', id);
  const before = structuredClone(customer);
  for (const key of ['email', 'name', 'description', 'phone'] as const) {
    const value = str(params, key);
    if (value !== undefined) customer[key] = value === '' ? null : value;
  }
  if (params.address !== undefined) customer.address = obj(params, 'address') ?? null;
  customer.metadata = mergeMetadata(customer.metadata, params);
  const method = defaultMethodOf(ctx, id, params);
  if (method !== undefined) customer.invoice_settings.default_payment_method = method;
  const previous = changedFields(before, customer, [
    'email',
    'name',
    'description',
    'phone',
    'address',
    'metadata',
    'invoice_settings',
  ]);
  if (Object.keys(previous).length > 0) ctx.emit('customer.updated', customer, previous);
  return customer;
}

export function deleteCustomer(ctx: PaymentsContext, id: string): StripeObject {
  const customer = ctx.store.get<Customer>('customer', id);
  ctx.emit('customer.deleted', customer);
  customer.deleted = true;
  return { id, object: 'customer', deleted: true } as unknown as StripeObject;
}
