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
  it('asks for the maintenance notice, the user and their business at once', async () => {
    const api = pendingApi();
    const state = loadGuardState(createQueryClient());
    await vi.waitFor(() =>
      expect(api.asked().sort()).toEqual(['/status/summary.json', '/v1/user', '/v2/businesses/user']),
    );
    api.answer('/v2/businesses/user', 404, { code: 'NOT_FOUND', message: 'No business.' });
    api.answer('/v1/user', 200, makeUser());
    api.answer('/status/summary.json', 200, statusSummary('none'));
    const loaded = await state;
    expect(loaded.user?.email).toBe(makeUser().email);
    expect(loaded.business).toBeNull();
    expect(loaded.maintenance).toEqual({ activeMaintenance: null });
  });

  it('asks nobody about a user when the tab holds no session', async () => {
    clearToken(false);
    const api = pendingApi();
    const state = loadGuardState(createQueryClient());
    await vi.waitFor(() => expect(api.asked()).toEqual(['/status/summary.json']));
    api.answer('/status/summary.json', 200, statusSummary('none'));
    expect(await state).toMatchObject({ user: null, business: null });
    expect(api.asked()).toEqual(['/status/summary.json']);
  });

  it('does not wait for the user during a blocking maintenance', async () => {
    const api = pendingApi();
    const state = loadGuardState(createQueryClient());
    await vi.waitFor(() => expect(api.asked()).toContain('/status/summary.json'));
    api.answer('/status/summary.json', 200, statusSummary('critical'));
    const loaded = await state;
    expect(loaded.user).toBeNull();
    expect(loaded.maintenance?.activeMaintenance?.isBlocking).toBe(true);
  });

  it('logs an ended session out once, though the user and the business both answer 401', async () => {
    onUnauthorized.mockImplementation(() => clearToken(false)); // as the app's handler does
    const api = pendingApi();
    const state = loadGuardState(createQueryClient());
    await vi.waitFor(() => expect(api.asked()).toHaveLength(3));
    api.answer('/status/summary.json', 200, statusSummary('none'));
    api.answer('/v1/user', 401, { code: 'UNAUTHENTICATED', message: 'Please sign in.' });
    api.answer('/v2/businesses/user', 401, { code: 'UNAUTHENTICATED', message: 'Please sign in.' });
    const loaded = await state;
    expect(loaded).toMatchObject({ user: null, business: null });
    // Let the business call's 401 arrive too (its query was dropped with the session).
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });
});
