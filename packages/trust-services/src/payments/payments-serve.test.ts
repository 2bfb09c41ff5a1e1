import { spawn } from 'node:child_process';
import { join } from 'node:path';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTempDir, removeDir } from '../test-support/openssl.js';

let dir: string;
beforeAll(async () => (dir = await makeTempDir('payments-serve')));
afterAll(() => removeDir(dir));

/** Starts serve.ts as its own process; resolves with it and its URL once it says it listens. */
function serve(env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', join(import.meta.dirname, 'serve.ts')], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  return new Promise<{ child: typeof child; url: string }>((resolve, reject) => {
    let output = '';
    child.stderr.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const url = /listening on (http:\/\/\S+)/.exec(output)?.[1];
      if (url) resolve({ child, url });
    });
    child.on('exit', (code) => reject(new Error(`exited ${code}: ${output}`)));
  });
}

describe('the payments sandbox as a process of its own', () => {
  it('serves the SDK, stops on SIGTERM, and a new process on the same folder knows what the last one made', async () => {
    const key = 'sk_test_serve_0123456789abcdef';
    const env = { PAYMENTS_DATA_DIR: dir, STRIPE_SECRET_KEY: key, PAYMENTS_PORT: '0' };
    const first = await serve(env);
    const client = (url: string) => {
      const { hostname, port } = new URL(url);
      return new Stripe(key, { host: hostname, port: Number(port), protocol: 'http', maxNetworkRetries: 0 });
    };
    const customer = await client(first.url).customers.create({ email: 'process@example.ch' });
    const stopped = new Promise((resolve) => first.child.once('exit', resolve));
    first.child.kill('SIGTERM');
    expect(await stopped).toBe(0);
    const second = await serve(env);
    try {
      expect((await client(second.url).customers.retrieve(customer.id)) as Stripe.Customer).toMatchObject({
        email: 'process@example.ch',
      });
    } finally {
      second.child.kill('SIGTERM');
    }
    await expect(serve({ PAYMENTS_DATA_DIR: dir, STRIPE_SECRET_KEY: '' })).rejects.toThrow(
      /STRIPE_SECRET_KEY is required/,
    );
  });
});
