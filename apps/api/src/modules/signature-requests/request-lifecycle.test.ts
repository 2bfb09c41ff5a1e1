import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { unzipSync, strFromU8 } from 'fflate';
import { afterAll, describe, expect, it } from 'vitest';
import { inspectPdf } from '@signet/pdf';
import type { SignatureReport, SignatureRequest } from '@signet/contracts/signature-requests';
import { databaseKinds, deliveredMails, json, samplePdf, tinyPng } from '../../../test/helpers.ts';
import { cast, expectHandedLink, useTestApp } from '../../../test/factories.ts';
import { createFixture } from './request-fixtures.test-support.ts';

const scratch = mkdtempSync(join(tmpdir(), 'signet-requests-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe.each(databaseKinds)('signature request lifecycle on %s', (kind) => {
  const t = useTestApp(kind, {
    env: { SANDBOX: 'off' },
    // The observer's account speaks French.
    users: { ...cast('owner', 'signer', 'stranger'), observer: { email: 'watch@example.ch', lang: 'fr-ch' } },
  });
  const { owner, signer, observer, stranger } = t.users;
  /** Distinct visitor addresses per test, so each test reads only its own mails. */
  const people = () => ({
    signer: 'signer@example.ch',
    visitor: t.email('visitor'),
    observer: 'watch@example.ch',
  });
  const download = async (documentId: string) =>
    (await t.call('GET', `/v3/documents/${documentId}/download`, owner)).rawPayload;
  const fieldNames = async (documentId: string) =>
    (await inspectPdf(await download(documentId))).signatureFields.map((f) => f.name).sort();
  const report = async (id: string) =>
    json<SignatureReport>(await t.call('GET', `/v3/signature-requests/${id}/report`, owner));
  const clearOutbox = () =>
    deliveredMails(t).then(() => t.database.db.execute('delete from mail_outbox' as never));
  const markSigned = (sid: string) =>
    t.database.db.execute(
      `update signers set status = 'SIGNED', signed_at = now() where id = '${sid}'` as never,
    );

  it('PUT on an open request rebuilds the fields from the version before them and invites new signers', async () => {
    const f = await createFixture(t, owner, people());
    await clearOutbox();
    const response = await t.call('PUT', `/v3/signature-requests/${f.request.id}`, owner, {
      title: 'Lease 2',
      redirect_timeout: 3,
      exit_url: null,
      signatures: [
        {
          account_email: 'signer@example.ch',
          visual_signatures: [{ position: { page: 1, x: 100, y: 500 } }],
        },
        { account_email: 'newcomer@example.ch' },
      ],
    });
    expect(response.statusCode).toBe(200);
    const updated = json<SignatureRequest>(response);
    expect(updated).toMatchObject({ title: 'Lease 2', redirect_timeout: 10, exit_url: null });
    // The kept signer keeps their id (and so their link); the visitor is gone; the newcomer is new.
    expect(updated.signatures.map((s) => s.sid)).toContain(f.signerSid);
    expect(updated.signatures.map((s) => s.sid)).not.toContain(f.visitorSid);
    const documentId = updated.documents[0]!.id;
    expect(await fieldNames(documentId)).toEqual(updated.signatures.map((s) => `Signature-${s.sid}`).sort());
    const pdf = await download(documentId);
    expect(Buffer.compare(pdf.subarray(0, samplePdf.length), samplePdf)).toBe(0);
    const field = (await inspectPdf(pdf)).signatureFields.find((x) => x.name === `Signature-${f.signerSid}`)!;
    expect(field.rect).toMatchObject({ x: expect.closeTo(100, 1), y: expect.closeTo(500, 1) });
    const versions = (await report(f.request.id)).documents[0]!.versions.map((v) => v.reason);
    expect(versions).toEqual(['upload', 'signature fields', 'signature fields']);
    // Only the newcomer is invited; the kept signer was invited before.
    const mails = await deliveredMails(t);
    expect(mails.map((m) => m.to)).toEqual(['newcomer@example.ch']);
    expect(mails[0]!.subject).toBe('Olga Owner asks you to sign "Lease 2"');

    await markSigned(f.signerSid);
    const late = await t.call('PUT', `/v3/signature-requests/${f.request.id}`, owner, { title: 'Too late' });
    expect(late.statusCode).toBe(409);
    expect(json(late)).toMatchObject({ code: 'REQUEST_NOT_EDITABLE' });
  });

  it('declines as a signer and as a visitor, telling the owner and the other signers', async () => {
    const p = people();
    const f = await createFixture(t, owner, p);
    await clearOutbox();
    const declined = await t.call('POST', `/v3/signature-requests/${f.request.id}/decline`, signer, {
      message: 'Wrong rent',
    });
    expect(declined.statusCode).toBe(200);
    expect(json(declined)).toMatchObject({
      request: { status_overall: 'DECLINED', signature_status: 'DECLINED' },
      redirect_url: 'https://example.ch/exit',
      redirect_timeout: 45,
    });
    const mails = await deliveredMails(t);
    expect(mails.map((m) => m.to).sort()).toEqual([p.visitor, 'owner@example.ch'].sort());
    expect(mails.find((m) => m.to === 'owner@example.ch')!.text).toContain('Wrong rent');
    expect(mails.find((m) => m.to === p.visitor)!.subject).toBe(
      'Sam Signer hat die Unterschrift für «Lease» abgelehnt',
    );
    const again = await t.call(
      'POST',
      `/v3/direct/signature-requests/${f.request.id}/decline`,
      f.visitor!.headers,
      {},
    );
    expect(json(again)).toMatchObject({ code: 'SIGNATURE_REQUEST_NOT_OPEN' });

    const g = await createFixture(t, owner, people());
    await t.call('PUT', `/v3/signature-requests/${g.request.id}`, owner, {
      decline_url: 'https://example.ch/declined',
    });
    await clearOutbox();
    const direct = await t.call(
      'POST',
      `/v3/direct/signature-requests/${g.request.id}/decline`,
      g.visitor!.headers,
      {},
    );
    expect(json(direct)).toMatchObject({
      redirect_url: 'https://example.ch/declined',
      request: { status_overall: 'DECLINED' },
    });
    expect((await deliveredMails(t)).map((m) => m.to).sort()).toEqual([
      'owner@example.ch',
      'signer@example.ch',
    ]);
    const trail = json<{ events: Array<{ type: string; actor: string }> }>(
      await t.call('GET', `/v3/signature-requests/${g.request.id}/events`, owner),
    );
    expect(trail.events.at(-1)).toMatchObject({ type: 'declined', actor: `visitor:${g.visitorSid}` });
  });

  it('withdraws: open signers and observers are told, signers who signed are not; then it can be deleted', async () => {
    const p = people();
    const f = await createFixture(t, owner, p);
    await markSigned(f.signerSid);
    expect(json(await t.call('DELETE', `/v3/signature-requests/${f.request.id}`, owner))).toMatchObject({
      code: 'REQUEST_STILL_OPEN',
    });
    await clearOutbox();
    const withdrawn = await t.call('POST', `/v3/signature-requests/${f.request.id}/withdraw`, owner, {
      message: 'Deal is off',
    });
    expect(json<SignatureRequest>(withdrawn).status_overall).toBe('WITHDRAWN');
    const mails = await deliveredMails(t);
    expect(mails.map((m) => m.to).sort()).toEqual([p.visitor, 'watch@example.ch'].sort());
    // The observer's account speaks French.
    expect(mails.find((m) => m.to === 'watch@example.ch')!.subject).toBe('« Lease » a été retiré');
    expect(mails.find((m) => m.to === p.visitor)!.text).toContain('Deal is off');
    expect(
      (await t.call('POST', `/v3/signature-requests/${f.request.id}/withdraw`, owner, {})).statusCode,
    ).toBe(409);
    expect((await t.call('DELETE', `/v3/signature-requests/${f.request.id}`, owner)).statusCode).toBe(204);
    expect((await t.call('GET', `/v3/signature-requests/${f.request.id}`, owner)).statusCode).toBe(404);

    // With a signing order, a signer whose turn never came was never invited and is not told.
    const ordered = await createFixture(t, owner, people());
    await t.call('PUT', `/v3/signature-requests/${ordered.request.id}`, owner, { signing_order: true });
    await clearOutbox();
    await t.call('POST', `/v3/signature-requests/${ordered.request.id}/withdraw`, owner, {});
    expect((await deliveredMails(t)).map((m) => m.to).sort()).toEqual([
      'signer@example.ch',
      'watch@example.ch',
    ]);
  });

  it('reminds the signers whose turn it is, at most once an hour', async () => {
    const p = people();
    const f = await createFixture(t, owner, p);
    await t.call('PUT', `/v3/signature-requests/${f.request.id}`, owner, { signing_order: true });
    await clearOutbox();
    const first = await t.call('POST', `/v3/signature-requests/${f.request.id}/remind`, owner);
    expect(json(first)).toEqual({ reminded: ['signer@example.ch'] });
    expect((await deliveredMails(t)).map((m) => [m.to, m.subject])).toEqual([
      ['signer@example.ch', 'Reminder: please sign "Lease"'],
    ]);
    const second = await t.call('POST', `/v3/signature-requests/${f.request.id}/remind`, owner);
    expect(second.statusCode).toBe(429);
    expect(json(second)).toMatchObject({ code: 'REMINDER_TOO_SOON' });
    expect(Number(second.headers['retry-after'])).toBeGreaterThan(3500);
    t.clock.advance(60 * 60 * 1000 + 1000);
    await markSigned(f.signerSid);
    expect(json(await t.call('POST', `/v3/signature-requests/${f.request.id}/remind`, owner))).toEqual({
      reminded: [p.visitor],
    });
  });

  it('delegates a signature: same field, new person, invitation; the delegator loses access', async () => {
    const f = await createFixture(t, owner, people());
    await clearOutbox();
    const bad = await t.call('POST', `/v3/signature-requests/${f.request.id}/delegate`, signer, {
      account_email: 'owner@example.ch',
      signer_identity_data: { email_address: 'x@example.ch', first_name: 'X', last_name: 'Y' },
    });
    expect(json(bad)).toMatchObject({ code: 'VALIDATION_FAILED', field: 'account_email' });
    const taken = await t.call('POST', `/v3/signature-requests/${f.request.id}/delegate`, signer, {
      signer_identity_data: {
        email_address: f.request.signatures[1]!.email,
        first_name: 'V',
        last_name: 'V',
      },
    });
    expect(json(taken)).toMatchObject({ code: 'ALREADY_A_SIGNER' });
    const handed = await t.call('POST', `/v3/signature-requests/${f.request.id}/delegate`, signer, {
      account_email: 'stranger@example.ch',
      message: 'Please take over',
    });
    expect(handed.statusCode).toBe(200);
    const after = json<SignatureRequest>(handed);
    expect(after.signatures[0]).toMatchObject({
      sid: f.signerSid,
      email: 'stranger@example.ch',
      first_name: 'Ada',
    });
    const mail = (await deliveredMails(t, 'stranger@example.ch'))[0]!;
    expect(mail.text).toContain('Please take over');
    expect((await t.call('GET', `/v3/signature-requests/${f.request.id}`, signer)).statusCode).toBe(404);
    const now = json<SignatureRequest>(
      await t.call('GET', `/v3/signature-requests/${f.request.id}`, stranger),
    );
    expect(now).toMatchObject({ signature_status: 'OPEN' });

    // Handed to a visitor: the same slot and field; the visitor's secret comes in their own mail only.
    const g = await createFixture(t, owner, people());
    const toVisitor = await t.call('POST', `/v3/signature-requests/${g.request.id}/delegate`, signer, {
      signer_identity_data: { email_address: 'deputy@example.ch', first_name: 'Dora', last_name: 'Deputy' },
    });
    expect(toVisitor.statusCode).toBe(200);
    const seen = json<SignatureRequest>(await t.call('GET', `/v3/signature-requests/${g.request.id}`, owner));
    const deputy = seen.signatures.find((s) => s.email === 'deputy@example.ch')!;
    expect(deputy).toMatchObject({ sid: g.signerSid, signer_type: 'visitor' });
    expect(await fieldNames(seen.documents[0]!.id)).toEqual(
      seen.signatures.map((s) => `Signature-${s.sid}`).sort(),
    );
    await expectHandedLink(t, toVisitor, 'deputy@example.ch', g.request, deputy.sid);
    // After a signature too: the field stays where it is, so every earlier signature stays valid.
    const h = await createFixture(t, owner, people());
    await markSigned(h.visitorSid);
    const later = await t.call('POST', `/v3/signature-requests/${h.request.id}/delegate`, signer, {
      signer_identity_data: { email_address: 'deputy@example.ch', first_name: 'Dora', last_name: 'Deputy' },
    });
    expect(later.statusCode).toBe(200);
    expect(json<SignatureRequest>(later).signatures[0]).toMatchObject({
      sid: h.signerSid,
      email: 'deputy@example.ch',
    });
  });

  it('adds a signer to an open request in a new incremental revision, and removes signers', async () => {
    const p = people();
    const f = await createFixture(t, owner, p);
    const documentId = f.request.documents[0]!.id;
    const before = await download(documentId);
    await clearOutbox();
    const added = await t.call('POST', `/v3/signature-requests/${f.request.id}/signatures`, owner, {
      account_email: 'late@example.ch',
      visual_signatures: [{ position: { page: 1, x: 250, y: 50 } }],
    });
    expect(added.statusCode).toBe(200);
    const request = json<SignatureRequest>(added);
    const late = request.signatures.find((s) => s.email === 'late@example.ch')!;
    const after = await download(documentId);
    expect(Buffer.compare(after.subarray(0, before.length), before)).toBe(0);
    expect(await fieldNames(documentId)).toEqual(request.signatures.map((s) => `Signature-${s.sid}`).sort());
    expect((await deliveredMails(t)).map((m) => m.to)).toEqual(['late@example.ch']);
    const outside = await t.call('POST', `/v3/signature-requests/${f.request.id}/signatures`, owner, {
      account_email: 'far@example.ch',
      visual_signatures: [{ position: { page: 1, x: 590, y: 50 } }],
    });
    expect(json(outside)).toMatchObject({ code: 'VALIDATION_FAILED', field: 'visual_signatures.0.position' });
    expect(
      json(
        await t.call('POST', `/v3/signature-requests/${f.request.id}/signatures`, owner, {
          account_email: 'late@example.ch',
        }),
      ),
    ).toMatchObject({ code: 'ALREADY_A_SIGNER' });

    // Nobody signed: removing rebuilds the fields without the removed signer.
    await clearOutbox();
    expect(
      (await t.call('DELETE', `/v3/signature-requests/${f.request.id}/signatures/${late.sid}`, owner))
        .statusCode,
    ).toBe(204);
    expect(await fieldNames(documentId)).toEqual(
      [`Signature-${f.signerSid}`, `Signature-${f.visitorSid}`].sort(),
    );
    expect((await deliveredMails(t)).map((m) => m.subject)).toEqual(['You no longer need to sign "Lease"']);
    // Somebody signed: a signed signer stays, and the last open one cannot be removed.
    await markSigned(f.signerSid);
    expect(
      json(await t.call('DELETE', `/v3/signature-requests/${f.request.id}/signatures/${f.signerSid}`, owner)),
    ).toMatchObject({
      code: 'ALREADY_SIGNED',
    });
    expect(
      json(
        await t.call('DELETE', `/v3/signature-requests/${f.request.id}/signatures/${f.visitorSid}`, owner),
      ),
    ).toMatchObject({
      code: 'LAST_SIGNER',
    });
  });

  it('manages observers and the documents of a draft', async () => {
    const f = await createFixture(t, owner, people(), { draft: true });
    const base = `/v3/signature-requests/${f.request.id}`;
    expect(
      json<SignatureRequest>(await t.call('POST', `${base}/observers`, owner, { email: 'More@Example.ch' }))
        .observers,
    ).toEqual(['more@example.ch', 'watch@example.ch']);
    expect((await t.call('DELETE', `${base}/observers/nobody%40example.ch`, owner)).statusCode).toBe(404);
    expect((await t.call('DELETE', `${base}/observers/more%40example.ch`, owner)).statusCode).toBe(204);
    const [first, second] = f.request.documents;
    expect((await t.call('DELETE', `${base}/documents/${second!.id}`, owner)).statusCode).toBe(204);
    expect(json(await t.call('DELETE', `${base}/documents/${first!.id}`, owner))).toMatchObject({
      code: 'LAST_DOCUMENT',
    });
    expect(json(await t.call('POST', `${base}/documents`, owner, { id: first!.id }))).toMatchObject({
      field: 'id',
    });
    const readded = json<SignatureRequest>(
      await t.call('POST', `${base}/documents`, owner, { id: second!.id }),
    );
    expect(readded.documents.map((d) => d.id)).toEqual([first!.id, second!.id]);
    await t.call('POST', `${base}/initiate`, owner);
    expect(json(await t.call('POST', `${base}/documents`, owner, { id: second!.id }))).toMatchObject({
      code: 'REQUEST_NOT_EDITABLE',
    });
  });

  it('accepts attachments by their content and serves them to participants only', async () => {
    const f = await createFixture(t, owner, people());
    const base = `/v3/signature-requests/${f.request.id}/attachments`;
    const upload = (name: string, contentType: string, content: Buffer) =>
      t.upload(base, owner, [{ name: 'file', filename: name, contentType, content }]);
    const disguised = await upload(
      'page.png',
      'image/png',
      Buffer.from('<html><script>alert(1)</script></html>'),
    );
    expect(disguised.statusCode).toBe(415);
    expect(json(disguised)).toMatchObject({ code: 'ATTACHMENT_TYPE_NOT_ALLOWED', field: 'file' });
    expect(
      (
        await upload(
          'fake.docx',
          'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
          Buffer.from('plain'),
        )
      ).statusCode,
    ).toBe(415);
    expect((await upload('bin.txt', 'text/plain', Buffer.from([0x00, 0x01, 0xff]))).statusCode).toBe(415);
    expect((await upload('prog.exe', 'application/octet-stream', Buffer.from('MZ\x90\x00'))).statusCode).toBe(
      415,
    );
    // A PDF declared as text is stored and served as a PDF.
    const pdf = await upload('contract.txt', 'text/plain', samplePdf);
    expect(json(pdf)).toMatchObject({
      attachments: [{ filename: 'contract.txt', contentType: 'application/pdf' }],
    });
    const notes = json<{ attachments: Array<{ id: string }> }>(
      await upload('../../notes.txt', 'text/plain', Buffer.from('Grüezi\n')),
    );
    const id = notes.attachments[0]!.id;
    const content = await t.call('GET', `${base}/${id}/content`, signer);
    expect(content.statusCode).toBe(200);
    expect(content.headers['content-type']).toContain('text/plain');
    expect(content.headers['x-content-type-options']).toBe('nosniff');
    expect(content.headers['content-disposition']).toContain('filename="notes.txt"');
    expect(content.body).toBe('Grüezi\n');
    const direct = await t.call(
      'GET',
      `/v3/direct/signature-requests/${f.request.id}/attachments/${id}/content`,
      f.visitor,
    );
    expect(direct.body).toBe('Grüezi\n');
    expect((await t.call('GET', `${base}/${id}/content`, stranger)).statusCode).toBe(404);
    // Another request's attachment through this request's path: 404, never the bytes.
    const other = await createFixture(t, stranger, people());
    expect(
      (await t.call('GET', `/v3/signature-requests/${other.request.id}/attachments/${id}/content`, stranger))
        .statusCode,
    ).toBe(404);
    const big = await upload(
      'big.pdf',
      'application/pdf',
      Buffer.concat([samplePdf, Buffer.alloc(40 * 1024 * 1024)]),
    );
    expect(big.statusCode).toBe(413);
    // Documents and attachments of one request together stay within 60 MB.
    const part = Buffer.concat([samplePdf, Buffer.alloc(35 * 1024 * 1024)]);
    expect((await upload('part1.pdf', 'application/pdf', part)).statusCode).toBe(201);
    const over = await upload('part2.pdf', 'application/pdf', part);
    expect(over.statusCode).toBe(413);
    expect(json(over)).toMatchObject({
      code: 'PAYLOAD_TOO_LARGE',
      message: expect.stringContaining('60 MB'),
    });
    expect((await t.call('DELETE', `${base}/${id}`, owner)).statusCode).toBe(204);
    expect((await t.call('GET', `${base}/${id}/content`, owner)).statusCode).toBe(404);
  });

  it('builds the ZIP and the signature report (JSON and PDF, in the reader language)', async () => {
    const f = await createFixture(t, owner, people(), { title: 'Miete «Zürich»' });
    await t.database.db.execute(
      `update signers set status = 'SIGNED', signed_at = now(), certificate_subject = 'CN=Sam Signer, O=SIMULATED', certificate_serial = '0a1b2c' where id = '${f.signerSid}'` as never,
    );
    const data = await report(f.request.id);
    expect(data.signers[0]).toMatchObject({
      status_code: 'SIGNED',
      certificate_subject: 'CN=Sam Signer, O=SIMULATED',
      certificate_serial: '0a1b2c',
    });
    expect(data.documents[0]!.original_sha256).not.toBe(data.documents[0]!.current_sha256);
    expect(data.documents[0]!.original_sha256).toBe(
      (await import('node:crypto')).createHash('sha256').update(samplePdf).digest('hex'),
    );
    expect(data.chain_valid).toBe(true);
    expect(data.events.map((e) => e.type)).toEqual(['created', 'attachment added', 'initiated']);

    const zip = await t.call('GET', `/v3/signature-requests/${f.request.id}/zip`, observer);
    expect(zip.headers['content-type']).toBe('application/zip');
    const entries = unzipSync(zip.rawPayload);
    expect(Object.keys(entries).sort()).toEqual([
      'attachments/photo.png',
      'documents/lease.pdf',
      'signature-report.json',
      'signature-report.pdf',
    ]);
    expect(Buffer.from(entries['attachments/photo.png']!).equals(tinyPng)).toBe(true);
    expect(JSON.parse(strFromU8(entries['signature-report.json']!)).request.title).toBe('Miete «Zürich»');
    expect(await download(f.request.documents[0]!.id)).toEqual(Buffer.from(entries['documents/lease.pdf']!));

    const pdfText = (bytes: Uint8Array) => {
      const file = join(scratch, `report-${kind}-${Math.random()}.pdf`);
      writeFileSync(file, bytes);
      execFileSync('qpdf', ['--check', file]);
      return execFileSync('pdftotext', [file, '-']).toString();
    };
    const english = pdfText(
      (await t.call('GET', `/v3/signature-requests/${f.request.id}/report?type=PDF`, owner)).rawPayload,
    );
    expect(english).toContain('Signature report: Miete «Zürich»');
    expect(english).toContain('CN=Sam Signer, O=SIMULATED');
    expect(english.replace(/\s/g, '')).toContain(data.documents[0]!.current_sha256);
    const german = pdfText(
      (await t.call('GET', `/v3/direct/signature-requests/${f.request.id}/report?type=PDF`, f.visitor))
        .rawPayload,
    );
    expect(german).toContain('Signaturbericht: Miete «Zürich»');
    const directZip = await t.call('GET', `/v3/direct/signature-requests/${f.request.id}/zip`, f.visitor);
    expect(Object.keys(unzipSync(directZip.rawPayload))).toContain('signature-report.pdf');
  });

  it('lets a signed-in user claim a visitor signature through its send-to link', async () => {
    const f = await createFixture(t, owner, people());
    const sendTo = f.visitor!.sendTo;
    const summary = await t.call('GET', `/v3/sendto/${sendTo}/get-internal`, stranger);
    expect(json(summary)).toMatchObject({
      signature_request_id: f.request.id,
      title: 'Lease',
      owner_name: 'Olga Owner',
      claimable: true,
    });
    expect((await t.call('GET', `/v3/sendto/${'A'.repeat(43)}/get-internal`, stranger)).statusCode).toBe(404);
    const claimed = await t.call('POST', `/v3/sendto/${sendTo}/claim`, stranger);
    expect(claimed.statusCode).toBe(200);
    expect(json<SignatureRequest>(claimed)).toMatchObject({ signature_status: 'OPEN' });
    expect(json<SignatureRequest>(claimed).signatures[1]).toMatchObject({
      sid: f.visitorSid,
      signer_type: 'account',
      email: 'stranger@example.ch',
    });
    // The old direct link's secret no longer counts; the slot can no longer be claimed.
    expect(
      (await t.call('GET', `/v3/direct/signature-requests/${f.request.id}`, f.visitor!.headers)).statusCode,
    ).toBe(401);
    expect((await t.call('POST', `/v3/sendto/${sendTo}/claim`, observer)).statusCode).toBe(404);
    const trail = json<{ events: Array<{ type: string; data: Record<string, unknown> }> }>(
      await t.call('GET', `/v3/signature-requests/${f.request.id}/events`, owner),
    );
    expect(trail.events.at(-1)).toMatchObject({ type: 'claimed', data: { to: 'stranger@example.ch' } });

    const g = await createFixture(t, owner, people());
    await t.call('POST', `/v3/signature-requests/${g.request.id}/decline`, signer, {});
    expect(json(await t.call('GET', `/v3/sendto/${g.visitor!.sendTo}/get-internal`, stranger))).toMatchObject(
      {
        claimable: false,
      },
    );
    expect(json(await t.call('POST', `/v3/sendto/${g.visitor!.sendTo}/claim`, stranger))).toMatchObject({
      code: 'REQUEST_NOT_EDITABLE',
    });
  });
});
