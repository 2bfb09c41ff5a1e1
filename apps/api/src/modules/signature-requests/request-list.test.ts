import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { SignatureRequest } from '@signet/contracts/signature-requests';
import { databaseKinds, json, samplePdf } from '../../../test/helpers.ts';
import { useTestApp, visitorSignature, type TestUser } from '../../../test/factories.ts';

// The dashboard page is built in one statement (request-list.repository.ts) while GET of one request
// still reads table by table: each list item must be exactly what GET answers. Keyset pages
// (`after` = an answer's `next`) must walk the whole list once, in order, ties included.

interface Page {
  items: SignatureRequest[];
  total: number;
  page: number;
  next: string | null;
}

describe.each(databaseKinds)('dashboard list pages on %s', (kind) => {
  const t = useTestApp(kind, {
    env: { SANDBOX: 'off' },
    users: {
      owner: { email: 'lister@example.ch', firstName: 'Lia', lastName: 'Lister' },
      signer: { email: 'listed@example.ch', firstName: 'Leo', lastName: 'Listed' },
    },
  });
  const { owner, signer } = t.users;

  const create = (title: string) =>
    t.request(owner, {
      status: 'DRAFT',
      title,
      documents: [{ title: 'doc', content: samplePdf }],
      signatures: ['listed@example.ch'],
    });
  const list = async (user: TestUser, query: string) => {
    const response = await t.call('GET', `/v3/signature-requests?${query}`, user);
    return {
      status: response.statusCode,
      body: json<Page>(response),
    };
  };

  it('narrows a filter to one status (the drafts tab), and refuses an unknown status', async () => {
    const draft = await create('Status draft');
    const sent = await create('Status sent');
    const initiated = await t.call('POST', `/v3/signature-requests/${sent.id}/initiate`, owner);
    expect(initiated.statusCode).toBe(200);

    const drafts = await list(owner, 'filter=all&status=DRAFT&search=Status');
    expect(drafts.body.items.map((item) => item.id)).toEqual([draft.id]);
    expect(drafts.body.total).toBe(1);
    const all = await list(owner, 'filter=all&search=Status');
    expect(all.body.items.map((item) => item.id).sort()).toEqual([draft.id, sent.id].sort());
    const open = await list(owner, 'filter=pending&status=OPEN&search=Status');
    expect(open.body.items.map((item) => item.id)).toEqual([sent.id]);
    // Drafts stay their owner's: the signer does not see them, with or without the status.
    expect((await list(signer, 'filter=all&status=DRAFT&search=Status')).body.total).toBe(0);
    expect((await list(owner, 'filter=all&status=PENDING')).status).toBe(400);
  });

  /** Every page of a query by cursor, `size` at a time. */
  async function walk(user: TestUser, query: string, size: number) {
    const seen: string[] = [];
    let after: string | null = null;
    for (let pages = 0; pages < 50; pages++) {
      const { status, body } = await list(user, `${query}&size=${size}${after ? `&after=${after}` : ''}`);
      expect(status).toBe(200);
      seen.push(...body.items.map((item) => item.id));
      if (!body.next) return seen;
      expect(body.items).toHaveLength(size);
      after = body.next;
    }
    throw new Error('the cursor never reached the end');
  }

  it('describes each request as GET does', async () => {
    const a = await t.request(owner, {
      title: 'Pages shape a',
      documents: [
        { title: 'first', content: samplePdf },
        { title: 'second', content: samplePdf },
      ],
      signatures: [signer.email, visitorSignature('visiting@example.ch', 'Vi', 'Siting')],
      observers: ['watching@example.ch', 'also.watching@example.ch'],
      signing_order: true,
    });
    const b = await t.request(owner, { title: 'Pages shape b', signatures: [signer.email] });
    const drafted = await t.request(owner, {
      status: 'DRAFT',
      title: 'Pages shape c',
      signatures: [signer.email],
    });
    const attached = await t.upload(`/v3/signature-requests/${b.id}/attachments`, owner, [
      { name: 'file', filename: 'notes.txt', contentType: 'text/plain', content: Buffer.from('notes\n') },
    ]);
    expect(attached.statusCode).toBe(201);
    const declined = await t.call('POST', `/v3/signature-requests/${a.id}/decline`, signer, {
      message: 'Not this week.',
    });
    expect(declined.statusCode).toBe(200);

    const asSigner = await list(signer, 'search=Pages shape&size=100');
    expect(asSigner.body.items.map((item) => item.id).sort()).toEqual([a.id, b.id].sort());
    for (const item of asSigner.body.items)
      expect(item).toEqual(json(await t.call('GET', `/v3/signature-requests/${item.id}`, signer)));

    // The owner's GET adds what only they see (mobiles, callback URLs); the rest is the list item.
    const asOwner = await list(owner, 'search=Pages shape&size=100');
    expect(asOwner.body.items.map((item) => item.id).sort()).toEqual([a.id, b.id, drafted.id].sort());
    for (const item of asOwner.body.items) {
      const one = json<SignatureRequest & Record<string, unknown>>(
        await t.call('GET', `/v3/signature-requests/${item.id}`, owner),
      );
      const { success_callback_url: _s, update_callback_url: _u, error_callback_url: _e, ...rest } = one;
      expect(item).toEqual({
        ...rest,
        signatures: rest.signatures.map(({ mobile_number: _m, ...signature }) => signature),
      });
    }
  });

  it('walks every filter by cursor in the order of the numbered pages, ties on the same instant included', async () => {
    for (let i = 0; i < 7; i++) await t.request(owner, { title: `Keyset ${i}`, signatures: [signer.email] });
    // Several entries changed in the same microsecond: the request id breaks the tie, and the cursor
    // must carry the instant exactly (a millisecond Date would skip or repeat them).
    await t.database.db.execute(
      sql`update signature_requests set updated_at = '2030-01-01 10:00:00.123456+00' where title in ('Keyset 1', 'Keyset 2', 'Keyset 3', 'Keyset 4')`,
    );
    const tied = (await t.database.db.execute(
      sql`select count(*)::int as n from request_list_entries where updated_at = '2030-01-01 10:00:00.123456+00'`,
    )) as unknown as { rows: Array<{ n: number }> };
    expect(tied.rows[0]!.n, 'the owner and the signer each have four entries of that instant').toBe(8);
    for (const query of ['filter=all&search=Keyset', 'filter=toSign&search=Keyset', 'filter=all']) {
      const whole = (await list(signer, `${query}&size=100`)).body;
      expect(whole.next).toBeNull();
      const ids = whole.items.map((item) => item.id);
      if (query.includes('Keyset')) expect(ids).toHaveLength(7);
      expect(await walk(signer, query, 2), query).toEqual(ids);
      expect(await walk(signer, query, 3), query).toEqual(ids);
      // A numbered page answers a cursor too, which continues where it ends.
      const second = (await list(signer, `${query}&size=2&page=2`)).body;
      const third = (await list(signer, `${query}&size=2&after=${second.next}`)).body;
      expect(third.items.map((item) => item.id)).toEqual(ids.slice(4, 6));
      expect(third.page).toBe(1);
      expect(third.total).toBe(whole.total);
    }
  });

  it('refuses a cursor it did not make, and a page number beside a cursor, naming the field', async () => {
    await t.request(owner, { title: 'Refused cursor', signatures: [signer.email] });
    const { next } = (await list(owner, 'size=1')).body;
    expect(next).toEqual(expect.any(String));
    for (const [query, field] of [
      ['after=not-a-cursor', 'querystring.after'],
      [
        `after=${Buffer.from("2030-01-01 10:00:00+00|x'; drop table users; --").toString('base64url')}`,
        'querystring.after',
      ],
      ['after=%21%21', 'querystring.after'],
      [
        `after=${Buffer.from('2030-02-31 10:00:00+00|0b93ee8b-bd03-46cf-babb-2c448a878409').toString('base64url')}`,
        'querystring.after',
      ],
      [`after=${next}&page=2`, 'querystring.page'],
    ] as const) {
      const response = await t.call('GET', `/v3/signature-requests?${query}`, owner);
      expect(response.statusCode, query).toBe(400);
      expect(json<{ code: string; field?: string }>(response), query).toMatchObject({
        code: 'VALIDATION_FAILED',
        field,
      });
    }
    // Well formed but not from this list: the largest and the smallest instant a cursor can name
    // are pages (everything, nothing), never a failed cast in the database.
    const firstPage = (await list(owner, 'size=5')).body.items.length;
    expect(firstPage).toBeGreaterThan(0);
    for (const [micros, total] of [
      ['9999999999999999', firstPage],
      ['0', 0],
    ] as const) {
      const cursor = Buffer.from(`${micros}|0b93ee8b-bd03-46cf-babb-2c448a878409`).toString('base64url');
      const { status, body } = await list(owner, `size=5&after=${cursor}`);
      expect(status, micros).toBe(200);
      expect(body.items.length, micros).toBe(total);
    }
  });
});
