/**
 * Device tokens from past logins, per account e-mail (localStorage: they outlive the session).
 * Sent with the next login to the same account, a token lets this browser's attempts through
 * while the account is throttled for guesses from elsewhere; it signs nobody in by itself.
 */
const storageKey = 'signet.login-devices';
/** Accounts remembered in one browser; the least recently used one is forgotten first. */
const maxAccounts = 5;

type Stored = Array<{ email: string; token: string }>;

function read(): Stored {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(storageKey) ?? '[]');
    if (!Array.isArray(parsed)) return [];
    return parsed.filter(
      (entry): entry is Stored[number] =>
        typeof entry === 'object' &&
        entry !== null &&
        typeof (entry as Record<string, unknown>).email === 'string' &&
        typeof (entry as Record<string, unknown>).token === 'string',
    );
  } catch {
    // A broken entry is treated like none.
    return [];
  }
}

const normalise = (email: string) => email.trim().toLowerCase();

export function deviceTokenFor(email: string): string | undefined {
  return read().find((entry) => entry.email === normalise(email))?.token;
}

export function rememberDeviceToken(email: string, token: string): void {
  const key = normalise(email);
  const others = read().filter((entry) => entry.email !== key);
  const stored = [{ email: key, token }, ...others].slice(0, maxAccounts);
  localStorage.setItem(storageKey, JSON.stringify(stored));
}
