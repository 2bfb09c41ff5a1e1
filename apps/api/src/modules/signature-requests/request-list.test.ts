import { describe, expect, it } from 'vitest';
import type { SignatureRequest } from '@signet/contracts/signature-requests';
import { databaseKinds, json, samplePdf } from '../../../test/helpers.ts';
import { useTestApp, type TestUser } from '../../../test/factories.ts';

describe.each(databaseKinds)('dashboard list by status on %s', (kind) => {
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
      body: json<{ items: SignatureRequest[]; total: number }>(response),
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
});
