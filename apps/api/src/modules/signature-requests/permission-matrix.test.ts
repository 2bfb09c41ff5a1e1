import { beforeAll, describe, expect, it } from 'vitest';
import { basicFor, databaseKinds, multipart, samplePdf, tinyPng } from '../../../test/helpers.ts';
import { cast, useTestApp } from '../../../test/factories.ts';
import { createFixture, type RequestFixture } from './request-fixtures.test-support.ts';

/**
 * Who may call what: every signature-request call, as the owner, an account signer, an observer,
 * another user, the request's own visitor and a visitor of another request. Calls that change
 * the request run on a fresh request for every caller they are expected to succeed for.
 */
type Role = 'owner' | 'signer' | 'observer' | 'stranger' | 'visitor' | 'foreignVisitor';
const roles: Role[] = ['owner', 'signer', 'observer', 'stranger', 'visitor', 'foreignVisitor'];

interface Call {
  name: string;
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  url: (f: RequestFixture) => string;
  body?: (f: RequestFixture) => unknown;
  upload?: boolean;
  /** Runs on a draft (with two documents) instead of an open request. */
  draft?: boolean;
  /** Changes the request: each caller expected to succeed gets a fresh one. */
  mutates?: boolean;
  expect: Record<Role, number>;
}

// Bearer callers on direct (nas) routes and visitors on user routes are unauthenticated: 401.
const userRead = { owner: 200, signer: 200, observer: 200, stranger: 404, visitor: 401, foreignVisitor: 401 };
const ownerOnly = (ok: number) => ({
  owner: ok,
  signer: 404,
  observer: 404,
  stranger: 404,
  visitor: 401,
  foreignVisitor: 401,
});
// Only a signer has a signature to decline or hand over; the owner and observers see the request: 403 NOT_A_SIGNER.
const signerOnly = {
  owner: 403,
  signer: 200,
  observer: 403,
  stranger: 404,
  visitor: 401,
  foreignVisitor: 401,
};
const directRead = {
  owner: 401,
  signer: 401,
  observer: 401,
  stranger: 401,
  visitor: 200,
  foreignVisitor: 404,
};
const r = (f: RequestFixture) => `/api/v3/signature-requests/${f.request.id}`;
const d = (f: RequestFixture) => `/api/v3/direct/signature-requests/${f.request.id}`;

// The calls that change the request (each caller expected to succeed gets a fresh one):
// [name, method, path after the request's URL, body, answers, on a draft (with two documents)].
const changes: Array<
  [string, Call['method'], (f: RequestFixture) => string, unknown, Record<Role, number>, 'draft'?]
> = [
  ['put', 'PUT', () => '', { title: 'Renamed' }, ownerOnly(200)],
  ['delete (draft)', 'DELETE', () => '', undefined, ownerOnly(204), 'draft'],
  ['initiate (draft)', 'POST', () => '/initiate', undefined, ownerOnly(200), 'draft'],
  ['decline', 'POST', () => '/decline', { message: 'No' }, signerOnly],
  ['withdraw', 'POST', () => '/withdraw', {}, ownerOnly(200)],
  ['remind', 'POST', () => '/remind', undefined, ownerOnly(200)],
  ['delegate', 'POST', () => '/delegate', { account_email: 'deputy@example.ch' }, signerOnly],
  ['add signer', 'POST', () => '/signatures', { account_email: 'extra@example.ch' }, ownerOnly(200)],
  ['remove signer', 'DELETE', (f) => `/signatures/${f.visitorSid}`, undefined, ownerOnly(204)],
  ['add observer', 'POST', () => '/observers', { email: 'more@example.ch' }, ownerOnly(200)],
  ['remove observer', 'DELETE', () => '/observers/watch%40example.ch', undefined, ownerOnly(204)],
  [
    'add document (draft)',
    'POST',
    () => '/documents',
    { title: 'more', content: samplePdf.toString('base64') },
    ownerOnly(200),
    'draft',
  ],
  [
    'remove document (draft)',
    'DELETE',
    (f) => `/documents/${f.request.documents[1]!.id}`,
    undefined,
    ownerOnly(204),
    'draft',
  ],
  ['delete attachment', 'DELETE', (f) => `/attachments/${f.attachmentId}`, undefined, ownerOnly(204)],
];

const calls: Call[] = [
  { name: 'get', method: 'GET', url: r, expect: userRead },
  { name: 'events', method: 'GET', url: (f) => `${r(f)}/events`, expect: userRead },
  { name: 'lock-status', method: 'GET', url: (f) => `${r(f)}/lock-status`, expect: userRead },
  { name: 'zip', method: 'GET', url: (f) => `${r(f)}/zip`, expect: userRead },
  { name: 'report JSON', method: 'GET', url: (f) => `${r(f)}/report?type=JSON`, expect: userRead },
  { name: 'report PDF', method: 'GET', url: (f) => `${r(f)}/report?type=PDF`, expect: userRead },
  {
    name: 'attachment',
    method: 'GET',
    url: (f) => `${r(f)}/attachments/${f.attachmentId}`,
    expect: userRead,
  },
  {
    name: 'attachment content',
    method: 'GET',
    url: (f) => `${r(f)}/attachments/${f.attachmentId}/content`,
    expect: userRead,
  },
  ...changes.map(([name, method, path, body, answers, draft]): Call => ({
    name,
    method,
    url: (f) => `${r(f)}${path(f)}`,
    ...(body === undefined ? {} : { body: () => body }),
    ...(draft ? { draft: true } : {}),
    mutates: true,
    expect: answers,
  })),
  {
    name: 'add attachment',
    method: 'POST',
    url: (f) => `${r(f)}/attachments`,
    upload: true,
    mutates: true,
    expect: ownerOnly(201),
  },
  {
    name: 'send-to summary',
    method: 'GET',
    url: (f) => `/api/v3/sendto/${f.visitor!.sendTo}/get-internal`,
    // Any signed-in user with the link (its own secret); a visitor's link is no account.
    expect: { owner: 200, signer: 200, observer: 200, stranger: 200, visitor: 401, foreignVisitor: 401 },
  },
  {
    name: 'send-to claim',
    method: 'POST',
    url: (f) => `/api/v3/sendto/${f.visitor!.sendTo}/claim`,
    mutates: true,
    // The account signer signs this request already: 409 ALREADY_A_SIGNER.
    expect: { owner: 200, signer: 409, observer: 200, stranger: 200, visitor: 401, foreignVisitor: 401 },
  },
  { name: 'direct get', method: 'GET', url: d, expect: directRead },
  { name: 'direct events', method: 'GET', url: (f) => `${d(f)}/events`, expect: directRead },
  { name: 'direct lock-status', method: 'GET', url: (f) => `${d(f)}/lock-status`, expect: directRead },
  { name: 'direct zip', method: 'GET', url: (f) => `${d(f)}/zip`, expect: directRead },
  { name: 'direct report', method: 'GET', url: (f) => `${d(f)}/report?type=JSON`, expect: directRead },
  {
    name: 'direct attachment content',
    method: 'GET',
    url: (f) => `${d(f)}/attachments/${f.attachmentId}/content`,
    expect: directRead,
  },
  {
    name: 'direct decline',
    method: 'POST',
    url: (f) => `${d(f)}/decline`,
    body: () => ({}),
    mutates: true,
    expect: directRead,
  },
];

describe.each(databaseKinds)('signature-request permissions on %s', (kind) => {
  const people = { signer: 'signer@example.ch', visitor: 'visitor@example.ch', observer: 'watch@example.ch' };
  const t = useTestApp(kind, {
    env: { SANDBOX: 'off' },
    users: cast('owner', 'signer', 'observer', 'stranger'),
  });
  const { users } = t;
  let shared: { open: RequestFixture; draft: RequestFixture; foreign: RequestFixture };
  beforeAll(async () => {
    shared = {
      open: await createFixture(t, users.owner, people),
      draft: await createFixture(t, users.owner, people, { draft: true }),
      foreign: await createFixture(t, users.stranger, { ...people, visitor: 'other-visitor@example.ch' }),
    };
  });

  const headersOf = (role: Role, f: RequestFixture): Record<string, string> => {
    // A draft's visitor was never invited: they hold no secret yet.
    if (role === 'visitor')
      return f.visitor?.headers ?? basicFor(f.visitorSid, 'never-issued'.padEnd(43, '0'));
    if (role === 'foreignVisitor') return shared.foreign.visitor!.headers;
    return users[role].headers;
  };

  it.each(calls)('$method $name', async (call) => {
    const outcome: Record<string, number> = {};
    for (const role of roles) {
      const expected = call.expect[role];
      const fresh = call.mutates && expected < 300;
      const fixture = fresh
        ? await createFixture(t, users.owner, people, { draft: call.draft })
        : call.draft
          ? shared.draft
          : shared.open;
      const upload = call.upload
        ? multipart([{ name: 'file', filename: 'more.png', contentType: 'image/png', content: tinyPng }])
        : null;
      const response = await t.app.inject({
        method: call.method,
        url: call.url(fixture),
        headers: { ...headersOf(role, fixture), ...upload?.headers },
        ...(upload
          ? { payload: upload.payload }
          : call.body
            ? { payload: call.body(fixture) as object }
            : {}),
      });
      outcome[role] = response.statusCode;
      if (response.statusCode === 404 && call.method === 'GET' && !call.url(fixture).includes('sendto'))
        // A denial never carries the request's bytes or data.
        expect(response.headers['content-type']).toContain('application/json');
    }
    expect(outcome).toEqual(call.expect);
  });
});
