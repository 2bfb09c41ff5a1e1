import { describe, expect, it } from 'vitest';
import { and, eq, ne } from 'drizzle-orm';
import type { SignatureRequest } from '@signet/contracts/signature-requests';
import { users } from '../../db/schema/accounts.ts';
import { observers, signatureRequests, signers } from '../../db/schema/signature-requests.ts';
import { requestListCounts, requestListEntries } from '../../db/schema/request-list.ts';
import { databaseKinds, json, samplePdf } from '../../../test/helpers.ts';
import { useTestApp, visitorSignature, type TestUser } from '../../../test/factories.ts';

// The dashboard reads request_list_entries, which database triggers keep (migration 0025). This test
// drives random sequences of every kind of change through the API and, after each step, compares the
// entries and counts with the dashboard worked out from scratch from the requests, signers, observers
// and users, as the list query did before the index existed.

/** A small seeded generator (mulberry32): a failing sequence is replayed from its seed. */
function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let x = Math.imul(a ^ (a >>> 15), 1 | a);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
}

describe.each(databaseKinds)('dashboard list index on %s', (kind) => {
  const t = useTestApp(kind, {
    // Signing reaches the sandbox's timestamp and revocation services over HTTP.
    listen: true,
    users: {
      ada: { email: 'ada.index@example.ch', firstName: 'Ada', lastName: 'Index' },
      ben: { email: 'ben.index@example.ch', firstName: 'Ben', lastName: 'Index' },
      cleo: { email: 'cleo.index@example.ch', firstName: 'Cleo', lastName: 'Index' },
    },
  });

  /** The dashboard as the list query worked it out: every user's requests with the filter each falls under. */
  async function fromScratch() {
    const db = t.database.db;
    const [people, requests, slots, watchers] = await Promise.all([
      db.select({ id: users.id, email: users.email }).from(users),
      db.select().from(signatureRequests),
      db.select().from(signers),
      db.select().from(observers),
    ]);
    const rows: string[] = [];
    for (const user of people)
      for (const r of requests) {
        const mine = slots.filter(
          (s) =>
            s.requestId === r.id &&
            (s.userId === user.id || (s.kind === 'account' && s.email === user.email)),
        );
        const involved =
          r.ownerId === user.id ||
          (r.status !== 'DRAFT' &&
            (mine.length > 0 || watchers.some((o) => o.requestId === r.id && o.email === user.email)));
        if (!involved) continue;
        const turn =
          r.status === 'OPEN' &&
          mine.some(
            (s) =>
              s.status === 'OPEN' &&
              (!r.signingOrder ||
                slots.every(
                  (e) => e.requestId !== r.id || e.sequence >= s.sequence || e.status === 'SIGNED',
                )),
          );
        const filter = turn
          ? 'toSign'
          : r.status === 'OPEN'
            ? 'pending'
            : r.status === 'SIGNED'
              ? 'completed'
              : r.status === 'DRAFT'
                ? 'draft'
                : 'declined';
        rows.push([user.id, r.id, filter, r.status, r.updatedAt.toISOString(), r.title].join('|'));
      }
    return rows.sort();
  }

  async function expectIndexRight(step: string) {
    const db = t.database.db;
    const entries = (await db.select().from(requestListEntries)).map((e) =>
      [e.userId, e.requestId, e.filter, e.status, e.updatedAt.toISOString(), e.title].join('|'),
    );
    const expected = await fromScratch();
    expect(entries.sort(), step).toEqual(expected);
    const counts = new Map<string, number>();
    for (const row of expected) {
      const [user, , filter, status] = row.split('|');
      const key = `${user}|${filter}|${status}`;
      counts.set(key, (counts.get(key) ?? 0) + 1);
    }
    const kept = await db.select().from(requestListCounts).where(ne(requestListCounts.n, 0));
    expect(kept.map((c) => `${c.userId}|${c.filter}|${c.status}|${c.n}`).sort(), step).toEqual(
      [...counts].map(([key, n]) => `${key}|${n}`).sort(),
    );
  }

  it('stays the dashboard worked out from scratch after random sequences of every kind of change', async () => {
    const { ada, ben, cleo } = t.users;
    const people: TestUser[] = [ada, ben, cleo];
    // Addresses without an account yet: one of them signs up halfway and takes over its slots.
    const newcomer = 'dora.index@example.ch';
    const addresses = [ada.email, ben.email, cleo.email, newcomer, 'eve.index@example.ch'];
    const next = random(17);
    const pick = <T>(items: T[]): T => items[Math.floor(next() * items.length)]!;
    const ids: string[] = [];
    const owners = new Map<string, TestUser>();

    /** A person with an open slot on an open request (someone who can sign, decline or hand over), if any. */
    const openSlot = async () => {
      const rows = await t.database.db
        .select({ id: signers.requestId, email: signers.email })
        .from(signers)
        .innerJoin(signatureRequests, eq(signatureRequests.id, signers.requestId))
        .where(
          and(eq(signers.status, 'OPEN'), eq(signers.kind, 'account'), eq(signatureRequests.status, 'OPEN')),
        );
      const slots = rows.flatMap((row) => {
        const person = people.find((p) => p.email === row.email);
        return person ? [{ id: row.id, person }] : [];
      });
      return slots.length ? pick(slots) : { id: pick(ids), person: pick(people) };
    };
    const asOwner = (method: 'POST' | 'PUT' | 'DELETE', path: string, body?: unknown) => {
      const id = pick(ids);
      return t.call(method, `/v3/signature-requests/${id}${path}`, owners.get(id), body);
    };

    const actions: Record<string, () => Promise<unknown>> = {
      create: async () => {
        const owner = pick(people);
        const slots = [...new Set(Array.from({ length: 1 + Math.floor(next() * 3) }, () => pick(addresses)))];
        const request = await t.request(owner, {
          status: next() < 0.3 ? 'DRAFT' : 'OPEN',
          title: `Index ${ids.length} ${pick(['lease', 'offer', 'loan'])}`,
          documents: [{ title: 'doc', content: samplePdf }],
          signing_order: next() < 0.5,
          // A visitor's slot never reaches an account with the same address.
          signatures: slots.map((email) => (next() < 0.2 ? visitorSignature(email, 'Vi', 'Sitor') : email)),
          observers: next() < 0.5 ? [pick(addresses)] : [],
        });
        ids.push(request.id);
        owners.set(request.id, owner);
      },
      send: () => asOwner('POST', '/initiate'),
      sign: async () => {
        const { id, person } = await openSlot();
        return t.call('POST', '/v3/sign', person, { signatureRequests: [{ id }] });
      },
      sign_again: async () => {
        const { id, person } = await openSlot();
        return t.call('POST', '/v3/sign', person, { signatureRequests: [{ id }] });
      },
      decline: async () => {
        const { id, person } = await openSlot();
        return t.call('POST', `/v3/signature-requests/${id}/decline`, person, {});
      },
      delegate: async () => {
        const { id, person } = await openSlot();
        return t.call('POST', `/v3/signature-requests/${id}/delegate`, person, {
          account_email: pick(addresses),
        });
      },
      withdraw: () => asOwner('POST', '/withdraw', {}),
      delete: async () => {
        const id = pick(ids);
        const response = await t.call('DELETE', `/v3/signature-requests/${id}`, owners.get(id));
        if (response.statusCode === 204 && ids.length > 1) ids.splice(ids.indexOf(id), 1);
        return response;
      },
      observe: () => asOwner('POST', '/observers', { email: pick(addresses) }),
      unobserve: () => asOwner('DELETE', `/observers/${encodeURIComponent(pick(addresses))}`),
      retitle: () => asOwner('PUT', '', { title: `Renamed ${ids.length}` }),
    };
    await actions.create!();
    for (let step = 0; step < 30; step++) {
      if (step === 15) {
        people.push(await t.user({ email: newcomer, firstName: 'Dora', lastName: 'Index' }));
        await expectIndexRight('after the newcomer signed up');
      }
      const name = step % 5 === 0 ? 'create' : pick(Object.keys(actions));
      const result = await actions[name]!();
      if (result && typeof result === 'object' && 'statusCode' in result)
        expect(result.statusCode as number, name).toBeLessThan(500);
      await expectIndexRight(`step ${step}: ${name}`);
    }

    // The API serves each filter from the index in the dashboard's order with its total.
    const expected = await fromScratch();
    for (const user of people)
      for (const filter of ['all', 'toSign', 'pending', 'declined', 'completed'] as const) {
        const response = await t.call('GET', `/v3/signature-requests?filter=${filter}&size=100`, user);
        const body = json<{ items: SignatureRequest[]; total: number }>(response);
        const rows = expected
          .map((row) => row.split('|'))
          .filter(([u, , f]) => u === user.id && (filter === 'all' || f === filter))
          .sort((a, b) => (b[4]! === a[4]! ? (b[1]! > a[1]! ? 1 : -1) : b[4]! > a[4]! ? 1 : -1));
        expect(
          body.items.map((item) => item.id),
          `${user.email} ${filter}`,
        ).toEqual(rows.map((row) => row[1]));
        expect(body.total).toBe(rows.length);
      }
    expect(
      new Set(expected.map((row) => row.split('|')[2])).size,
      'the sequence reached several filters',
    ).toBeGreaterThan(2);
  }, 180_000);
});
