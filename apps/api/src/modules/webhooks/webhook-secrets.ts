import { createHmac, randomBytes } from 'node:crypto';

/** A new signing secret: 32 random bytes, base64url, prefixed so that people recognise it. */
export function generateWebhookSecret(): string {
  return `whsec_${randomBytes(32).toString('base64url')}`;
}

/**
 * The `Signet-Signature` header (Stripe-like): `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">`
 * under the receiver's secret. The receiver recomputes it and refuses old timestamps (replays).
 */
export function signatureHeader(secret: string, body: string, at: Date): string {
  const t = Math.floor(at.getTime() / 1000);
  const v1 = createHmac('sha256', secret).update(`${t}.${body}`).digest('hex');
  return `t=${t},v1=${v1}`;
}
