import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { corpus, databaseKinds, json, multipart } from '../../../test/helpers.ts';
import { cast, useTestApp, type TestUser } from '../../../test/factories.ts';
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

describe.each(databaseKinds)('documents on %s', (kind) => {
  const t = useTestApp(kind, {
    users: cast('owner', 'stranger'),
  });
  const { owner, stranger } = t.users;
  const upload = (user: TestUser, parts: Parameters<typeof multipart>[0]) =>
    t.upload('/v3/documents', user, parts);

  it('uploads a PDF, reports its pages, and serves the exact bytes back', async () => {
    const bytes = corpus('rotated-pages-90-180-270-0.pdf');
    const response = await upload(owner, [{ name: 'file', filename: 'contract.pdf', content: bytes }]);
    expect(response.statusCode).toBe(201);
    const [doc] = json<{
      documents: Array<{
        id: string;
        title: string;
        pageCount: number;
        sha256: string;
        pages: Array<{ width: number; height: number; rotation: number }>;
      }>;
    }>(response).documents;
    expect(doc).toMatchObject({ title: 'contract', pageCount: 4, sha256: sha256(bytes) });
    expect(doc!.pages.map((p) => p.rotation)).toEqual([90, 180, 270, 0]);
    // A page rotated by 90° is displayed landscape.
    expect(doc!.pages[0]!.width).toBeGreaterThan(doc!.pages[0]!.height);

    const download = await t.call('GET', `/v3/documents/${doc!.id}/download`, owner);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(download.headers['content-disposition']).toContain('filename="contract.pdf"');
    expect(sha256(download.rawPayload)).toBe(sha256(bytes));
  });

  it('renders pages at a scale, with an ETag that answers 304', async () => {
    const [doc] = json<{ documents: Array<{ id: string; pages: Array<{ width: number; height: number }> }> }>(
      await upload(owner, [
        { name: 'file', filename: 'p.pdf', content: corpus('pdf20-simple-pdfassociation.pdf') },
      ]),
    ).documents;
    const url = `/api/v3/documents/${doc!.id}/pages/1?scale=100`;
    const page = await t.app.inject({ method: 'GET', url, headers: owner.headers });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toBe('image/png');
    const meta = await sharp(page.rawPayload).metadata();
    expect(meta.width).toBe(Math.round(doc!.pages[0]!.width));
    expect(meta.height).toBe(Math.round(doc!.pages[0]!.height));
    const again = await t.app.inject({
      method: 'GET',
      url,
      headers: { ...owner.headers, 'if-none-match': String(page.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
    const webp = await t.call('GET', `/v3/documents/${doc!.id}/pages/1?scale=50&format=webp`, owner);
    expect(webp.headers['content-type']).toBe('image/webp');
    expect((await sharp(webp.rawPayload).metadata()).width).toBe(Math.round(doc!.pages[0]!.width / 2));
    const beyond = await t.call('GET', `/v3/documents/${doc!.id}/pages/2`, owner);
    expect(json(beyond)).toMatchObject({ statusCode: 404, code: 'PAGE_NOT_FOUND' });
  });

  it('refuses a file that is not a PDF with the engine code and keeps nothing', async () => {
    const response = await upload(owner, [
      { name: 'file', filename: 'photo.pdf', content: corpus('not-a-pdf-jpeg-image.pdf') },
    ]);
    expect(response.statusCode).toBe(400);
    expect(json(response)).toMatchObject({ code: 'PDF_NOT_A_PDF', field: 'file' });
  });

  it('refuses a damaged PDF with PDF_DAMAGED', async () => {
    const response = await upload(owner, [
      { name: 'file', filename: 'loop.pdf', content: corpus('malformed-page-tree-loop.pdf') },
    ]);
    expect(response.statusCode).toBe(400);
    expect(json(response).code).toBe('PDF_DAMAGED');
  });

  it('needs the password of a protected PDF, and then stores a decrypted version to sign', async () => {
    const bytes = corpus('encrypted-user-password-rc4-openpassword.pdf');
    const refused = await upload(owner, [{ name: 'file', filename: 'secret.pdf', content: bytes }]);
    expect(json(refused)).toMatchObject({ statusCode: 400, code: 'PDF_PASSWORD_REQUIRED' });
    const accepted = await upload(owner, [
      { name: 'password', content: 'openpassword' },
      { name: 'file', filename: 'secret.pdf', content: bytes },
    ]);
    expect(accepted.statusCode).toBe(201);
    const [doc] = json<{ documents: Array<{ sha256: string; originalSha256: string }> }>(accepted).documents;
    expect(doc!.originalSha256).toBe(sha256(bytes));
    expect(doc!.sha256).not.toBe(doc!.originalSha256);
  });

  it('refuses a document over 40 MB with 413 and keeps nothing', async () => {
    const big = Buffer.concat([
      corpus('basic-pdf15-libreoffice-writer.pdf'),
      Buffer.alloc(40 * 1024 * 1024 + 10, 0x20),
    ]);
    const response = await upload(owner, [{ name: 'file', filename: 'big.pdf', content: big }]);
    expect(response.statusCode).toBe(413);
    expect(json(response).code).toBe('PAYLOAD_TOO_LARGE');
  });

  it('answers 404 to anyone else, never the bytes', async () => {
    const [doc] = json<{ documents: Array<{ id: string }> }>(
      await upload(owner, [
        { name: 'file', filename: 'mine.pdf', content: corpus('basic-pdf15-libreoffice-writer.pdf') },
      ]),
    ).documents;
    for (const url of [
      `/api/v3/documents/${doc!.id}`,
      `/api/v3/documents/${doc!.id}/download`,
      `/api/v3/documents/${doc!.id}/pages/1`,
    ]) {
      const response = await t.app.inject({ method: 'GET', url, headers: stranger.headers });
      expect(response.statusCode, url).toBe(404);
      expect(response.rawPayload.includes(Buffer.from('%PDF'))).toBe(false);
    }
    expect((await t.call('DELETE', `/v3/documents/${doc!.id}`, stranger)).statusCode).toBe(404);
    expect((await t.call('DELETE', `/v3/documents/${doc!.id}`, owner)).statusCode).toBe(204);
    expect((await t.call('GET', `/v3/documents/${doc!.id}`, owner)).statusCode).toBe(404);
  });

  it('needs a signed-in user to upload', async () => {
    const response = await t.upload('/v3/documents', null, [
      { name: 'file', filename: 'x.pdf', content: corpus('basic-pdf15-libreoffice-writer.pdf') },
    ]);
    expect(response.statusCode).toBe(401);
  });
});
