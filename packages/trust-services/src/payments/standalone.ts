import Fastify from 'fastify';
import type { AddressInfo } from 'node:net';
import { paymentsSandboxPlugin, type PaymentsSandboxOptions } from './payments-plugin.js';

export interface RunningPaymentsSandbox {
  /** e.g. http://127.0.0.1:41234 — the SDK's host, port and protocol. */
  url: string;
  host: string;
  port: number;
  /** Resolves when no webhook is being sent. */
  webhooksIdle(): Promise<void>;
  close(): Promise<void>;
}

/**
 * The payments sandbox on its own port, at the root (as Stripe's API is), for tests that need a
 * second instance or a restart. State lives under `dataDir`, so a new instance on the same folder
 * continues where the last one stopped.
 */
export async function startPaymentsSandbox(
  options: Omit<PaymentsSandboxOptions, 'publicBaseUrl'> & { port?: number; host?: string },
): Promise<RunningPaymentsSandbox> {
  const app = Fastify();
  const host = options.host ?? '127.0.0.1';
  const port = () => (app.server.address() as AddressInfo).port;
  // Called directly rather than registered: its hooks and decorations belong to this server itself.
  await paymentsSandboxPlugin(app, { ...options, publicBaseUrl: () => `http://${host}:${port()}` });
  await app.listen({ port: options.port ?? 0, host });
  return {
    url: `http://${host}:${port()}`,
    host,
    port: port(),
    webhooksIdle: () => app.paymentsDeliveries?.idle() ?? Promise.resolve(),
    close: () => app.close(),
  };
}
