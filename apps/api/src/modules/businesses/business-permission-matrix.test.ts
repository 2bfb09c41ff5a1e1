import { beforeAll, describe, expect, it } from 'vitest';
import type { Endpoint } from '@signet/contracts/endpoint';
import { allEndpoints } from '@signet/contracts/endpoints/all';
import { databaseKinds, json, visitorLink, type VisitorLink } from '../../../test/helpers.ts';
import { cast, useTestApp, visitorSignature, type TestBusiness } from '../../../test/factories.ts';

/**
 * Who may call what, for every call that names a business (`/v1|v2/businesses/:businessId/…`):
 * read from the contracts, so a call added later is in the matrix without anybody listing it.
 * Callers: the business's admin, one of its members, the admin of another business, a user
 * without a business, a visitor (a signing link's credentials) and nobody. The refusals are
 * checked for every call (the gate answers before the body is read, so no body is needed);
 * admins and members are checked to pass the gate with every read (GET). The success and the
 * failures of each call's own logic are in the call's own tests.
 */
type Caller = 'admin' | 'member' | 'rival' | 'loner' | 'visitor' | 'nobody';
type Answer = [status: number, code: string] | 'passes';

type Policy = 'admin' | 'member' | 'user' | 'public';
const everybody: Record<Caller, Answer> = {
  admin: 'passes',
  member: 'passes',
  rival: 'passes',
  loner: 'passes',
  visitor: 'passes',
  nobody: 'passes',
};
const refusals: Record<Policy, Record<Caller, Answer>> = {
  // What a business shows the world (its logo, for mail clients) and every signed-in person (its
  // name and logo): nothing an admin keeps to the business.
  public: everybody,
  user: { ...everybody, visitor: [401, 'UNAUTHENTICATED'], nobody: [401, 'UNAUTHENTICATED'] },
  admin: {
    admin: 'passes',
    member: [403, 'BUSINESS_ADMINS_ONLY'],
    rival: [404, 'NOT_FOUND'],
    loner: [403, 'BUSINESS_MEMBERS_ONLY'],
    visitor: [401, 'UNAUTHENTICATED'],
    nobody: [401, 'UNAUTHENTICATED'],
  },
  member: {
    admin: 'passes',
    member: 'passes',
    rival: [404, 'NOT_FOUND'],
    loner: [403, 'BUSINESS_MEMBERS_ONLY'],
    visitor: [401, 'UNAUTHENTICATED'],
    nobody: [401, 'UNAUTHENTICATED'],
  },
};

const namingABusiness = allEndpoints.filter((endpoint) =>
  /^\/v[12]\/businesses\/:businessId(\/|$)/.test(endpoint.path),
);

describe.each(databaseKinds)('the business permission matrix on %s', (kind) => {
  const t = useTestApp(kind, { users: cast('admin', 'member', 'rival', 'loner') });
  const seal = 'matrix-seal';
  let business: TestBusiness;
  let visitor: VisitorLink;

  beforeAll(async () => {
    const { admin, member, rival } = t.users;
    business = await t.business(admin);
    await t.member(business, member);
    await t.business(rival, { name: 'Rival GmbH', email: 'info@rival.ch' });
    const created = await t.call('POST', `/v1/businesses/${business.id}/seals`, admin, {
      accountName: seal,
      displayName: 'Matrix Seal',
    });
    expect(created.statusCode).toBe(201);
    const request = await t.request(admin, {
      signatures: [visitorSignature('visitor@example.ch', 'Vera', 'Visitor')],
    });
    visitor = await visitorLink(t, 'visitor@example.ch', request.id);
  });

  /** The call's URL with its parameters filled in from the fixture. */
  const urlOf = (endpoint: Endpoint): string =>
    endpoint.path.replace(/:(\w+)/g, (_, name: string) => {
      const values: Record<string, string> = {
        businessId: business.id,
        name: seal,
        userId: t.users.member.id,
        domain: 'matrix.example',
        sha256: '0'.repeat(64),
        intentId: 'seti_matrix',
      };
      // A parameter without a fixture value gets a well-formed one that names nothing.
      return encodeURIComponent(values[name] ?? '00000000-0000-4000-8000-000000000000');
    });

  const headersOf = (caller: Caller) =>
    caller === 'nobody' ? null : caller === 'visitor' ? visitor.headers : t.users[caller].headers;

  it('lists the calls it checks (every business call of the contracts)', () => {
    // Guards the filter itself: if the path pattern stopped matching, the matrix would check nothing.
    expect(namingABusiness.length).toBeGreaterThanOrEqual(20);
    for (const endpoint of namingABusiness) expect(Object.keys(refusals)).toContain(endpoint.auth);
  });

  it.each(namingABusiness.map((endpoint) => [`${endpoint.method} ${endpoint.path}`, endpoint] as const))(
    '%s: each caller gets the answer of its policy',
    async (_, endpoint) => {
      const policy = endpoint.auth as Policy;
      const answers: string[] = [];
      const expected: string[] = [];
      for (const [caller, answer] of Object.entries(refusals[policy]) as Array<[Caller, Answer]>) {
        if (answer === 'passes' && endpoint.method !== 'GET') continue;
        const response = await t.call(
          endpoint.method as 'GET' | 'POST' | 'PUT' | 'DELETE',
          urlOf(endpoint),
          headersOf(caller),
        );
        const code = response.statusCode < 400 ? '' : String(json(response).code);
        // A read that passes the gate may still find nothing behind a parameter without a fixture
        // value; it must not be refused by the gate.
        const gateCodes = ['UNAUTHENTICATED', 'BUSINESS_ADMINS_ONLY', 'BUSINESS_MEMBERS_ONLY', 'FORBIDDEN'];
        const passed =
          !gateCodes.includes(code) && !(code === 'NOT_FOUND' && /No such business/.test(response.body));
        answers.push(
          `${caller}: ${answer === 'passes' ? (passed ? 'passes' : `${response.statusCode} ${code}`) : `${response.statusCode} ${code}`}`,
        );
        expected.push(`${caller}: ${answer === 'passes' ? 'passes' : `${answer[0]} ${answer[1]}`}`);
      }
      expect(answers).toEqual(expected);
    },
  );

  it('a removed member loses every call of the business at once', async () => {
    const { admin, member } = t.users;
    const removed = await t.call('POST', `/v1/businesses/${business.id}/remove-members`, admin, {
      user_ids: [member.id],
    });
    expect(removed.statusCode).toBe(204);
    const answer = await t.call('GET', `/v1/businesses/${business.id}`, member);
    expect([answer.statusCode, json(answer).code]).toEqual([403, 'BUSINESS_MEMBERS_ONLY']);
  });
});
