import { describe, expect, it } from 'vitest';
import { inspectPdf } from '@signet/pdf';
import { corpus, databaseKinds, deliveredMails, json, visitorLink } from '../../../test/helpers.ts';
import { cast, useTestApp, type TestUser, visitorSignature } from '../../../test/factories.ts';
import type { SignatureRequest } from '@signet/contracts/signature-requests';

describe.each(databaseKinds)('signature requests on %s', (kind) => {
  const t = useTestApp(kind, {
    env: { SANDBOX: 'off' },
    users: cast('owner', 'signer', 'stranger'),
  });
  const { owner, signer, stranger } = t.users;

  const createRequest = async (extra: Record<string, unknown> = {}) => {
    const response = await t.call('POST', '/v3/signature-requests', owner, {
      title: 'Lease',
      message: 'Please sign by Friday',
      documents: [
        { title: 'lease', content: corpus('basic-pdf15-libreoffice-writer.pdf').toString('base64') },
      ],
      signatures: [
        {
          account_email: 'signer@example.ch',
          visual_signatures: [{ position: { page: 1, x: 50, y: 600 } }],
        },
        visitorSignature('visitor@example.ch', 'Vera', 'Visitor', {
          mobile_number: '+41791234567',
          language: 'de-ch',
        }),
      ],
      observers: ['watch@example.ch'],
      quality: 'ses',
      ...extra,
    });
    return response;
  };

  it('creates a draft only its owner sees, then sends it with fields and invitations', async () => {
    const created = await createRequest();
    expect(created.statusCode).toBe(201);
    const draft = json<SignatureRequest>(created);
    expect(draft).toMatchObject({
      status_overall: 'DRAFT',
      signatures_count: 2,
      observers: ['watch@example.ch'],
      redirect_timeout: 45,
    });
    expect(draft.signatures[0]!.visual_signatures[0]!.position).toEqual({
      page: 1,
      x: 50,
      y: 600,
      width: 300,
      height: 140,
    });
    expect((await t.call('GET', `/v3/signature-requests/${draft.id}`, signer)).statusCode).toBe(404);

    const sent = await t.call('POST', `/v3/signature-requests/${draft.id}/initiate`, owner);
    expect(sent.statusCode).toBe(200);
    const open = json<SignatureRequest>(sent);
    expect(open.status_overall).toBe('OPEN');
    expect(open.signatures[0]).toMatchObject({ first_name: 'Sam', last_name: 'Signer', can_sign_now: true });

    const download = await t.call('GET', `/v3/documents/${open.documents[0]!.id}/download`, owner);
    const info = await inspectPdf(download.rawPayload);
    const names = info.signatureFields.map((f) => f.name).sort();
    expect(names).toEqual(open.signatures.map((s) => `Signature-${s.sid}`).sort());
    const visible = info.signatureFields.find((f) => f.name === `Signature-${open.signatures[0]!.sid}`)!;
    expect(visible.rect).toMatchObject({
      x: expect.closeTo(50, 1),
      y: expect.closeTo(600, 1),
      width: expect.closeTo(300, 1),
      height: expect.closeTo(140, 1),
    });
    expect(
      Buffer.compare(
        download.rawPayload.subarray(0, corpus('basic-pdf15-libreoffice-writer.pdf').length),
        corpus('basic-pdf15-libreoffice-writer.pdf'),
      ),
    ).toBe(0);

    const invitation = (await deliveredMails(t, 'visitor@example.ch'))[0]!;
    expect(invitation.subject).toBe('Olga Owner bittet Sie, «Lease» zu unterschreiben');
    expect(invitation.text).toContain(`/view/${open.id}/${open.signatures[1]!.sid}#`);
    expect((await deliveredMails(t, 'signer@example.ch'))[0]!.text).toContain('Please sign by Friday');

    // The owner sees the visitor's mobile (the editor sends the signer list back whole); a signer does not.
    expect(draft.signatures.map((s) => s.mobile_number)).toEqual([null, '+41791234567']);
    const asSigner = await t.call('GET', `/v3/signature-requests/${open.id}`, signer);
    expect(asSigner.statusCode).toBe(200);
    expect(json<SignatureRequest>(asSigner).signatures.map((s) => s.mobile_number)).toEqual([
      undefined,
      undefined,
    ]);
    expect(asSigner.body).not.toContain('41791234567');
    expect((await t.call('GET', `/v3/signature-requests/${open.id}`, stranger)).statusCode).toBe(404);
    expect((await t.call('POST', `/v3/signature-requests/${open.id}/initiate`, owner)).statusCode).toBe(409);
  });

  it('lets a visitor reach exactly their request with direct credentials', async () => {
    const open = json<SignatureRequest>(
      await t.call(
        'POST',
        `/v3/signature-requests/${json<SignatureRequest>(await createRequest()).id}/initiate`,
        owner,
      ),
    );
    const visitor = open.signatures[1]!;
    const basic = (await visitorLink(t, 'visitor@example.ch', open.id)).headers;
    const own = await t.call('GET', `/v3/direct/signature-requests/${open.id}`, basic);
    expect(own.statusCode).toBe(200);
    expect(json<SignatureRequest>(own).signature_status).toBe('OPEN');
    const page = await t.call('GET', `/v3/direct/documents/${open.documents[0]!.id}/pages/1?scale=20`, basic);
    expect(page.headers['content-type']).toBe('image/png');

    const other = json<SignatureRequest>(await createRequest());
    expect((await t.call('GET', `/v3/direct/signature-requests/${other.id}`, basic)).statusCode).toBe(404);
    expect((await t.call('GET', `/v3/signature-requests/${open.id}`, basic)).statusCode).toBe(401);
    const wrongPair = {
      authorization: `Basic ${Buffer.from(`${visitor.sid}:${other.id}`).toString('base64')}`,
    };
    expect((await t.call('GET', `/v3/direct/signature-requests/${other.id}`, wrongPair)).statusCode).toBe(
      401,
    );
  });

  it('lists requests by dashboard filter for each participant', async () => {
    const open = json<SignatureRequest>(
      await t.call(
        'POST',
        `/v3/signature-requests/${json<SignatureRequest>(await createRequest({ title: 'Filter me' })).id}/initiate`,
        owner,
      ),
    );
    const ids = async (token: TestUser, filter: string) =>
      json<{ items: SignatureRequest[] }>(
        await t.call('GET', `/v3/signature-requests?filter=${filter}&search=Filter`, token),
      ).items.map((i) => i.id);
    expect(await ids(signer, 'toSign')).toEqual([open.id]);
    expect(await ids(owner, 'toSign')).toEqual([]);
    expect(await ids(owner, 'pending')).toEqual([open.id]);
    expect(await ids(owner, 'all')).toEqual([open.id]);
    expect(await ids(stranger, 'all')).toEqual([]);
    const bad = await t.call('GET', '/v3/signature-requests?filter=mine', owner);
    expect(json(bad)).toMatchObject({ code: 'VALIDATION_FAILED', field: 'querystring.filter' });
  });

  it('filters follow drafts, signing order, observers, visitor slots and declines', async () => {
    const watcher = await t.user({ email: 'watch@example.ch', firstName: 'Wim', lastName: 'Watch' });
    const send = async (title: string, extra: Record<string, unknown>) => {
      const draft = json<SignatureRequest>(await createRequest({ title, ...extra }));
      await t.call('POST', `/v3/signature-requests/${draft.id}/initiate`, owner);
      return draft.id;
    };
    const account = (email: string) => ({ account_email: email });
    const draft = json<SignatureRequest>(await createRequest({ title: 'Order draft' })).id;
    const ordered = await send('Order strict', {
      signing_order: true,
      signatures: [account('stranger@example.ch'), account('signer@example.ch')],
    });
    const asVisitorSlot = await send('Order visitor slot', {
      signatures: [visitorSignature('signer@example.ch', 'Sam', 'Signer', { language: 'en-gb' })],
    });
    const toDecline = await send('Order declined', { signatures: [account('signer@example.ch')] });
    const declined = await t.call('POST', `/v3/signature-requests/${toDecline}/decline`, signer, {
      message: 'Not me',
    });
    expect(declined.statusCode).toBe(200);

    const ids = async (token: TestUser, filter: string) =>
      json<{ items: SignatureRequest[]; total: number }>(
        await t.call('GET', `/v3/signature-requests?filter=${filter}&search=Order&size=100`, token),
      )
        .items.map((i) => i.id)
        .sort();
    const sorted = (...list: string[]) => list.sort();
    expect(await ids(owner, 'all')).toEqual(sorted(draft, ordered, asVisitorSlot, toDecline));
    // The second signer waits for the first; a visitor slot with their address is not theirs.
    expect(await ids(signer, 'toSign')).toEqual([]);
    expect(await ids(signer, 'pending')).toEqual([ordered]);
    expect(await ids(signer, 'all')).toEqual(sorted(ordered, toDecline));
    expect(await ids(stranger, 'toSign')).toEqual([ordered]);
    expect(await ids(owner, 'declined')).toEqual([toDecline]);
    expect(await ids(owner, 'pending')).toEqual(sorted(ordered, asVisitorSlot));
    expect(await ids(owner, 'completed')).toEqual([]);
    // Observers see sent requests only, never the draft.
    expect(await ids(watcher, 'all')).toEqual(sorted(ordered, asVisitorSlot, toDecline));
  });

  it('keeps a hash-chained audit trail', async () => {
    const draft = json<SignatureRequest>(await createRequest());
    await t.call('POST', `/v3/signature-requests/${draft.id}/initiate`, owner);
    const trail = json<{ chain_valid: boolean; events: Array<{ type: string }> }>(
      await t.call('GET', `/v3/signature-requests/${draft.id}/events`, owner),
    );
    expect(trail.chain_valid).toBe(true);
    expect(trail.events.map((e) => e.type)).toEqual(['created', 'initiated']);
    await t.database.db.execute(
      `update request_events set data = '{"title":"forged"}' where request_id = '${draft.id}' and seq = 1` as never,
    );
    const tampered = json<{ chain_valid: boolean }>(
      await t.call('GET', `/v3/signature-requests/${draft.id}/events`, owner),
    );
    expect(tampered.chain_valid).toBe(false);
  });

  it("autocompletes the addresses of the people in the caller's own requests", async () => {
    expect((await createRequest()).statusCode).toBe(201);
    const complete = async (token: TestUser, q: string) =>
      json<{ emails: string[] }>(
        await t.call('GET', `/v1/email_input_autocomplete?q=${encodeURIComponent(q)}`, token),
      ).emails;
    expect(await complete(owner, 'VIS')).toEqual(['visitor@example.ch']);
    expect(await complete(owner, 'w')).toEqual(['watch@example.ch']);
    const s = await complete(owner, 's');
    expect(s).toContain('signer@example.ch');
    expect(s.every((email) => email.startsWith('s'))).toBe(true);
    expect(await complete(owner, 'o')).toEqual(['owner@example.ch']);
    // LIKE wildcards in the query are taken literally.
    expect(await complete(owner, '%')).toEqual([]);
    // Another user's requests are not theirs to search.
    expect(await complete(stranger, 'vis')).toEqual([]);
  });

  it('lets a requester who signs at SES only ask each signer for any quality (the signer needs it, not the sender)', async () => {
    const detail = json<{ highestQuality: string }>(
      await t.call('GET', '/v3/user/signature-qualities-detail', owner),
    );
    expect(detail.highestQuality).toBe('ses');
    const created = await createRequest({ quality: 'qes', legislation: 'eidas' });
    expect(created.statusCode, created.body).toBe(201);
    const draft = json<SignatureRequest>(created);
    const asked = await t.call('PUT', `/v3/signature-requests/${draft.id}`, owner, {
      signatures: [
        { account_email: 'signer@example.ch', quality: 'aes' },
        { ...visitorSignature('visitor@example.ch', 'Vera', 'V'), quality: 'part11' },
      ],
    });
    expect(asked.statusCode, asked.body).toBe(200);
    const sent = await t.call('POST', `/v3/signature-requests/${draft.id}/initiate`, owner);
    expect(sent.statusCode, sent.body).toBe(200);
    expect(json<SignatureRequest>(sent).signatures.map((s) => s.quality)).toEqual(['aes', 'part11']);
    expect(json<SignatureRequest>(sent)).toMatchObject({ quality: 'qes', status_overall: 'OPEN' });
  });

  it("starts a request with the owner's default quality and legislation unless the call names them", async () => {
    const planner = await t.user();
    const plain = await t.request(planner, { status: 'DRAFT' });
    expect([plain.quality, plain.legislation]).toEqual(['ses', 'zertes']);
    await t.call('PUT', '/v1/user', planner, {
      attributes: { default_quality: 'qes', default_legislation: 'eidas' },
    });
    const defaulted = await t.request(planner, { status: 'DRAFT' });
    expect([defaulted.quality, defaulted.legislation]).toEqual(['qes', 'eidas']);
    const named = await t.request(planner, { status: 'DRAFT', quality: 'aes', legislation: 'zertes' });
    expect([named.quality, named.legislation]).toEqual(['aes', 'zertes']);
  });

  it('refuses a box outside the page, naming it', async () => {
    const response = await createRequest({
      signatures: [
        { account_email: 'signer@example.ch', visual_signatures: [{ position: { page: 1, x: 500, y: 10 } }] },
      ],
    });
    expect(response.statusCode).toBe(400);
    expect(json(response)).toMatchObject({
      code: 'VALIDATION_FAILED',
      field: 'signatures.0.visual_signatures.0.position',
    });
    const page = await createRequest({
      signatures: [
        { account_email: 'signer@example.ch', visual_signatures: [{ position: { page: 2, x: 5, y: 10 } }] },
      ],
    });
    expect(json(page)).toMatchObject({ field: 'signatures.0.visual_signatures.0.position.page' });
  });

  it('cleans redirect URLs and clamps the timeout as the spec says', async () => {
    const response = await createRequest({
      exit_url: 'javascript:alert(1)',
      error_url: 'https://example.ch/error',
      redirect_timeout: 5,
    });
    expect(json(response)).toMatchObject({
      exit_url: null,
      error_url: 'https://example.ch/error',
      redirect_timeout: 10,
    });
    expect(json(await createRequest({ redirect_timeout: 0 }))).toMatchObject({ redirect_timeout: 0 });
    expect(json(await createRequest({ redirect_timeout: 500 }))).toMatchObject({ redirect_timeout: 90 });
  });
});
