import {
  CallbackSecret,
  CreateWebhookBody,
  UpdateWebhookBody,
  Webhook,
  WebhookDelivery,
  WebhookDeliveryList,
  WebhookDeliveryParams,
  WebhookList,
  WebhookParams,
  WebhookWithSecret,
} from '../business-webhooks.ts';
import { BusinessParams } from '../businesses.ts';
import { defineEndpoint } from '../endpoint.ts';

/** Webhooks are the admins' to manage, like API users; another business's are not found. */
const ofTheAdmins = { auth: 'admin', tags: ['Business webhooks'] } as const;

/**
 * A business's webhook endpoints and their deliveries, and the secret of its requests' callbacks.
 * Secrets are in the answers of create and rotate only.
 */
export const businessWebhookEndpoints = {
  listWebhooks: defineEndpoint({
    method: 'GET',
    path: '/v1/businesses/:businessId/webhooks',
    ...ofTheAdmins,
    summary: "The business's webhook endpoints, without their secrets",
    params: BusinessParams,
    status: 200,
    response: WebhookList,
    errors: [],
  }),
  createWebhook: defineEndpoint({
    method: 'POST',
    path: '/v1/businesses/:businessId/webhooks',
    ...ofTheAdmins,
    summary: 'Add a webhook endpoint; the answer carries its signing secret, shown this once',
    params: BusinessParams,
    body: CreateWebhookBody,
    status: 201,
    response: WebhookWithSecret,
    errors: ['WEBHOOK_URL_REFUSED'],
  }),
  updateWebhook: defineEndpoint({
    method: 'PUT',
    path: '/v1/businesses/:businessId/webhooks/:webhookId',
    ...ofTheAdmins,
    summary: "Change a webhook endpoint's URL, description or events",
    params: WebhookParams,
    body: UpdateWebhookBody,
    status: 200,
    response: Webhook,
    errors: ['NOT_FOUND', 'WEBHOOK_URL_REFUSED'],
  }),
  deleteWebhook: defineEndpoint({
    method: 'DELETE',
    path: '/v1/businesses/:businessId/webhooks/:webhookId',
    ...ofTheAdmins,
    summary: 'Delete a webhook endpoint with its deliveries',
    params: WebhookParams,
    status: 204,
    errors: ['NOT_FOUND'],
  }),
  rotateWebhookSecret: defineEndpoint({
    method: 'POST',
    path: '/v1/businesses/:businessId/webhooks/:webhookId/rotate-secret',
    ...ofTheAdmins,
    summary:
      'Give a webhook endpoint a new secret (shown this once); deliveries are signed with it from now on',
    params: WebhookParams,
    status: 200,
    response: WebhookWithSecret,
    errors: ['NOT_FOUND'],
  }),
  listWebhookDeliveries: defineEndpoint({
    method: 'GET',
    path: '/v1/businesses/:businessId/webhooks/:webhookId/deliveries',
    ...ofTheAdmins,
    summary: "A webhook endpoint's latest 50 deliveries, newest first, with their attempts",
    params: WebhookParams,
    status: 200,
    response: WebhookDeliveryList,
    errors: ['NOT_FOUND'],
  }),
  resendWebhookDelivery: defineEndpoint({
    method: 'POST',
    path: '/v1/businesses/:businessId/webhooks/:webhookId/deliveries/:deliveryId/resend',
    ...ofTheAdmins,
    summary: 'Send a delivery again now (a new attempt, by hand)',
    params: WebhookDeliveryParams,
    status: 202,
    response: WebhookDelivery,
    errors: ['NOT_FOUND'],
  }),
  rotateCallbackSecret: defineEndpoint({
    method: 'POST',
    path: '/v1/businesses/:businessId/callback-secret',
    ...ofTheAdmins,
    summary:
      "Make (or replace) the secret that signs the callbacks of the business's requests; shown this once",
    params: BusinessParams,
    status: 200,
    response: CallbackSecret,
    errors: [],
  }),
};
