import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import QRCode from 'qrcode';
import { describe, expect, it } from 'vitest';
import type { SignatureRequest } from '@signet/contracts/signature-requests';
import { cast, useTestApp } from '../../../test/factories.ts';
import { databaseKinds, json, multipart, samplePdf } from '../../../test/helpers.ts';

/**
 * The modules of the QR code a signed PDF draws, read back from its appearance stream (the stamp
 * draws one filled rectangle per run of dark modules, after `q 0 g`): row by row, 1 for dark.
 */
function drawnQrModules(pdf: Buffer): { size: number; data: number[] } {
  const dir = mkdtempSync(join(tmpdir(), 'signet-qr-'));
  writeFileSync(join(dir, 'in.pdf'), pdf);
  // Uncompressed streams, so the drawing operators are plain text.
  execFileSync('qpdf', ['--qdf', '--object-streams=disable', join(dir, 'in.pdf'), join(dir, 'out.pdf')]);
  const text = readFileSync(join(dir, 'out.pdf'), 'latin1');
  const block = /q 0 g ((?:[\d.-]+ [\d.-]+ [\d.-]+ [\d.-]+ re ?)+)f Q/.exec(text);
  if (!block) throw new Error('no QR code drawn in the signed PDF');
  const rects = [...block[1]!.matchAll(/([\d.-]+) ([\d.-]+) ([\d.-]+) ([\d.-]+) re/g)].map((m) =>
    m.slice(1, 5).map(Number),
  ) as [number, number, number, number][];
  const unit = rects[0]![3];
  const left = Math.min(...rects.map((r) => r[0]));
  const top = Math.max(...rects.map((r) => r[1] + r[3]));
  const size = Math.round((Math.max(...rects.map((r) => r[0] + r[2])) - left) / unit);
  const data = Array.from({ length: size * size }, () => 0);
  for (const [x, y, w] of rects) {
    const row = Math.round((top - y) / unit) - 1;
    const col = Math.round((x - left) / unit);
    for (let c = col; c < col + Math.round(w / unit); c++) data[row * size + c] = 1;
  }
  return { size, data };
}

describe.each(databaseKinds)("a visible signature's QR code (%s)", (kind) => {
  const t = useTestApp(kind, { listen: true, users: cast('owner') });

  it('leads to /validate with the SHA-256 of the version it was added to, never to the request', async () => {
    const { owner } = t.users;
    const request = await t.request(owner, {
      title: 'With a stamp',
      documents: [{ title: 'contract', content: samplePdf }],
      signatures: [
        { account_email: owner.email, visual_signatures: [{ position: { page: 1, x: 40, y: 40 } }] },
      ],
    });
    const before = json<SignatureRequest>(await t.call('GET', `/v3/signature-requests/${request.id}`, owner));
    const base = before.documents[0]!.sha256;
    await t.sign(request, owner);
    const pdf = (await t.call('GET', `/v3/documents/${before.documents[0]!.id}/download`, owner)).rawPayload;

    const drawn = drawnQrModules(pdf);
    const expected = QRCode.create(`${t.config.publicUrl}/validate?document=${base}`, {
      errorCorrectionLevel: 'M',
    });
    expect(drawn.size).toBe(expected.modules.size);
    expect(drawn.data).toEqual([...expected.modules.data]);
    // The old link to the request's page would draw another code.
    const old = QRCode.create(`${t.config.publicUrl}/view/${request.id}`, { errorCorrectionLevel: 'M' });
    expect(drawn.data).not.toEqual([...old.modules.data]);

    // The page the code leads to accepts the signed file and finds that version among its revisions.
    const body = multipart([{ name: 'file', filename: 'signed.pdf', content: pdf }]);
    const report = await t.app.inject({
      method: 'POST',
      url: '/api/v1/validation',
      headers: body.headers,
      payload: body.payload,
      remoteAddress: '192.0.2.50',
    });
    expect(json<{ document: { revisionSha256: string[] } }>(report).document.revisionSha256).toContain(base);
  });
});
