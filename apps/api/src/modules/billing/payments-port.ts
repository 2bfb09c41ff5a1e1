import type { PaymentsAdapter } from '../../adapters/payments.ts';

/**
 * What the billing module needs of the payments provider. Signet reaches Stripe (or the payments
 * sandbox) through the official SDK behind this port; app.ts gives the implementation
 * (adapters/payments.ts, each call a thin wrapper of the SDK's), so the rules here never build SDK
 * clients or requests themselves.
 */
export type PaymentsPort = Pick<
  PaymentsAdapter,
  | 'verifyEvent'
  | 'answeredAt'
  | 'browserSettings'
  | 'createCustomer'
  | 'createSetupIntent'
  | 'retrieveSetupIntent'
  | 'listPaymentMethods'
  | 'setDefaultPaymentMethod'
  | 'attachPaymentMethod'
  | 'retrieveProduct'
  | 'createProduct'
  | 'createPrice'
  | 'listPrices'
  | 'findPromotionCode'
  | 'retrieveCoupon'
  | 'createCoupon'
  | 'createPromotionCode'
  | 'previewInvoice'
  | 'createSubscription'
  | 'retrieveSubscription'
  | 'updateSubscription'
  | 'cancelAtPeriodEnd'
  | 'reactivate'
  | 'cancelNow'
  | 'portalSession'
  | 'listInvoices'
>;
