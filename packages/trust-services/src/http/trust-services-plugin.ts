import type { KeyObject } from 'node:crypto';
import type { FastifyPluginAsync } from 'fastify';
import { createTrustServices, type TrustServices } from '../trust-services.js';
import { registerCscRoutes } from './csc-routes.js';
import { registerIdentificationRoutes } from './identification-routes.js';
import { registerSandboxErrors } from './errors.js';
import { registerOutboxAndControlRoutes } from './outbox-control-routes.js';
import { registerProtocolRoutes } from './protocol-routes.js';
import { registerDirectoryRoutes } from './directory-routes.js';
import { registerIdAustriaRoutes } from './id-austria-routes.js';
import type { IdAustriaClient } from '../id-austria/id-austria-idp.js';
import { sandboxAccess } from './sandbox-access.js';
import { paymentsSandboxPlugin } from '../payments/payments-plugin.js';
import type { WebhookTarget } from '../payments/webhook-deliveries.js';

export interface TrustServicesPluginOptions {
  dataDir: string;
  /** Absolute URL of the mount point, e.g. http://localhost:3000/sandbox; certificates point here. */
  publicBaseUrl: string;
  /** Bearer token required on the CSC, RA and step-up routes: the host's per-installation secret. */
  clientToken: string;
  /**
   * What callers other than loopback must present to reach the outboxes and controls (header, or the
   * cookie of the access form at `<prefix>/access`): the host's per-installation secret.
   */
  accessSecret: string;
  /** Bearer token required on the identification providers' client API: the host's per-installation secret. */
  identificationClientToken: string;
  /** The key the identification providers sign their webhooks with: the host's per-installation secret. */
  identificationWebhookSecret: string;
  /** The public key of the host's signer assertions (ignored with `services`, which have their own). */
  signerPublicKey: KeyObject;
  /**
   * The relying party (Signet) the sandbox ID Austria knows: its client id, secret and redirect URIs.
   * Without it the sandbox has no ID Austria.
   */
  idAustriaClient?: IdAustriaClient;
  /** An instance made with createTrustServices, when the host wants to reach it in-process too. */
  services?: TrustServices;
  /**
   * The payments sandbox under `<prefix>/payments` (Stripe's REST API for the `stripe` SDK): the
   * secret key the host presents and where its signed webhooks go. Without it there is none.
   */
  payments?: {
    secretKey: string;
    publishableKey?: string;
    webhook?: WebhookTarget;
    webhookFirstRetryMs?: number;
  };
}

/**
 * All sandbox providers as one Fastify plugin, meant for `app.register(trustServicesPlugin, { prefix:
 * '/sandbox', ... })`. Not wrapped in fastify-plugin on purpose: the prefix, the binary content-type
 * parsers and the CSC-format error handler stay inside this context.
 */
export const trustServicesPlugin: FastifyPluginAsync<TrustServicesPluginOptions> = async (app, options) => {
  // The first start generates the CA keys, which can take longer than Fastify's plugin timeout on a
  // busy machine: creation starts now, and requests wait for it instead of the host's start-up.
  const ready =
    options.services !== undefined
      ? Promise.resolve(options.services)
      : createTrustServices({
          dataDir: options.dataDir,
          publicBaseUrl: options.publicBaseUrl,
          signerPublicKey: options.signerPublicKey,
          identificationWebhookSecret: options.identificationWebhookSecret,
        });
  let services: TrustServices | undefined;
  ready.then(
    (created) => (services = created),
    (error: unknown) => app.log.error({ err: error }, 'the sandbox trust services could not start'),
  );
  // Every sandbox route is public to the host's auth layer: the CSC routes check their own client
  // token, the outboxes and controls the sandbox access guard; the protocol routes are for everyone.
  // None looks at the host's caller, so the host resolves none (`callerless`: a CSC call's bearer
  // is the client token, and looking it up as a session would cost a query per call for nothing).
  app.addHook('onRoute', (route) => {
    route.config = { ...(route.config as object), auth: 'public', callerless: true } as typeof route.config;
  });
  app.addHook('onRequest', async () => {
    services = await ready;
  });
  // Closing waits for a creation still under way, so it never writes into a data dir already removed.
  app.addHook('onClose', async () => {
    const created = await ready.catch(() => undefined);
    if (options.services === undefined) created?.close();
  });
  const current = (): TrustServices => {
    if (!services) throw new Error('trust services used before they were ready');
    return services;
  };
  registerSandboxErrors(app);
  registerProtocolRoutes(app, current);
  registerCscRoutes(app, current, options.clientToken);
  registerIdentificationRoutes(app, current, {
    clientToken: options.identificationClientToken,
    publicBaseUrl: options.publicBaseUrl,
  });
  if (options.idAustriaClient)
    registerIdAustriaRoutes(app, {
      dataDir: options.dataDir,
      publicBaseUrl: options.publicBaseUrl,
      client: options.idAustriaClient,
      services: current,
    });
  registerDirectoryRoutes(app, { dataDir: options.dataDir, publicBaseUrl: options.publicBaseUrl });
  const access = sandboxAccess({ secret: options.accessSecret, publicBaseUrl: options.publicBaseUrl });
  access.registerAccessForm(app);
  registerOutboxAndControlRoutes(app, current, access.guard);
  const payments = options.payments;
  if (payments)
    app.register(
      async (mount) =>
        paymentsSandboxPlugin(mount, {
          ...payments,
          dataDir: options.dataDir,
          publicBaseUrl: `${options.publicBaseUrl}/payments`,
          // Moving the payments clock is a sandbox control like the others: loopback or the access secret.
          controlGuard: access.guard,
        }),
      { prefix: '/payments' },
    );
};
