import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fromPem } from '../pki/pem.js';
import { caIds } from '../pki/sandbox-pki.js';
import { makeTempDir, removeDir } from '../test-support/openssl.js';
import { seedSandboxKeys } from '../testing.js';
import { trustServicesPlugin } from './trust-services-plugin.js';
import { testSignerKeys } from '../test-support/signer-assertions.js';

let dir: string;
beforeAll(async () => {
  dir = await makeTempDir('plugin');
  await seedSandboxKeys(dir);
});
afterAll(() => removeDir(dir));

describe('trustServicesPlugin on its own', () => {
  it('creates its own services from the options and serves them once ready', async () => {
    const app = Fastify();
    await app.register(trustServicesPlugin, {
      prefix: '/sandbox',
      dataDir: dir,
      publicBaseUrl: 'https://signet.example/sandbox',
      clientToken: 'plugin-token-0123456789',
      accessSecret: 'plugin-access-secret-0123456789',
      signerPublicKey: testSignerKeys.publicKey,
      identificationClientToken: 'plugin-identification-token-0123',
      identificationWebhookSecret: 'plugin-identification-webhook-secret',
    });
    await app.ready();
    try {
      const list = await app.inject({ url: '/sandbox/trust-list.pem' });
      expect(fromPem(list.body, 'CERTIFICATE')).toHaveLength(caIds.length);
      const denied = await app.inject({
        method: 'POST',
        url: '/sandbox/csc/v2/credentials/list',
        payload: {},
      });
      expect(denied.statusCode).toBe(401);
      const allowed = await app.inject({
        method: 'POST',
        url: '/sandbox/csc/v2/credentials/list',
        headers: { authorization: 'Bearer plugin-token-0123456789' },
        payload: {},
      });
      expect(allowed.json()).toEqual({ credentialIDs: ['platform-eidas', 'platform-zertes'] });
    } finally {
      await app.close();
    }
  });
});
