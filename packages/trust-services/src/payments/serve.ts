// The payments sandbox as a process of its own: Signet pointed at it with STRIPE_API_URL, as a second
// instance or one that tests stop and start again mid-run. Run with `node --import tsx serve.ts`.
//
//   PAYMENTS_PORT (default 3440), PAYMENTS_HOST (127.0.0.1), PAYMENTS_DATA_DIR (required),
//   STRIPE_SECRET_KEY (required), STRIPE_PUBLISHABLE_KEY, STRIPE_WEBHOOK_URL with STRIPE_WEBHOOK_SECRET,
//   PAYMENTS_WEBHOOK_FIRST_RETRY_MS (5000: the wait before a refused webhook's first retry, doubling).
import { startPaymentsSandbox } from './standalone.js';

const env = process.env;
const required = (name: string): string => {
  const value = env[name];
  if (!value) {
    console.error(`${name} is required`);
    process.exit(2);
  }
  return value;
};

const webhookUrl = env.STRIPE_WEBHOOK_URL;
const sandbox = await startPaymentsSandbox({
  dataDir: required('PAYMENTS_DATA_DIR'),
  secretKey: required('STRIPE_SECRET_KEY'),
  ...(env.STRIPE_PUBLISHABLE_KEY ? { publishableKey: env.STRIPE_PUBLISHABLE_KEY } : {}),
  ...(webhookUrl ? { webhook: { url: webhookUrl, secret: required('STRIPE_WEBHOOK_SECRET') } } : {}),
  ...(env.PAYMENTS_WEBHOOK_FIRST_RETRY_MS
    ? { webhookFirstRetryMs: Number(env.PAYMENTS_WEBHOOK_FIRST_RETRY_MS) }
    : {}),
  port: Number(env.PAYMENTS_PORT ?? 3440),
  host: env.PAYMENTS_HOST ?? '127.0.0.1',
});
// One line the caller waits for: where the sandbox answers.
console.warn(`payments sandbox listening on ${sandbox.url}`);
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.once(signal, () => {
    void sandbox.close().then(() => process.exit(0));
  });
