import { unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { databaseKinds, json, samplePdf } from '../../../test/helpers.ts';
import { cast, useTestApp } from '../../../test/factories.ts';
import { createFixture } from './request-fixtures.test-support.ts';

/**
 * A right-to-left override turns "invoice<RLO>fdp.exe" into what reads as "invoiceexe.pdf": every
 * bidirectional control and other control character is gone from the names people see and save.
 */
const spoofed = 'invoice\u202efdp.exe\u2066\u200f\u061c\u0085\u0007.txt';
const bidiOrControl = /[\p{Cc}\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/u;

describe.each(databaseKinds)('file names on %s', (kind) => {
  const t = useTestApp(kind, { env: { SANDBOX: 'off' }, users: cast('owner') });
  const { owner } = t.users;
  const upload = (url: string, filename: string, contentType: string, content: Buffer) =>
    t.upload(url, owner, [{ name: 'file', filename, contentType, content }]);

  it('lose bidirectional and other control characters in attachments, downloads and zip entries', async () => {
    const f = await createFixture(t, owner, {
      signer: 'signer@example.ch',
      visitor: 'visitor@example.ch',
      observer: 'watch@example.ch',
    });
    const base = `/v3/signature-requests/${f.request.id}`;
    const attached = await upload(`${base}/attachments`, spoofed, 'text/plain', Buffer.from('notes\n'));
    expect(attached.statusCode).toBe(201);
    const attachment = json<{ attachments: Array<{ id: string; filename: string }> }>(attached)
      .attachments[0]!;
    expect(attachment.filename).toBe('invoicefdp.exe.txt');

    const content = await t.call('GET', `${base}/attachments/${attachment.id}/content`, owner);
    const disposition = decodeURIComponent(content.headers['content-disposition'] as string);
    expect(disposition).toContain('invoicefdp.exe.txt');
    expect(disposition).not.toMatch(bidiOrControl);

    const zip = await t.call('GET', `${base}/zip`, owner);
    const entries = Object.keys(unzipSync(zip.rawPayload));
    expect(entries).toContain('attachments/invoicefdp.exe.txt');
    for (const entry of entries) expect(entry).not.toMatch(bidiOrControl);
  });

  it('lose them in uploaded document titles, and in download names of titles given as JSON', async () => {
    const uploaded = await upload('/v3/documents', 'lease\u202egpj.pdf', 'application/pdf', samplePdf);
    expect(uploaded.statusCode).toBe(201);
    expect(json<{ documents: Array<{ title: string }> }>(uploaded).documents[0]!.title).toBe('leasegpj');

    const created = await t.request(owner, {
      status: 'DRAFT',
      title: 'Lease',
      documents: [{ title: 'lease\u202egpj\u2069', content: samplePdf }],
      signatures: ['signer@example.ch'],
    });
    const document = created.documents[0]!;
    expect(document.title).toBe('leasegpj');
    const download = await t.call('GET', `/v3/documents/${document.id}/download`, owner);
    expect(decodeURIComponent(download.headers['content-disposition'] as string)).not.toMatch(bidiOrControl);
  });
});
