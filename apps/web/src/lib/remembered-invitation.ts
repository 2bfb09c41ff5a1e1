/**
 * An invitation link opened before signing in, kept in local storage (like the spec's `ucc`) so
 * that it survives signing up: the confirmation mail may open in another tab. The route guard
 * brings the new user back to the invitation; the invitation page forgets it once shown.
 */
const storageKey = 'signet.invitation';
const secretPattern = /^[A-Za-z0-9_-]{20,100}$/;

export function rememberInvitation(secret: string): void {
  if (secretPattern.test(secret)) localStorage.setItem(storageKey, secret);
}

export function rememberedInvitation(): string | null {
  const secret = localStorage.getItem(storageKey);
  return secret && secretPattern.test(secret) ? secret : null;
}

export function forgetInvitation(): void {
  localStorage.removeItem(storageKey);
}
