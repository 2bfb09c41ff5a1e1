import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/** The random part of a page link (3-D Secure, portal, invoice): the link's only credential. */
export const newPageToken = () => randomBytes(24).toString('base64url');

/** Whether a link's token is the stored one, compared in constant time (hashes: equal lengths). */
export function sameToken(stored: unknown, given: string): boolean {
  if (typeof stored !== 'string') return false;
  const digest = (value: string) => createHash('sha256').update(value).digest();
  return timingSafeEqual(digest(stored), digest(given));
}
