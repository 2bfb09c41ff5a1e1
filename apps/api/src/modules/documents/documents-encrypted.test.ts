import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inspectPdf } from '@signet/pdf';
import { OWNER_PASSWORD, SECURITY_HANDLERS, encryptedCorpusFile } from '@signet/pdf/corpus';
import { createValidatorWorkspace, type ValidatorWorkspace } from '@signet/pdf/testing';
import type { Document } from '@signet/contracts/documents';
import type { SignatureRequest } from '@signet/contracts/signature-requests';
import { databaseKinds, json } from '../../../test/helpers.ts';
import { useTestApp } from '../../../test/factories.ts';

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');
const handlers = Object.keys(SECURITY_HANDLERS) as (keyof typeof SECURITY_HANDLERS)[];
/** qpdf's options forbidding modifying and form filling (40-bit knows no form-filling bit). */
const forbidden = (handler: string) =>
  handler.startsWith('R2') ? ['--modify=n', '--annotate=n'] : ['--modify=none'];
const basic = 'basic-pdf15-libreoffice-writer.pdf';

describe.each(databaseKinds)('encrypted PDFs on %s', (kind) => {
  const t = useTestApp(kind, {
    listen: true,
    env: { LOG_LEVEL: 'error' },
    users: { owner: { email: 'olga@example.ch', firstName: 'Olga', lastName: 'Owner' } },
  });
  let validators: ValidatorWorkspace;
  beforeAll(async () => {
    const trustList = await (await fetch(`${t.config.publicUrl}/api/v1/trust-list.pem`)).text();
    validators = await createValidatorWorkspace(trustList);
    // Every case signs once: more than an account's free signatures.
    await t.database.db.execute(
      `update users set attributes = jsonb_set(attributes, '{free_signatures_remaining}', '100') where email = 'olga@example.ch'` as never,
    );
  });
  afterAll(() => validators.dispose());

  const upload = (content: Uint8Array, password?: string) =>
    t.upload('/v3/documents', t.users.owner, [
      ...(password === undefined ? [] : [{ name: 'password', content: password }]),
      { name: 'file', filename: 'restricted.pdf', content: Buffer.from(content) },
    ]);

  /** The owner alone signs `document` at AES; the signed PDF as downloaded. */
  async function signedAlone(document: Document): Promise<Uint8Array> {
    const request = await t.request(t.users.owner, {
      documents: [{ id: document.id }],
      quality: 'aes',
      signatures: [
        { account_email: 'olga@example.ch', visual_signatures: [{ position: { page: 1, x: 40, y: 80 } }] },
      ],
    });
    const signed = await t.call('POST', '/v3/sign', t.users.owner, {
      signatureRequests: [{ id: request.id }],
    });
    expect(signed.statusCode, signed.body).toBe(200);
    const final = json<SignatureRequest>(
      await t.call('GET', `/v3/signature-requests/${request.id}`, t.users.owner),
    );
    return new Uint8Array(
      (await t.call('GET', `/v3/documents/${final.documents[0]!.id}/download`, t.users.owner)).rawPayload,
    );
  }

  async function expectValid(pdf: Uint8Array) {
    const qpdf = await validators.qpdfCheck(pdf);
    expect(qpdf.code, qpdf.stdout + qpdf.stderr).toBe(0);
    const { signatures } = await validators.pdfsig(pdf);
    expect(signatures.length).toBe(1);
    expect(signatures[0]!.valid, signatures[0]!.text).toBe(true);
    expect(signatures[0]!.trusted, signatures[0]!.text).toBe(true);
  }

  it.each(handlers)(
    '%s forbidding signing: refused at upload, signed with its owner password',
    async (handler) => {
      const bytes = encryptedCorpusFile(basic, handler, forbidden(handler));
      for (const password of [undefined, 'not-the-owner-password']) {
        const refused = await upload(bytes, password);
        expect(json(refused)).toMatchObject({
          statusCode: 400,
          code: 'PDF_SIGNING_NOT_PERMITTED',
          field: 'file',
        });
        expect(json(refused).message).toMatch(/permissions of this PDF do not allow signing/);
      }
      const accepted = await upload(bytes, OWNER_PASSWORD);
      expect(accepted.statusCode, accepted.body).toBe(201);
      const [document] = json<{ documents: Document[] }>(accepted).documents;
      // The decrypted rewrite is what gets signed: later steps have no password.
      expect(document!.originalSha256).toBe(sha256(bytes));
      expect(document!.sha256).not.toBe(document!.originalSha256);
      const pdf = await signedAlone(document!);
      expect((await inspectPdf(pdf)).encryption).toBeNull();
      await expectValid(pdf);
    },
  );

  it.each([
    ['R4 AES-128', ['--modify=form']],
    ['R6 AES-256', ['--modify=form']],
    ['R2 RC4-40', ['--modify=n']],
  ] as const)(
    '%s %j allowing form filling: signed as uploaded, still encrypted',
    async (handler, options) => {
      const bytes = encryptedCorpusFile(basic, handler, [...options]);
      const accepted = await upload(bytes);
      expect(accepted.statusCode, accepted.body).toBe(201);
      const [document] = json<{ documents: Document[] }>(accepted).documents;
      expect(document!.sha256).toBe(sha256(bytes));
      const pdf = await signedAlone(document!);
      expect(Buffer.from(pdf.subarray(0, bytes.length)).equals(Buffer.from(bytes))).toBe(true);
      expect((await inspectPdf(pdf)).encryption).toMatchObject({
        permissions: { modify: false, fillForms: true },
      });
      await expectValid(pdf);
    },
  );
});
