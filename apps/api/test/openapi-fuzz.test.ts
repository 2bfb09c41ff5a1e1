import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AuthPolicy } from '@signet/contracts/common';
import {
  createFixture,
  type RequestFixture,
} from '../src/modules/signature-requests/request-fixtures.test-support.ts';
import {
  almostConforming,
  brokenJsonText,
  conforming,
  encode,
  multipartBodies,
  nastyString,
  nastyUrlText,
  type JsonSchema,
  type KnownValues,
} from './openapi-arbitraries.ts';
import { bearer, databaseKinds, json, samplePdf } from './helpers.ts';
import { useTestApp } from './factories.ts';

/**
 * Issue 10: malformed requests to every operation of GET /api/openapi.json, as the caller each
 * operation's policy admits (so they reach the handlers, not only the auth check), must never get
 * a 5xx, and every 4xx must carry the JSON error body. Seeded: FUZZ_SEED=<seed> replays a run, and
 * fast-check shrinks a failing request to a small one before reporting it.
 */
const minimumRequests = 5_000;
/** Longer than any call takes on a loaded machine; a call that waits longer hangs. */
const answerTimeoutMs = 30_000;
const seed = Number(process.env.FUZZ_SEED ?? Math.floor(Math.random() * 2 ** 31));

interface Operation {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** As in the document, relative to the server URL (/api): /v3/documents/{id}. */
  path: string;
  policy: AuthPolicy;
  pathParams: string[];
  query: Array<{ name: string; schema: JsonSchema }>;
  jsonBody: JsonSchema | null;
  multipart: boolean;
}

interface FuzzRequest {
  method: Operation['method'];
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
}

interface OpenApiOperation {
  parameters?: Array<{ in: string; name: string; schema: JsonSchema }>;
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
}

/** The operations of the document, each with the policy its route declares (the route table). */
function operationsOf(
  document: { paths: Record<string, Record<string, OpenApiOperation>> },
  routeTable: Array<{ method: string; url: string; auth: string | undefined }>,
): Operation[] {
  return Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => {
      const url = `/api${path.replace(/\{(\w+)\}/g, ':$1')}`;
      const route = routeTable.find((r) => r.method === method.toUpperCase() && r.url === url);
      if (!route?.auth) throw new Error(`no route with a policy for ${method} ${path}`);
      const parameters = operation.parameters ?? [];
      const content = operation.requestBody?.content ?? {};
      return {
        method: method.toUpperCase() as Operation['method'],
        path,
        policy: route.auth as AuthPolicy,
        pathParams: parameters.filter((p) => p.in === 'path').map((p) => p.name),
        query: parameters.filter((p) => p.in === 'query').map((p) => ({ name: p.name, schema: p.schema })),
        jsonBody: content['application/json']?.schema ?? null,
        // The upload routes declare no body schema (their parts are read as a stream): every call
        // that sends a body but has no JSON schema gets multipart variants.
        multipart: method !== 'get' && !content['application/json'],
      };
    }),
  );
}

describe.each(databaseKinds)('OpenAPI fuzz on %s', (kind) => {
  const t = useTestApp(kind, {
    listen: true,
    env: { MAIL_LIMIT_PER_ADDRESS: '100000' },
    users: { user: { email: 'fuzz-owner@example.ch' }, admin: { email: 'fuzz-admin@example.ch' } },
  });
  const identities = t.users;
  // The device token of a first login lets prepare() sign in again after the fuzzed logins have
  // filled the account's and the address's login limits (as a person's own browser would).
  const deviceTokens = { user: '', admin: '' };
  let operations: Operation[];
  let visitor: Record<string, string>;
  let fixture: RequestFixture;
  let businessId: string;
  let adminId: string;
  const sealName = 'fuzz-seal';

  beforeAll(async () => {
    for (const who of ['user', 'admin'] as const) await logIn(who);
    await openFixture();
    businessId = (await t.business(identities.admin, { name: 'Fuzz AG', email: identities.admin.email })).id;
    adminId = identities.admin.id;
    await t.call('POST', `/v1/businesses/${businessId}/seals`, identities.admin, {
      accountName: sealName,
      displayName: 'Fuzz seal',
    });
    const document = await t.call('GET', '/openapi.json');
    operations = operationsOf(document.json(), t.app.routeTable);
  });

  async function openFixture(): Promise<void> {
    fixture = await createFixture(t, identities.user, {
      signer: identities.admin.email,
      visitor: 'fuzz-visitor@example.ch',
      observer: 'fuzz-observer@example.ch',
    });
    visitor = fixture.visitor!.headers;
  }

  /** A path parameter: the fixture's own value (the request reaches the handler) or a broken one. */
  function pathValue(operation: Operation, name: string): fc.Arbitrary<string> {
    const direct = operation.path.includes('/direct/');
    const real: Record<string, string> = {
      id:
        operation.path.startsWith('/v3/documents') || operation.path.startsWith('/v3/direct/documents')
          ? fixture.request.documents[0]!.id
          : operation.path.startsWith('/v3/sendto')
            ? fixture.visitor!.sendTo
            : fixture.request.id,
      sid: direct ? fixture.visitorSid : fixture.signerSid,
      attId: fixture.attachmentId,
      documentId: fixture.request.documents[0]!.id,
      email: 'fuzz-observer@example.ch',
      businessId,
      name: sealName,
      userId: adminId,
      n: '1',
    };
    return fc.oneof(
      { weight: 5, arbitrary: fc.constant(encode(real[name] ?? '00000000-0000-4000-8000-000000000000')) },
      { weight: 1, arbitrary: fc.uuid() },
      { weight: 2, arbitrary: nastyString.map(encode) },
      { weight: 2, arbitrary: nastyUrlText },
    );
  }

  function queryString(operation: Operation, known: KnownValues): fc.Arbitrary<string> {
    const pairs = operation.query.map(({ name, schema }) =>
      fc.oneof(
        { weight: 2, arbitrary: fc.constant([] as string[]) },
        { weight: 3, arbitrary: conforming(schema, known).map((v) => [`${name}=${encode(String(v))}`]) },
        { weight: 1, arbitrary: nastyString.map((v) => [`${name}=${encode(v)}`]) },
        { weight: 1, arbitrary: nastyUrlText.map((v) => [`${name}=${v}`]) },
        {
          weight: 1,
          arbitrary: fc
            .tuple(nastyString, nastyString)
            .map(([a, b]) => [`${name}=${encode(a)}`, `${name}=${encode(b)}`]),
        },
      ),
    );
    const extra = fc.array(
      fc
        .tuple(nastyString, fc.oneof(nastyString.map(encode), nastyUrlText))
        .map(([k, v]) => `${encode(k)}=${v}`),
      { maxLength: 2 },
    );
    return fc
      .tuple(fc.tuple(...pairs), extra)
      .map(([chosen, more]) => [...chosen.flat(), ...more].join('&'))
      .map((query) => (query ? `?${query}` : ''));
  }

  /** The caller: the one the policy admits, mostly; sometimes nobody or a forged credential. */
  function credentials(operation: Operation): fc.Arbitrary<Record<string, string>> {
    const right: Record<string, string> =
      operation.policy === 'user'
        ? identities.user.headers
        : operation.policy === 'member' || operation.policy === 'admin'
          ? identities.admin.headers
          : operation.policy === 'nas'
            ? visitor
            : {};
    return fc.oneof(
      { weight: 8, arbitrary: fc.constant(right) },
      { weight: 1, arbitrary: fc.constant({}) },
      {
        weight: 1,
        arbitrary: fc.oneof(
          nastyString.map((s) => ({ authorization: `Bearer ${s.replace(/[^\x21-\x7e]/g, '')}` })),
          nastyString.map((s) => ({ authorization: `Basic ${Buffer.from(s).toString('base64')}` })),
          fc.constantFrom(
            { authorization: 'Basic' },
            { authorization: 'Bearer' },
            { authorization: 'Digest x' },
          ),
        ),
      },
    );
  }

  function body(
    operation: Operation,
    known: KnownValues,
  ): fc.Arbitrary<{ contentType?: string; payload?: string | Buffer }> {
    const asJson = (value: unknown) => ({
      contentType: 'application/json',
      payload: JSON.stringify(value) ?? 'null',
    });
    const strangeType = fc.constantFrom(
      'text/plain',
      'application/xml',
      'application/x-www-form-urlencoded',
      'application/json; charset=utf-16',
      'multipart/form-data',
      'foo',
      '',
    );
    const variants: Array<fc.WeightedArbitrary<{ contentType?: string; payload?: string | Buffer }>> = [
      { weight: 1, arbitrary: fc.constant({}) },
      {
        weight: 1,
        arbitrary: fc
          .tuple(strangeType, nastyString)
          .map(([contentType, payload]) => ({ contentType, payload })),
      },
    ];
    const schema = operation.jsonBody ?? {};
    if (operation.jsonBody) {
      variants.push(
        { weight: 3, arbitrary: conforming(schema, known).map(asJson) },
        { weight: 5, arbitrary: almostConforming(schema, known).map(asJson) },
      );
    } else variants.push({ weight: 1, arbitrary: fc.jsonValue({ maxDepth: 2 }).map(asJson) });
    variants.push({
      weight: operation.jsonBody ? 3 : 1,
      arbitrary: brokenJsonText(conforming(schema, known)).map((payload) => ({
        contentType: 'application/json',
        payload,
      })),
    });
    if (operation.multipart) variants.push({ weight: 8, arbitrary: multipartBodies(samplePdf) });
    return fc.oneof(...variants);
  }

  function requests(operation: Operation, known: KnownValues): fc.Arbitrary<FuzzRequest> {
    const path = fc.tuple(...operation.pathParams.map((name) => pathValue(operation, name))).map((values) => {
      let index = 0;
      return `/api${operation.path.replace(/\{\w+\}/g, () => values[index++] ?? '')}`;
    });
    const extraHeaders = fc.record(
      {
        accept: fc.constantFrom('*/*', 'application/json', 'text/html', 'image/avif', ''),
        'x-request-id': nastyString.map((s) => s.replace(/[^\x20-\x7e]/g, '').slice(0, 200)),
        'if-none-match': fc.string({ maxLength: 40 }).map((s) => s.replace(/[^\x20-\x7e]/g, '')),
      },
      { requiredKeys: [] },
    );
    return fc
      .record({
        path,
        query: queryString(operation, known),
        auth: credentials(operation),
        headers: extraHeaders,
        body: body(operation, known),
      })
      .map(({ path, query, auth, headers, body }) => {
        const all: Record<string, string> = { ...headers, ...auth };
        if (body.contentType !== undefined) all['content-type'] = body.contentType;
        const request: FuzzRequest = { method: operation.method, url: `${path}${query}`, headers: all };
        if (body.payload !== undefined) request.payload = body.payload;
        return Object.assign(request, {
          // fast-check prints this for a failing case instead of megabytes of body.
          [fc.toStringMethod]: () =>
            `${request.method} ${request.url.slice(0, 300)} ${JSON.stringify(all).slice(0, 300)} body: ${String(request.payload ?? '').slice(0, 300)}`,
        });
      });
  }

  /** A new session of the identity, with its device token once it has one. */
  async function logIn(who: 'user' | 'admin') {
    const identity = identities[who];
    const login = await t.call('POST', '/v1/login', null, {
      email: identity.email,
      password: identity.password,
      ...(deviceTokens[who] ? { deviceToken: deviceTokens[who] } : {}),
    });
    if (login.statusCode !== 200) throw new Error(`login of ${identity.email}: ${login.body}`);
    const { value, deviceToken } = json<{ value: string; deviceToken: string }>(login);
    deviceTokens[who] = deviceToken;
    Object.assign(identity, { token: value, headers: bearer(value) });
  }

  /**
   * Before each operation: sessions a fuzzed call ended (logout) are replaced, and a request a fuzzed
   * call closed (withdraw, decline, delete) by a new open one, so that later operations still reach
   * their handlers with real ids.
   */
  async function prepare(): Promise<void> {
    for (const who of ['user', 'admin'] as const) {
      const me = await t.call('GET', '/v1/user', identities[who]);
      if (me.statusCode !== 200) await logIn(who);
    }
    const current = await t.call('GET', `/v3/signature-requests/${fixture.request.id}`, identities.user);
    if (current.statusCode !== 200 || json<{ status_overall: string }>(current).status_overall !== 'OPEN')
      await openFixture();
  }

  /**
   * A request that never gets an answer fails as itself (fast-check then prints it), instead of the
   * whole test running into its time limit without saying which call hung.
   */
  async function answerWithin<T>(answer: Promise<T>, ms: number): Promise<T> {
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
    });
    try {
      return await Promise.race([answer, late]);
    } finally {
      clearTimeout(timer);
    }
  }

  function checkAnswer(response: LightMyRequestResponse): void {
    expect(response.statusCode).toBeLessThan(500);
    if (response.statusCode < 400) return;
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    const errorBody = response.json() as { statusCode: unknown; code: unknown; message: unknown };
    expect(errorBody.statusCode).toBe(response.statusCode);
    expect(typeof errorBody.code).toBe('string');
    expect(typeof errorBody.message).toBe('string');
  }

  it(`sends at least ${minimumRequests} malformed requests across every operation and gets no 5xx`, async () => {
    console.warn(`OpenAPI fuzz on ${kind}: FUZZ_SEED=${seed}`);
    const started = performance.now();
    const perOperation = Math.ceil(minimumRequests / operations.length);
    const sent = new Map<string, number>();
    // How deep the requests got: 2xx and the handlers' own 4xx, not only 400 and 401.
    const statuses = new Map<number, number>();
    for (const [index, operation] of operations.entries()) {
      await prepare();
      const name = `${operation.method} ${operation.path}`;
      // Built per operation, after prepare(): with the current sessions and fixture.
      const known: KnownValues = {
        uuids: [
          fixture.request.id,
          fixture.visitorSid,
          fixture.signerSid,
          fixture.attachmentId,
          businessId,
          adminId,
        ],
        emails: [identities.user.email, identities.admin.email, 'fuzz-observer@example.ch'],
        base64: ['', 'JVBERi0xLjQK', samplePdf.toString('base64')],
      };
      await fc.assert(
        fc.asyncProperty(requests(operation, known), async (request) => {
          sent.set(name, (sent.get(name) ?? 0) + 1);
          const response = await answerWithin(t.app.inject(request), answerTimeoutMs);
          statuses.set(response.statusCode, (statuses.get(response.statusCode) ?? 0) + 1);
          checkAnswer(response);
        }),
        { seed: seed + index, numRuns: perOperation },
      );
    }
    const total = [...sent.values()].reduce((a, b) => a + b, 0);
    console.warn(
      `OpenAPI fuzz on ${kind}: ${total} requests to ${sent.size} operations in ${Math.round((performance.now() - started) / 1000)} s; answers ${[
        ...statuses,
      ]
        .sort(([a], [b]) => a - b)
        .map(([status, count]) => `${status}×${count}`)
        .join(' ')}`,
    );
    expect(sent.size).toBe(operations.length);
    expect(total).toBeGreaterThanOrEqual(minimumRequests);
  }, 600_000);
});
