import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { defineEndpoint } from '@signet/contracts/endpoint';
import { ApiError, callApi, setApiHandlers, setSleepForTests } from './api-client.ts';
import { parseRetryAfter, retryDelayMs } from './retry-policy.ts';
import { clearToken, storeToken } from './session.ts';

/** Calls of the shapes the client treats differently: a page read, a user action, a visitor's read. */
const okAnswer = z.object({ ok: z.boolean() });
const described = { auth: 'user', summary: '', tags: [], errors: [] } as const;
const read = defineEndpoint({
  ...described,
  method: 'GET',
  path: '/v1/thing',
  status: 200,
  response: okAnswer,
});
const action = defineEndpoint({
  ...described,
  method: 'POST',
  path: '/v1/action',
  body: z.object({}),
  status: 204,
});
const visitorRead = defineEndpoint({
  ...described,
  method: 'GET',
  path: '/v3/signature-requests/r1',
  visitorPath: '/v3/direct/signature-requests/r1',
  status: 200,
  response: okAnswer,
});

const sleeps: number[] = [];
const handlers = { onUnauthorized: vi.fn(), onServerError: vi.fn() };

function respond(status: number, body?: unknown, headers: Record<string, string> = {}) {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json', ...headers },
  });
}

beforeEach(() => {
  sleeps.length = 0;
  setSleepForTests(async (ms) => void sleeps.push(ms));
  handlers.onUnauthorized.mockReset();
  handlers.onServerError.mockReset();
  setApiHandlers(handlers);
});

afterEach(() => vi.unstubAllGlobals());

describe('retry policy (spec §8/§9)', () => {
  it('doubles from 100 ms up to 5 s', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8].map((n) => retryDelayMs(n, 500, null))).toEqual([
      100, 200, 400, 800, 1600, 3200, 5000, 5000,
    ]);
  });

  it('waits as Retry-After says on 503 only', () => {
    expect(retryDelayMs(1, 503, 7000)).toBe(7000);
    expect(retryDelayMs(1, 429, 7000)).toBe(100);
    expect(parseRetryAfter('12')).toBe(12_000);
    expect(parseRetryAfter(new Date(Date.now() + 3000).toUTCString())).toBeGreaterThan(1000);
    expect(parseRetryAfter('soon')).toBeNull();
  });
});

describe('api client', () => {
  it('sends the bearer token and parses with the contract', async () => {
    storeToken({ value: 'tok', expiration: new Date(Date.now() + 60_000).toISOString() }, false);
    const fetchMock = vi.fn(async () => respond(200, { ok: true }));
    vi.stubGlobal('fetch', fetchMock);
    await expect(callApi(read)).resolves.toEqual({ ok: true });
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/v1/thing');
    expect((init.headers as Record<string, string>).Authorization).toBe('Bearer tok');
  });

  it('turns the error body into ApiError with its field', async () => {
    vi.stubGlobal('fetch', async () =>
      respond(400, { statusCode: 400, code: 'VALIDATION_FAILED', message: 'bad', field: 'email' }),
    );
    const error = (await callApi(action, { body: {} }).catch((e: unknown) => e)) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect({ statusCode: error.statusCode, code: error.code, field: error.field }).toEqual({
      statusCode: 400,
      code: 'VALIDATION_FAILED',
      field: 'email',
    });
  });

  it('retries page fetches up to 10 tries with backoff, and reports the final 5xx', async () => {
    const fetchMock = vi.fn(async () =>
      respond(500, { statusCode: 500, code: 'INTERNAL_ERROR', message: 'x' }),
    );
    vi.stubGlobal('fetch', fetchMock);
    await expect(callApi(read, { retry: true })).rejects.toBeInstanceOf(ApiError);
    expect(fetchMock).toHaveBeenCalledTimes(10);
    expect(sleeps).toEqual([100, 200, 400, 800, 1600, 3200, 5000, 5000, 5000]);
    expect(handlers.onServerError).toHaveBeenCalledOnce();
  });

  it('follows Retry-After on 503 and never sends 503 to /sorry', async () => {
    let calls = 0;
    vi.stubGlobal('fetch', async () =>
      ++calls < 3
        ? respond(503, { statusCode: 503, code: 'MAINTENANCE', message: 'm' }, { 'Retry-After': '2' })
        : respond(200, { ok: true }),
    );
    await expect(callApi(read, { retry: true })).resolves.toEqual({
      ok: true,
    });
    expect(sleeps).toEqual([2000, 2000]);
    vi.stubGlobal('fetch', async () => respond(503, { statusCode: 503, code: 'MAINTENANCE', message: 'm' }));
    await expect(callApi(action, { body: {} })).rejects.toBeInstanceOf(ApiError);
    expect(handlers.onServerError).not.toHaveBeenCalled();
  });

  it('does not retry user actions, and reports a 500 at once', async () => {
    const fetchMock = vi.fn(async () =>
      respond(500, { statusCode: 500, code: 'INTERNAL_ERROR', message: 'x' }),
    );
    vi.stubGlobal('fetch', fetchMock);
    await expect(callApi(action, { body: {} })).rejects.toBeInstanceOf(ApiError);
    expect(fetchMock).toHaveBeenCalledOnce();
    expect(handlers.onServerError).toHaveBeenCalledOnce();
  });

  it('hands a 401 to the session handler without retrying', async () => {
    const fetchMock = vi.fn(async () =>
      respond(401, { statusCode: 401, code: 'UNAUTHENTICATED', message: 'x' }),
    );
    vi.stubGlobal('fetch', fetchMock);
    await expect(callApi(read, { retry: true })).rejects.toMatchObject({ statusCode: 401 });
    expect(fetchMock).toHaveBeenCalledOnce();
    expect(handlers.onUnauthorized).toHaveBeenCalledOnce();
  });

  it('keeps the session when a direct-sign link answers 401 (its own credentials failed)', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => respond(401, { statusCode: 401, code: 'UNAUTHENTICATED', message: 'x' })),
    );
    await expect(callApi(visitorRead, { visitor: { signerId: 'u', secret: 'p' } })).rejects.toMatchObject({
      statusCode: 401,
    });
    expect(handlers.onUnauthorized).not.toHaveBeenCalled();
  });

  it('does not hand on a 401 for a session the tab no longer holds: a newer login stays', async () => {
    storeToken({ value: 'the-session-that-ended-meanwhile', expiration: '2099-01-01T00:00:00Z' }, false);
    let answer!: (response: Response) => void;
    vi.stubGlobal('fetch', () => new Promise<Response>((resolve) => (answer = resolve)));
    const call = callApi(read);
    await vi.waitFor(() => expect(answer).toBeDefined());
    storeToken({ value: 'a-newer-session-of-this-tab', expiration: '2099-01-01T00:00:00Z' }, false);
    answer(respond(401, { statusCode: 401, code: 'UNAUTHENTICATED', message: 'x' }));
    await expect(call).rejects.toMatchObject({ statusCode: 401 });
    expect(handlers.onUnauthorized).not.toHaveBeenCalled();
    clearToken(false);
  });
});
