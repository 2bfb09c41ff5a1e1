import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { parseStripeForm, type Params } from './form-params.js';
import type { PaymentsContext } from './payments-context.js';
import type { StripeObject } from './payments-store.js';
import { render, renderList } from './render.js';
import { StripeApiError } from './stripe-error.js';
import { sandboxApiVersion } from './events.js';

/** Runs one Stripe API call: checks the key, reads the parameters, keeps idempotency, answers Stripe's way. */
/** What an operation answers: one object, or a page of a list. */
export type Answer = StripeObject | { list: StripeObject[] };

export type StripeCall = (
  request: FastifyRequest,
  reply: FastifyReply,
  operation: (params: Params, ctx: PaymentsContext, access: KeyKind) => Answer,
) => Promise<unknown>;

/**
 * Which key the caller presented: the secret key (Signet's server: everything), or the publishable
 * key (a browser: only what Stripe.js does — make a payment method, confirm or read a setup intent
 * whose client secret it holds).
 */
type KeyKind = 'secret' | 'publishable';

const isList = (answer: Answer): answer is { list: StripeObject[] } =>
  !('id' in answer) && Array.isArray(answer.list);

const digest = (value: string) => createHash('sha256').update(value).digest();

/** The secret key as Stripe's dashboard shows it: only the last four characters. */
const redacted = (key: string) =>
  `${key.slice(0, 8)}${'*'.repeat(Math.max(0, key.length - 12))}${key.slice(-4)}`;

export function stripeCall(
  ctx: PaymentsContext,
  keys: { secretKey: string; publishableKey?: string | undefined },
): StripeCall {
  const expected = digest(`Bearer ${keys.secretKey}`);
  const publishable = keys.publishableKey ? digest(`Bearer ${keys.publishableKey}`) : undefined;
  const authenticate = (request: FastifyRequest): KeyKind => {
    const header = request.headers.authorization;
    if (!header)
      throw new StripeApiError(401, {
        type: 'invalid_request_error',
        message:
          'You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth.',
      });
    const given = digest(header);
    if (timingSafeEqual(given, expected)) return 'secret';
    if (publishable && timingSafeEqual(given, publishable)) return 'publishable';
    throw new StripeApiError(401, {
      type: 'invalid_request_error',
      code: 'api_key_invalid',
      message: `Invalid API Key provided: ${redacted(header.replace(/^Bearer\s+/i, ''))}`,
    });
  };

  return async (request, reply, operation) => {
    reply
      .header('request-id', `req_${randomBytes(10).toString('hex')}`)
      .header('stripe-version', sandboxApiVersion);
    const access = authenticate(request);
    const raw = request.method === 'POST' ? String(request.body ?? '') : (request.url.split('?')[1] ?? '');
    const path = request.url.split('?')[0]!;
    const key = request.method === 'POST' ? request.headers['idempotency-key'] : undefined;
    const fingerprint = digest(`${request.method} ${path} ${raw}`).toString('hex');
    if (typeof key === 'string') {
      const earlier = ctx.store.idempotentAnswer(key);
      if (earlier && earlier.fingerprint !== fingerprint)
        throw new StripeApiError(400, {
          type: 'idempotency_error',
          message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`,
        });
      if (earlier)
        return reply.status(earlier.status).header('idempotent-replayed', 'true').send(earlier.body);
    }
    // Everything from here to the save runs synchronously: no other request sees a half-done change.
    let status = 200;
    let body: unknown;
    try {
      const params = parseStripeForm(raw);
      const answer = operation(params, ctx, access);
      body = isList(answer)
        ? renderList(ctx.store, answer.list, params, path)
        : render(ctx.store, answer, params);
    } catch (error) {
      if (!(error instanceof StripeApiError)) throw error;
      status = error.status;
      body = { error: { ...error.body, request_log_url: null } };
    }
    if (typeof key === 'string') ctx.store.rememberAnswer(key, { fingerprint, status, body, at: Date.now() });
    // Taken after the change: the answer is at least as late as the events it caused.
    const answeredAt = new Date(ctx.store.now() * 1000).toUTCString();
    await ctx.store.save();
    // The provider's time, as Stripe's Date header is its own: here the sandbox clock, so an answer and
    // the events it caused are stamped on one clock (Signet orders a subscription's states by it).
    return reply.status(status).header('date', answeredAt).send(body);
  };
}
