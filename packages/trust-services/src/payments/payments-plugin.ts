import type { FastifyError, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { emitEvent } from './events.js';
import type { PaymentsContext } from './payments-context.js';
import { PaymentsStore } from './payments-store.js';
import { registerChargebeePortal } from './chargebee-portal.js';
import { registerPaymentPages } from './payment-pages-routes.js';
import { registerStripeApiRoutes } from './stripe-api-routes.js';
import { stripeCall } from './stripe-call.js';
import { StripeApiError } from './stripe-error.js';
import { advanceClock } from './subscription-cycle.js';
import { WebhookDeliveries, type WebhookTarget } from './webhook-deliveries.js';

export interface PaymentsSandboxOptions {
  dataDir: string;
  /**
   * Absolute URL of this mount as browsers reach it (its pages, invoice PDFs), e.g.
   * http://localhost:3000/sandbox/payments; a function when it is known only once listening.
   */
  publicBaseUrl: string | (() => string);
  /** The secret key Signet presents as `Authorization: Bearer …`. */
  secretKey: string;
  /** The publishable key Signet's web app presents for the browser's part (card details, 3-D Secure). */
  publishableKey?: string;
  /** Where the events go, signed with the endpoint's secret; without it no webhooks are sent. */
  webhook?: WebhookTarget;
  /** The wait before a failed webhook's first retry (doubling after each); 5 s unless given. */
  webhookFirstRetryMs?: number;
  /** Who may move the sandbox clock (the host's sandbox access guard); loopback callers only otherwise. */
  controlGuard?: (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>;
}

const loopbackOnly = async (request: FastifyRequest) => {
  if (!(request.ip === '::1' || /^(::ffff:)?127\./.test(request.ip)))
    throw new StripeApiError(403, {
      type: 'invalid_request_error',
      message: 'The sandbox clock answers this machine only.',
    });
};

const advanceBody = z.object({
  seconds: z.coerce
    .number()
    .int()
    .min(1)
    .max(5 * 366 * 24 * 60 * 60),
});

/**
 * The payments sandbox: the part of Stripe's REST API that Signet's `stripe` SDK calls, the pages a
 * payer meets (3-D Secure, portal, invoices), signed webhooks and a clock control. Mount it where
 * `publicBaseUrl` says; the SDK reaches it with `host`, `port` and `protocol` (and a path prefix
 * when mounted below the root, see Signet's payments adapter).
 */
export const paymentsSandboxPlugin: FastifyPluginAsync<PaymentsSandboxOptions> = async (app, options) => {
  const store = new PaymentsStore(options.dataDir);
  const deliveries = new WebhookDeliveries(store, options.webhook, options.webhookFirstRetryMs ?? 5000);
  const baseUrl = options.publicBaseUrl;
  const ctx: PaymentsContext = {
    store,
    get publicBaseUrl() {
      return (typeof baseUrl === 'string' ? baseUrl : baseUrl()).replace(/\/+$/, '');
    },
    emit: (type, object, previous) =>
      emitEvent(store, (event) => deliveries.enqueue(event), type, object, previous),
  };
  app.decorate('paymentsDeliveries', deliveries);
  app.addHook('onClose', async () => {
    await deliveries.close();
    await store.save();
  });
  // What the last process could not deliver goes out now.
  deliveries.kick();

  app.setErrorHandler((error: FastifyError | Error, request, reply) => {
    if (error instanceof StripeApiError) return reply.status(error.status).send({ error: error.body });
    if (error instanceof z.ZodError)
      return reply.status(400).send({
        error: {
          type: 'invalid_request_error',
          message: error.issues.map((i) => `${i.path.join('.') || 'body'}: ${i.message}`).join('; '),
        },
      });
    const status = 'statusCode' in error && typeof error.statusCode === 'number' ? error.statusCode : 500;
    if (status < 500)
      return reply.status(status).send({ error: { type: 'invalid_request_error', message: error.message } });
    request.log.error({ err: error }, 'payments sandbox failed');
    return reply
      .status(500)
      .send({ error: { type: 'api_error', message: 'The payments sandbox failed to answer.' } });
  });
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 1024 * 1024 },
    (_request, body, done) => done(null, body),
  );

  registerStripeApiRoutes(
    app,
    stripeCall(ctx, { secretKey: options.secretKey, publishableKey: options.publishableKey }),
  );
  registerPaymentPages(app, ctx);
  registerChargebeePortal(app, ctx, options.secretKey);

  const guard = options.controlGuard ?? loopbackOnly;
  app.get('/test/clock', { preHandler: guard }, async () => ({ now: store.now() }));
  app.post('/test/clock/advance', { preHandler: guard }, async (request) => {
    const { seconds } = advanceBody.parse(request.body ?? {});
    const now = advanceClock(ctx, seconds);
    await store.save();
    return { now };
  });
};

declare module 'fastify' {
  interface FastifyInstance {
    /** The payments sandbox's webhook sender (tests wait for it to go quiet). */
    paymentsDeliveries?: WebhookDeliveries;
  }
}
