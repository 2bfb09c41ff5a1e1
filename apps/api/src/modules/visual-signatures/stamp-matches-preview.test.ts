import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { inspectPdf, renderPage } from '@signet/pdf';
import type { VisualSignature } from '@signet/contracts/visual-signatures';
import { databaseKinds, json } from '../../../test/helpers.ts';
import { cast, useTestApp } from '../../../test/factories.ts';
import { blankPdf } from '../../../test/blank-pdf.ts';
import { pixelDifference, signatureStroke } from '../../../test/images.ts';

// The stamp drawn into the PDF at signing and the preview picture come from one renderer: the
// signed page, rendered and cut to the signature widget, equals the preview pixel for pixel.
//
// Tolerances, and why:
// - The QR code is left out of the comparison: it points at the request, which the preview cannot
//   know (it draws a stand-in link of the same length, so the code has the same size and place).
// - mupdf (the engine's renderer) draws the page and the preview: the stamp is the same XObject
//   drawn at the same scale at a whole-pixel position, so only rounding may differ (the image is
//   resampled once more on the page): mean difference below 0.5 of 255 and under 0.1 % of pixels
//   off by more than 64 (measured: 0.05 and none).
// - pdftoppm (poppler) is another rasteriser with its own anti-aliasing, glyph hinting and image
//   smoothing: the same drawing differs along every edge, so there the bound is a mean below 6 and
//   under 4 % of pixels off by more than 64 (measured: 4.1 and 2.5 %). Another visual signature of
//   the same person differs by far more (measured: 17 and 10 %), checked below.

const scale = 2;
/** The QR square of a 300 × 140 pt stamp: 6 pt padding, 96 pt side, centred vertically (2 px margin). */
const qrSquare = { left: (6 - 1) * scale, top: (22 - 1) * scale, width: 98 * scale, height: 98 * scale };

describe.each(databaseKinds)('the signed stamp matches its preview on %s', (kind) => {
  const t = useTestApp(kind, { listen: true, env: { LOG_LEVEL: 'error' }, users: cast('owner', 'signer') });

  it('draws the default visual signature, with its custom image, as the preview shows it', async () => {
    const { owner, signer } = t.users;
    const created = await t.call('POST', '/v1/user/visual-signatures', signer, {
      alias: 'Work',
      name: 'Sam Signer',
      optionalLine: 'Signer & Söhne AG',
      location: 'Zürich',
      language: 'de',
      quality: 'ses',
      legislation: 'zertes',
    });
    const look = json<VisualSignature>(created);
    const upload = await t.upload(`/v1/user/visual-signatures/${look.id}/image`, signer, [
      { name: 'image', filename: 'stroke.png', contentType: 'image/png', content: await signatureStroke() },
    ]);
    expect(upload.statusCode, upload.body).toBe(200);
    // A second, later default: signing must draw the default one, not the first one made.
    const other = json<VisualSignature>(
      await t.call('POST', '/v1/user/visual-signatures', signer, { alias: 'Plain', name: 'S. Signer' }),
    );
    expect(other.default).toBe(false);
    expect((await t.call('PUT', `/v1/user/visual-signatures/${look.id}/default`, signer)).statusCode).toBe(
      200,
    );

    const request = await t.request(owner, {
      // A blank page: the stamp is transparent, page content under it would show through.
      documents: [{ title: 'blank', content: blankPdf() }],
      quality: 'ses',
      legislation: 'zertes',
      signatures: [
        { account_email: signer.email, visual_signatures: [{ position: { page: 1, x: 60, y: 90 } }] },
      ],
    });
    // The date is drawn to the minute: sign and preview within one minute of the test clock.
    t.clock.advance(60_000 - (t.clock.now().getTime() % 60_000) + 1000);
    await t.sign(request, signer);
    const preview = await t.call('GET', `/v1/images/signature/${look.id}?scale=${scale * 100}`, signer);
    expect(preview.statusCode).toBe(200);

    const documentId = request.documents[0]!.id;
    const pdf = (await t.call('GET', `/v3/documents/${documentId}/download`, signer)).rawPayload;
    const field = (await inspectPdf(pdf)).signatureFields.find((f) => f.signed);
    expect(field?.rect).toEqual({ x: 60, y: 90, width: 300, height: 140 });
    const region = { left: 60 * scale, top: 90 * scale, width: 300 * scale, height: 140 * scale };
    const cut = (png: Uint8Array) => sharp(png).extract(region).png().toBuffer();

    const byMupdf = await cut(await renderPage(pdf, 1, { scale: scale * 100 }));
    const mupdf = await pixelDifference(byMupdf, preview.rawPayload, qrSquare);

    const work = mkdtempSync(join(tmpdir(), 'signet-stamp-'));
    writeFileSync(join(work, 'signed.pdf'), pdf);
    execFileSync(
      'pdftoppm',
      ['-r', String(72 * scale), '-f', '1', '-l', '1', '-singlefile', '-png', 'signed.pdf', 'page'],
      {
        cwd: work,
      },
    );
    const byPoppler = await cut(readFileSync(join(work, 'page.png')));
    const poppler = await pixelDifference(byPoppler, preview.rawPayload, qrSquare);
    expect(mupdf.meanDelta).toBeLessThan(0.5);
    expect(mupdf.differingShare).toBeLessThan(0.001);
    expect(poppler.meanDelta).toBeLessThan(6);
    expect(poppler.differingShare).toBeLessThan(0.04);

    // Even the looser bounds tell stamps apart: the other visual signature's preview fails them.
    const otherPreview = await t.call('GET', `/v1/images/signature/${other.id}?scale=${scale * 100}`, signer);
    const unlike = await pixelDifference(byMupdf, otherPreview.rawPayload, qrSquare);
    expect(unlike.meanDelta).toBeGreaterThan(10);
    expect(unlike.differingShare).toBeGreaterThan(0.06);
    // The QR code is there, in its square.
    const qr = await sharp(byMupdf).extract(qrSquare).stats();
    expect(qr.channels[0]!.min).toBeLessThan(40);
  });
});
