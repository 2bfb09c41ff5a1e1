import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setApiHandlers } from '../lib/api-client.ts';
import { createQueryClient } from '../lib/query-client.ts';
import { clearToken, storeToken } from '../lib/session.ts';
import { makeUser } from '../test-support.ts';
import { loadGuardState } from './guard-state.ts';

/** The API as the guard meets it: each call waits until the test answers it. */
function pendingApi() {
  const calls = new Map<string, (response: Response) => void>();
  vi.stubGlobal('fetch', (input: RequestInfo | URL) => {
    const path = new URL(String(input), 'http://signet.test').pathname.replace(/^\/api/, '');
    return new Promise<Response>((resolve) => calls.set(path, resolve));
  });
  return {
    asked: () => [...calls.keys()],
    answer(path: string, status: number, body: unknown) {
      calls.get(path)!(
        new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } }),
      );
    },
  };
}

function statusSummary(impact: 'none' | 'critical') {
  return {
    page: {
      id: 'signet',
      name: 'Signet',
      url: 'https://status.signet.test',
      updated_at: '2026-12-06T00:00:00Z',
    },
    status: { indicator: impact, description: '' },
    components: [],
    incidents: [],
    scheduled_maintenances:
      impact === 'critical'
        ? [
            {
              id: 'm1',
              name: 'Upgrade',
              status: 'in_progress',
              impact: 'critical',
              shortlink: '/maintenance',
              scheduled_for: '2026-12-06T00:00:00Z',
              scheduled_until: null,
            },
          ]
        : [],
  };
}

const onUnauthorized = vi.fn();

beforeEach(() => {
  onUnauthorized.mockReset();
  setApiHandlers({ onUnauthorized, onServerError: vi.fn() });
  storeToken({ value: 'a-session-token-of-the-tab', expiration: '2099-01-01T00:00:00Z' }, false);
});

afterEach(() => {
  clearToken(false);
  vi.unstubAllGlobals();
});

describe('loadGuardState', () => {
  it('asks for the maintenance notice and the user at once, then for the business', async () => {
    const api = pendingApi();
    const state = loadGuardState(createQueryClient());
    await vi.waitFor(() => expect(api.asked()).toEqual(['/v1/user', '/status/summary.json']));
    api.answer('/v1/user', 200, makeUser());
    api.answer('/status/summary.json', 200, statusSummary('none'));
    await vi.waitFor(() => expect(api.asked()).toContain('/v2/businesses/user'));
    api.answer('/v2/businesses/user', 404, { code: 'NOT_FOUND', message: 'No business.' });
    const loaded = await state;
    expect(loaded.user?.email).toBe(makeUser().email);
    expect(loaded.business).toBeNull();
    expect(loaded.maintenance).toEqual({ activeMaintenance: null });
  });

  it('does not wait for the user during a blocking maintenance', async () => {
    const api = pendingApi();
    const state = loadGuardState(createQueryClient());
    await vi.waitFor(() => expect(api.asked()).toContain('/status/summary.json'));
    api.answer('/status/summary.json', 200, statusSummary('critical'));
    const loaded = await state;
    expect(loaded.user).toBeNull();
    expect(loaded.maintenance?.activeMaintenance?.isBlocking).toBe(true);
    expect(api.asked()).not.toContain('/v2/businesses/user');
  });

  it('does not ask for the business of a session that has ended: one 401, one logout', async () => {
    const api = pendingApi();
    const state = loadGuardState(createQueryClient());
    await vi.waitFor(() => expect(api.asked()).toEqual(['/v1/user', '/status/summary.json']));
    api.answer('/status/summary.json', 200, statusSummary('none'));
    api.answer('/v1/user', 401, { code: 'UNAUTHENTICATED', message: 'Please sign in.' });
    const loaded = await state;
    expect(loaded.user).toBeNull();
    expect(api.asked()).not.toContain('/v2/businesses/user');
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });
});
