import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  clearToken,
  getToken,
  onSessionChange,
  startSessionSync,
  stopSessionSync,
  storeToken,
  tokenLifetimeMs,
} from './session.ts';

const later = (ms: number) => new Date(Date.now() + ms).toISOString();
const otherTabs: BroadcastChannel[] = [];

/** Another tab of the same browser. */
function otherTab(): BroadcastChannel {
  const channel = new BroadcastChannel('signet-session');
  otherTabs.push(channel);
  return channel;
}

/** The next message another tab receives. */
function nextMessage(tab: BroadcastChannel): Promise<unknown> {
  return new Promise((resolve) => {
    tab.onmessage = (event: MessageEvent) => resolve(event.data);
  });
}

/** This tab, logged in as 'mine', syncing with the others. */
async function syncingAsMine(): Promise<void> {
  storeToken({ value: 'mine', expiration: later(60_000) }, false);
  await startSessionSync();
}

afterEach(() => {
  stopSessionSync();
  for (const channel of otherTabs.splice(0)) channel.close();
});

describe('session token (spec §4/§9)', () => {
  it('lives in session storage for at most 24 hours', () => {
    storeToken({ value: 'abc', expiration: later(7 * 24 * 3600_000) }, false);
    const token = getToken();
    expect(token?.value).toBe('abc');
    expect(Date.parse(token!.expiration) - Date.now()).toBeLessThanOrEqual(tokenLifetimeMs);
    expect(JSON.parse(sessionStorage.getItem('signet.token')!).value).toBe('abc');
  });

  it('forgets an expired token', () => {
    sessionStorage.setItem('signet.token', JSON.stringify({ value: 'old', expiration: later(-1000) }));
    expect(getToken()).toBeNull();
    expect(sessionStorage.getItem('signet.token')).toBeNull();
  });

  it('a new tab asks the others and receives their session', async () => {
    const tab = otherTab();
    tab.onmessage = (event: MessageEvent<{ type: string }>) => {
      if (event.data.type === 'request')
        tab.postMessage({ type: 'session', token: { value: 'shared', expiration: later(60_000) } });
    };
    await startSessionSync(1000);
    expect(getToken()?.value).toBe('shared');
  });

  it('answers another tab asking for the session', async () => {
    await syncingAsMine();
    const tab = otherTab();
    const answer = nextMessage(tab);
    tab.postMessage({ type: 'request' });
    expect(await answer).toMatchObject({ type: 'session', token: { value: 'mine' } });
  });

  it('logout in another tab logs this tab out', async () => {
    await syncingAsMine();
    const listener = vi.fn();
    onSessionChange(listener);
    otherTab().postMessage({ type: 'logout' });
    await vi.waitFor(() => expect(getToken()).toBeNull());
    expect(listener).toHaveBeenCalledWith('logout', 'remote');
  });

  it("broadcasts this tab's logout", async () => {
    await syncingAsMine();
    const received = nextMessage(otherTab());
    clearToken(true);
    expect(await received).toEqual({ type: 'logout' });
  });
});
