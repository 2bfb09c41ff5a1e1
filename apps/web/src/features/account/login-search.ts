import { z } from 'zod';

const emailShape = z.email();

/** Spec §5: the email query parameter is lowercased and kept only if it is an address. */
function normaliseLoginEmail(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  const lowered = value.trim().toLowerCase();
  return emailShape.safeParse(lowered).success ? lowered : undefined;
}

/** Only a path inside the app may be a return target (never another origin). */
export function safeReturnPath(value: unknown): string | undefined {
  if (
    typeof value !== 'string' ||
    !value.startsWith('/') ||
    value.startsWith('//') ||
    value.startsWith('/\\')
  )
    return undefined;
  if (value.startsWith('/login') || value.startsWith('/logout')) return undefined;
  return value;
}

export interface LoginSearch {
  email?: string;
  redirect?: string;
  /** `done`: a single sign-on finished in this browser; the page takes its session over. */
  sso?: 'done';
}

export function normaliseLoginSearch(search: Record<string, unknown>): LoginSearch {
  const result: LoginSearch = {};
  const email = normaliseLoginEmail(search.email);
  const redirect = safeReturnPath(search.redirect);
  if (email) result.email = email;
  if (redirect) result.redirect = redirect;
  if (search.sso === 'done') result.sso = 'done';
  return result;
}
