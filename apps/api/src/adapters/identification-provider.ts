import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import {
  identificationWebhookHeaders,
  identificationWebhookToleranceSeconds,
  type IdentificationMethod,
  type IdentificationProvider,
} from '@signet/contracts/identification';
import { callProvider, ProviderError } from './http.ts';

/** The provider's statuses (Signet maps them to spec §4's); an unknown one is kept as it came. */
const ProviderStatus = z.string().min(1).max(40);

/** What the provider verified: Signet stores it as the evidence of the identification. */
const VerifiedPerson = z.object({
  firstName: z.string().min(1).max(100),
  lastName: z.string().min(1).max(100),
  birthDate: z.iso.date(),
  documentType: z.string().min(1).max(40),
  documentExpiry: z.iso.date(),
  level: z.enum(['qes', 'aes']),
  demo: z.boolean(),
});

const ProviderSession = z.object({
  id: z.string().regex(/^[\w-]{8,100}$/),
  legislation: z.enum(['eidas', 'zertes']),
  status: ProviderStatus,
  result: VerifiedPerson.nullable(),
  completedAt: z.string().nullable(),
});
export type ProviderSession = z.infer<typeof ProviderSession>;
const CreatedSession = ProviderSession.extend({ url: z.url({ protocol: /^https?$/ }) });

/**
 * The identification providers (video and automatic identification): sessions a person completes
 * on the provider's page, a status call, and the signed webhooks they send. Reached over HTTP only;
 * each provider answers under its name below the base URL.
 */
export class IdentificationProviderClient {
  constructor(
    private readonly baseUrl: string,
    private readonly clientToken: string,
  ) {}

  private async call<S extends z.ZodType>(
    schema: S,
    provider: IdentificationProvider,
    path: string,
    body?: unknown,
  ): Promise<z.infer<S>> {
    const response = await callProvider('identification provider', `${this.baseUrl}/${provider}${path}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers: {
        authorization: `Bearer ${this.clientToken}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const parsed = schema.safeParse(await response.json().catch(() => null));
    if (!parsed.success)
      throw new ProviderError('identification provider', response.status, 'unexpected answer');
    return parsed.data;
  }

  /** A new session for the person; `url` is their page at the provider. */
  createSession(
    provider: IdentificationProvider,
    session: {
      method: IdentificationMethod;
      /** Signet's id of the identification. */
      reference: string;
      returnUrl: string;
      webhookUrl: string;
      person: { firstName: string; lastName: string };
    },
  ): Promise<z.infer<typeof CreatedSession>> {
    return this.call(CreatedSession, provider, '/v1/sessions', session);
  }

  /** The status call. */
  session(provider: IdentificationProvider, id: string): Promise<ProviderSession> {
    return this.call(ProviderSession, provider, `/v1/sessions/${encodeURIComponent(id)}`);
  }

  cancel(provider: IdentificationProvider, id: string): Promise<ProviderSession> {
    return this.call(ProviderSession, provider, `/v1/sessions/${encodeURIComponent(id)}/cancel`, {});
  }
}

/**
 * Checks a provider webhook: the `v1=` HMAC-SHA256 of `{timestamp}.{raw body}` under the shared
 * key, and the timestamp within the tolerance of `now`. Answers what is wrong, or null.
 */
export function webhookProblem(
  secret: string,
  headers: Record<string, string | string[] | undefined>,
  rawBody: string,
  now: Date,
): 'signature' | 'timestamp' | null {
  const timestamp = headers[identificationWebhookHeaders.timestamp];
  const signature = headers[identificationWebhookHeaders.signature];
  if (typeof timestamp !== 'string' || !/^\d{1,12}$/.test(timestamp) || typeof signature !== 'string')
    return 'signature';
  const expected = `v1=${createHmac('sha256', secret).update(`${timestamp}.${rawBody}`).digest('hex')}`;
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, Buffer.from(expected))) return 'signature';
  const skew = Math.abs(now.getTime() / 1000 - Number(timestamp));
  return skew > identificationWebhookToleranceSeconds ? 'timestamp' : null;
}
