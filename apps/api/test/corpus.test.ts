import { createHash } from 'node:crypto';
import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { CORPUS_DIR, REJECTED, REPAIRED, USER_PASSWORD_FILE, corpus, corpusBytes } from '@signet/pdf/corpus';
import type { PdfsigEntry } from '@signet/pdf/testing';
import type { Document } from '@signet/contracts/documents';
import { databaseKinds, json } from './helpers.ts';
import { useTestApp } from './factories.ts';
import { useSignedOutput } from './signed-output.ts';

/**
 * The shared corpus through the API (../shared/pdf-corpus/MANIFEST.tsv): every file is uploaded as
 * a user uploads it; a rejected one gets its stable code, an accepted one has every page rendered
 * by the page-image call and is signed by a one-signer request at AES (B-LT), and validators
 * nobody here wrote must find the new signature valid and every earlier one as valid as before.
 */

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');
const isPrefix = (earlier: Uint8Array, later: Uint8Array) =>
  later.length > earlier.length &&
  Buffer.from(later.subarray(0, earlier.length)).equals(Buffer.from(earlier));

describe.each(databaseKinds)('the PDF corpus through the API on %s', (kind) => {
  const t = useTestApp(kind, {
    listen: true,
    env: { LOG_LEVEL: 'error' },
    users: { owner: { email: 'corpus@example.ch', firstName: 'Cora', lastName: 'Corpus' } },
  });
  const output = useSignedOutput(t, () => t.users.owner);
  const upload = (file: string, password?: string) => output.upload(file, corpusBytes(file), password);

  /** Every page as the page-image call serves it, at the smallest scale (1 px = 10 % of a point). */
  async function expectEveryPageRendered(document: Document) {
    for (const page of document.pages) {
      const image = await t.call(
        'GET',
        `/v3/documents/${document.id}/pages/${page.number}?scale=10`,
        t.users.owner,
      );
      expect(image.statusCode, `page ${page.number}: ${image.body.slice(0, 200)}`).toBe(200);
      const meta = await sharp(image.rawPayload).metadata();
      expect(meta.format).toBe('png');
      expect(Math.abs((meta.width ?? 0) - page.width / 10)).toBeLessThanOrEqual(1);
    }
  }

  const validity = (entries: PdfsigEntry[]) => Object.fromEntries(entries.map((e) => [e.fieldName, e.valid]));

  it('the manifest lists every file of the corpus, and the files the policy names', () => {
    const files = readdirSync(CORPUS_DIR).filter((name) => name.endsWith('.pdf'));
    expect(corpus.map((c) => c.file).sort()).toEqual(files.sort());
    for (const file of [USER_PASSWORD_FILE, ...Object.keys(REJECTED), ...REPAIRED])
      expect(files).toContain(file);
    expect(corpus.filter((c) => c.password !== undefined).map((c) => c.file)).toEqual([USER_PASSWORD_FILE]);
  });

  it.each(corpus.map((c) => [c.file, c] as const))('%s', async (file, entry) => {
    const rejected = REJECTED[file];
    if (rejected !== undefined) {
      const refused = await upload(file);
      expect(json(refused)).toMatchObject({ statusCode: 400, code: rejected, field: 'file' });
      expect(entry.expected).toMatch(/^reject|or reject|OR accept only after full repair/);
      return;
    }
    expect(entry.expected).toMatch(/accept|with user password: render \+ sign/);
    const password = entry.password;
    if (password !== undefined) {
      for (const wrong of [undefined, 'not-the-password']) {
        const refused = await upload(file, wrong);
        expect(json(refused)).toMatchObject({
          statusCode: 400,
          code: 'PDF_PASSWORD_REQUIRED',
          field: 'file',
        });
      }
    }
    const uploaded = await upload(file, password);
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const [document] = json<{ documents: Document[] }>(uploaded).documents;
    const original = corpusBytes(file);
    expect(document!.originalSha256).toBe(sha256(original));
    expect(document!.pageCount).toBe(entry.pages);
    // Repaired and password-protected files are signed on their clean rewrite, the others as uploaded.
    const rewritten = REPAIRED.has(file) || password !== undefined;
    expect(document!.sha256 !== document!.originalSha256).toBe(rewritten);
    await expectEveryPageRendered(document!);

    const before = await output.download(document!.id);
    expect(sha256(before)).toBe(document!.sha256);
    const earlier = validity((await output.validators.pdfsig(before)).signatures);

    const signed = await output.signAlone(document!);
    // One incremental update of what was stored (the upload itself unless rewritten).
    expect(isPrefix(before, signed)).toBe(true);
    expect(isPrefix(original, signed)).toBe(!rewritten);
    const { signatures } = await output.validators.pdfsig(signed);
    const ours = signatures.filter((s) => !(s.fieldName in earlier));
    expect(ours.length, JSON.stringify(signatures.map((s) => s.fieldName))).toBe(1);
    expect(ours[0]!.valid, ours[0]!.text).toBe(true);
    expect(ours[0]!.trusted, ours[0]!.text).toBe(true);
    expect(validity(signatures.filter((s) => s.fieldName in earlier))).toEqual(earlier);
  });
});
