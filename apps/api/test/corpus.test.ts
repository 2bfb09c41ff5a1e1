import { createHash } from 'node:crypto';
import { readdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import {
  CORPUS_DIR,
  REJECTED,
  REPAIRED,
  USER_PASSWORD,
  USER_PASSWORD_FILE,
  corpus,
  corpusBytes,
} from '@signet/pdf/corpus';
import { createValidatorWorkspace, type PdfsigEntry, type ValidatorWorkspace } from '@signet/pdf/testing';
import type { Document } from '@signet/contracts/documents';
import type { SignatureRequest } from '@signet/contracts/signature-requests';
import { databaseKinds, json } from './helpers.ts';
import { useTestApp } from './factories.ts';

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
  let validators: ValidatorWorkspace;
  beforeAll(async () => {
    const trustList = await (await fetch(`${t.config.publicUrl}/api/v1/trust-list.pem`)).text();
    validators = await createValidatorWorkspace(trustList);
    // One signature per accepted file: more than an account's free signatures.
    await t.database.db.execute(
      `update users set attributes = jsonb_set(attributes, '{free_signatures_remaining}', '100') where email = 'corpus@example.ch'` as never,
    );
  });
  afterAll(() => validators.dispose());

  const upload = (file: string, password?: string) =>
    t.upload('/v3/documents', t.users.owner, [
      ...(password === undefined ? [] : [{ name: 'password', content: password }]),
      { name: 'file', filename: file, content: Buffer.from(corpusBytes(file)) },
    ]);

  const download = async (id: string, signed = true) =>
    new Uint8Array(
      (await t.call('GET', `/v3/documents/${id}/download?signed=${signed}`, t.users.owner)).rawPayload,
    );

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

  /** The owner alone signs the document at AES (B-LT), with a visible signature on page 1. */
  async function signAlone(document: Document): Promise<Uint8Array> {
    // The default box (300 × 140) where the first page is large enough, else what fits on it.
    const first = document.pages[0]!;
    const box = { width: Math.min(300, first.width - 20), height: Math.min(140, first.height - 20) };
    const request = await t.request(t.users.owner, {
      title: document.title,
      documents: [{ id: document.id }],
      quality: 'aes',
      signatures: [
        {
          account_email: 'corpus@example.ch',
          visual_signatures: [{ position: { page: 1, x: 10, y: 10, ...box } }],
        },
      ],
    });
    const signed = await t.call('POST', '/v3/sign', t.users.owner, {
      signatureRequests: [{ id: request.id }],
    });
    expect(signed.statusCode, signed.body).toBe(200);
    const after = json<SignatureRequest>(
      await t.call('GET', `/v3/signature-requests/${request.id}`, t.users.owner),
    );
    return download(after.documents[0]!.id);
  }

  const validity = (entries: PdfsigEntry[]) => Object.fromEntries(entries.map((e) => [e.fieldName, e.valid]));

  it('the manifest lists every file of the corpus, and the files the policy names', () => {
    const files = readdirSync(CORPUS_DIR).filter((name) => name.endsWith('.pdf'));
    expect(corpus.map((c) => c.file).sort()).toEqual(files.sort());
    for (const file of [USER_PASSWORD_FILE, ...Object.keys(REJECTED), ...REPAIRED])
      expect(files).toContain(file);
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
    const password = file === USER_PASSWORD_FILE ? USER_PASSWORD : undefined;
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

    const before = await download(document!.id);
    expect(sha256(before)).toBe(document!.sha256);
    const earlier = validity((await validators.pdfsig(before)).signatures);

    const signed = await signAlone(document!);
    // One incremental update of what was stored (the upload itself unless rewritten).
    expect(isPrefix(before, signed)).toBe(true);
    expect(isPrefix(original, signed)).toBe(!rewritten);
    const { signatures } = await validators.pdfsig(signed);
    const ours = signatures.filter((s) => !(s.fieldName in earlier));
    expect(ours.length, JSON.stringify(signatures.map((s) => s.fieldName))).toBe(1);
    expect(ours[0]!.valid, ours[0]!.text).toBe(true);
    expect(ours[0]!.trusted, ours[0]!.text).toBe(true);
    expect(validity(signatures.filter((s) => s.fieldName in earlier))).toEqual(earlier);
  });
});
