// Test-only: the sandbox plugin mounted on its own Fastify app, as a host mounts it.
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { trustServicesPlugin } from '../http/trust-services-plugin.js';
import { createTestTrustServices, seedSandboxKeys } from '../testing.js';
import type { TrustServices } from '../trust-services.js';
import { makeTempDir, removeDir } from './openssl.js';
import { testSignerKeys } from './signer-assertions.js';

export const testIdentificationClientToken = 'identification-test-client-token-0123';
export const testIdentificationWebhookSecret = 'identification-test-webhook-secret-0123';

export interface SandboxApp {
  /** The sandbox's data folder. */
  dir: string;
  app: FastifyInstance;
  /** The token the sandbox's CSC API takes from its client. */
  clientToken: string;
  /** The secret that opens the outboxes and controls to other machines than this one. */
  accessSecret: string;
  /** The trust services the plugin serves, to reach them in-process (with `services: true` only). */
  services: TrustServices;
}

/**
 * The sandbox under /sandbox for a test file: built before its first test, closed (its data folder
 * removed) after its last. Its fields are filled in then, so read them inside tests and hooks only.
 */
export function useSandboxApp(options: {
  /** Names the data folder, and the test secrets not given. */
  name: string;
  /** Where the sandbox says it is served (http://localhost/sandbox unless given). */
  publicBaseUrl?: string;
  clientToken?: string;
  accessSecret?: string;
  /** Make the trust services in the test and hand them to the plugin, to reach them in-process. */
  services?: boolean;
  /** The identification providers' client token (a test default otherwise). */
  identificationClientToken?: string;
  /** The key the identification webhooks are signed with (a test default otherwise). */
  identificationWebhookSecret?: string;
  /** Runs on the app before the plugin is registered (e.g. to watch its routes). */
  beforeRegister?: (app: FastifyInstance) => void;
}): SandboxApp {
  const sandbox = {
    clientToken: options.clientToken ?? `${options.name}-test-client-token-0123`,
    accessSecret: options.accessSecret ?? `${options.name}-test-access-secret-0123`,
  } as SandboxApp;
  const publicBaseUrl = options.publicBaseUrl ?? 'http://localhost/sandbox';
  const webhookSecret = options.identificationWebhookSecret ?? testIdentificationWebhookSecret;
  beforeAll(async () => {
    sandbox.dir = await makeTempDir(options.name);
    if (options.services)
      sandbox.services = await createTestTrustServices({
        dataDir: sandbox.dir,
        publicBaseUrl,
        signerPublicKey: testSignerKeys.publicKey,
        identificationWebhookSecret: webhookSecret,
        webhookFirstRetryMs: 50,
      });
    else await seedSandboxKeys(sandbox.dir);
    sandbox.app = Fastify();
    options.beforeRegister?.(sandbox.app);
    await sandbox.app.register(trustServicesPlugin, {
      prefix: '/sandbox',
      dataDir: sandbox.dir,
      publicBaseUrl,
      clientToken: sandbox.clientToken,
      accessSecret: sandbox.accessSecret,
      signerPublicKey: testSignerKeys.publicKey,
      identificationClientToken: options.identificationClientToken ?? testIdentificationClientToken,
      identificationWebhookSecret: webhookSecret,
      ...(options.services ? { services: sandbox.services } : {}),
    });
    await sandbox.app.ready();
  });
  afterAll(async () => {
    await sandbox.app?.close();
    sandbox.services?.close();
    if (sandbox.dir) await removeDir(sandbox.dir);
  });
  return sandbox;
}
