import { TokenResponse } from '@signet/contracts/accounts';

/**
 * The session token (spec §3 Token, §4): kept in session storage for 24 hours and shared
 * between the tabs of one browser. A new tab asks the others for the token over a
 * BroadcastChannel; logout and login are announced the same way.
 */
export type Token = TokenResponse;

const storageKey = 'signet.token';
const channelName = 'signet-session';
export const tokenLifetimeMs = 24 * 60 * 60 * 1000;

type SessionMessage = { type: 'request' } | { type: 'session'; token: Token } | { type: 'logout' };

/** `remote` when another tab caused the change. */
type Listener = (event: 'login' | 'logout', origin: 'local' | 'remote') => void;

const listeners = new Set<Listener>();
let channel: BroadcastChannel | null = null;

function isValid(token: Token, now = Date.now()): boolean {
  const expires = Date.parse(token.expiration);
  return Number.isFinite(expires) && expires > now;
}

export function getToken(): Token | null {
  const raw = sessionStorage.getItem(storageKey);
  if (!raw) return null;
  try {
    const parsed = TokenResponse.safeParse(JSON.parse(raw));
    if (parsed.success && isValid(parsed.data)) return parsed.data;
  } catch {
    // A broken entry is treated like none.
  }
  sessionStorage.removeItem(storageKey);
  return null;
}

/** Stores a token, capping its life at 24 h from now whatever the server says. */
export function storeToken(token: Token, broadcast = true, origin: 'local' | 'remote' = 'local'): void {
  const cap = Date.now() + tokenLifetimeMs;
  const expiration = Math.min(Date.parse(token.expiration) || cap, cap);
  const stored = { value: token.value, expiration: new Date(expiration).toISOString() };
  sessionStorage.setItem(storageKey, JSON.stringify(stored));
  if (broadcast) post({ type: 'session', token: stored });
  emit('login', origin);
}

/** Clears the token here; `broadcast` tells every other tab to log out too. */
export function clearToken(broadcast: boolean, origin: 'local' | 'remote' = 'local'): void {
  const had = sessionStorage.getItem(storageKey) !== null;
  sessionStorage.removeItem(storageKey);
  if (broadcast) post({ type: 'logout' });
  if (had) emit('logout', origin);
}

export function onSessionChange(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function emit(event: 'login' | 'logout', origin: 'local' | 'remote'): void {
  for (const listener of listeners) listener(event, origin);
}

function post(message: SessionMessage): void {
  channel?.postMessage(message);
}

/**
 * Joins the tabs' channel. Without a token of its own, the tab asks the others and waits
 * up to `waitMs` for an answer, so a link opened in a new tab is already logged in.
 */
export async function startSessionSync(waitMs = 150): Promise<void> {
  if (typeof BroadcastChannel === 'undefined' || channel) return;
  channel = new BroadcastChannel(channelName);
  let answered: (() => void) | null = null;
  channel.onmessage = (event: MessageEvent<SessionMessage>) => {
    const message = event.data;
    if (message.type === 'request') {
      const token = getToken();
      if (token) post({ type: 'session', token });
    } else if (message.type === 'session') {
      const current = getToken();
      if (current?.value !== message.token.value && isValid(message.token)) {
        storeToken(message.token, false, 'remote');
      }
      answered?.();
    } else if (message.type === 'logout') {
      clearToken(false, 'remote');
    }
  };
  if (getToken()) return;
  await new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, waitMs);
    answered = () => {
      clearTimeout(timer);
      resolve();
    };
    post({ type: 'request' });
  });
  answered = null;
}

export function stopSessionSync(): void {
  channel?.close();
  channel = null;
}
