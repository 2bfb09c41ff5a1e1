import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SignatureRequest } from '@signet/contracts/signature-requests';
import { bearer, createTestApp, databaseKinds, json, signUp, type TestApp } from '../../../test/helpers.ts';
import { samplePdf } from './request-fixtures.test-support.ts';

describe.each(databaseKinds)('dashboard list by status on %s', (kind) => {
  let t: TestApp;
  let owner: string;
  let signer: string;
  beforeAll(async () => {
    t = await createTestApp(kind, { env: { SANDBOX: 'off' } });
    owner = (await signUp(t, { email: 'lister@example.ch', firstName: 'Lia', lastName: 'Lister' })).token;
    signer = (await signUp(t, { email: 'listed@example.ch', firstName: 'Leo', lastName: 'Listed' })).token;
  });
  afterAll(() => t.close());

  const create = async (title: string) =>
    json<SignatureRequest>(
      await t.app.inject({
        method: 'POST',
        url: '/api/v3/signature-requests',
        headers: bearer(owner),
        payload: {
          title,
          documents: [{ title: 'doc', content: samplePdf.toString('base64') }],
          signatures: [{ account_email: 'listed@example.ch' }],
        },
      }),
    );
  const list = async (token: string, query: string) => {
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/v3/signature-requests?${query}`,
      headers: bearer(token),
    });
    return {
      status: response.statusCode,
      body: json<{ items: SignatureRequest[]; total: number }>(response),
    };
  };

  it('narrows a filter to one status (the drafts tab), and refuses an unknown status', async () => {
    const draft = await create('Status draft');
    const sent = await create('Status sent');
    const initiated = await t.app.inject({
      method: 'POST',
      url: `/api/v3/signature-requests/${sent.id}/initiate`,
      headers: bearer(owner),
    });
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
});
