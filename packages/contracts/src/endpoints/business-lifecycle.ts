import { BusinessLifecycle, UpdateBaseBody, UpdateBillingBody } from '../business-lifecycle.ts';
import { BusinessParams } from '../businesses.ts';
import { defineEndpoint } from '../endpoint.ts';

/** Spec §6: cancelling the trial, deleting the business and billing are the admins'. */
const ofTheAdmins = { auth: 'admin', tags: ['Businesses'], params: BusinessParams } as const;

/**
 * The business's plan, billing data, seats and deletion (spec §7 Business). Every call answers with
 * the whole lifecycle state, so a page shows what it changed without reading again.
 */
export const businessLifecycleEndpoints = {
  getLifecycle: defineEndpoint({
    method: 'GET',
    path: '/v2/businesses/:businessId/lifecycle',
    ...ofTheAdmins,
    summary: 'Plan, billing data, seats used of the limit and a scheduled deletion (Signet addition)',
    status: 200,
    response: BusinessLifecycle,
    errors: [],
  }),
  deleteBusiness: defineEndpoint({
    method: 'DELETE',
    path: '/v2/businesses/:businessId',
    ...ofTheAdmins,
    summary:
      'Schedule the deletion of the business after the grace period; its members then continue with personal accounts',
    status: 200,
    response: BusinessLifecycle,
    errors: ['BUSINESS_DELETION_SCHEDULED'],
  }),
  revokeDeletion: defineEndpoint({
    method: 'POST',
    path: '/v2/businesses/:businessId/revoke_delete',
    ...ofTheAdmins,
    summary: 'Revoke the scheduled deletion of the business',
    status: 200,
    response: BusinessLifecycle,
    errors: ['BUSINESS_DELETION_NOT_SCHEDULED'],
  }),
  cancelTrial: defineEndpoint({
    method: 'POST',
    path: '/v1/businesses/:businessId/cancel-trial',
    ...ofTheAdmins,
    summary:
      'End the trial now: the plan is cancelled and the business needs a payment method to go on (spec §4 NEEDS_PAYMENT_METHOD)',
    status: 200,
    response: BusinessLifecycle,
    errors: ['TRIAL_NOT_ACTIVE'],
  }),
  updateBilling: defineEndpoint({
    method: 'PUT',
    path: '/v2/businesses/:businessId/billing',
    ...ofTheAdmins,
    summary: 'Set the billing address, VAT number and currency',
    body: UpdateBillingBody,
    status: 200,
    response: BusinessLifecycle,
    errors: [],
  }),
  updateBase: defineEndpoint({
    method: 'PUT',
    path: '/v2/businesses/:businessId/base',
    ...ofTheAdmins,
    summary:
      'Choose the base the plan continues with when the current one ends (CANCELED: cancelling); null withdraws the change',
    body: UpdateBaseBody,
    status: 200,
    response: BusinessLifecycle,
    errors: [],
  }),
};
