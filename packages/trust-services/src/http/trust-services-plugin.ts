import type { FastifyPluginAsync } from 'fastify';
import { createTrustServices, type TrustServices } from '../trust-services.js';
import { registerCscRoutes } from './csc-routes.js';
import { registerSandboxErrors } from './errors.js';
import { registerOutboxAndControlRoutes } from './outbox-control-routes.js';
import { registerProtocolRoutes } from './protocol-routes.js';

export interface TrustServicesPluginOptions {
  dataDir: string;
  /** Absolute URL of the mount point, e.g. http://localhost:3000/sandbox; certificates point here. */
  publicBaseUrl: string;
  /** Bearer token required on the CSC, RA and step-up routes. */
  clientToken: string;
  /** An instance made with createTrustServices, when the host wants to reach it in-process too. */
  services?: TrustServices;
}

/**
 * All sandbox providers as one Fastify plugin, meant for `app.register(trustServicesPlugin, { prefix:
 * '/sandbox', ... })`. Not wrapped in fastify-plugin on purpose: the prefix, the binary content-type
 * parsers and the CSC-format error handler stay inside this context.
 */
export const trustServicesPlugin: FastifyPluginAsync<TrustServicesPluginOptions> = async (app, options) => {
  const services =
    options.services ??
    (await createTrustServices({
      dataDir: options.dataDir,
      publicBaseUrl: options.publicBaseUrl,
      clientToken: options.clientToken,
    }));
  // Every sandbox route is public to the host's auth layer; the CSC routes check their own client token.
  app.addHook('onRoute', (route) => {
    route.config = { ...(route.config as object), auth: 'public' } as typeof route.config;
  });
  registerSandboxErrors(app);
  registerProtocolRoutes(app, services);
  registerCscRoutes(app, services);
  registerOutboxAndControlRoutes(app, services);
};
