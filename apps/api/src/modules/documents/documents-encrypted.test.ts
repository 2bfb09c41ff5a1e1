import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { inspectPdf } from '@signet/pdf';
import {
  OWNER_PASSWORD,
  SECURITY_HANDLERS,
  certifiedCorpusFile,
  encryptedCorpusFile,
} from '@signet/pdf/corpus';
import type { Document } from '@signet/contracts/documents';
import { databaseKinds, json } from '../../../test/helpers.ts';
import { useTestApp } from '../../../test/factories.ts';
import { useSignedOutput } from '../../../test/signed-output.ts';

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
  const output = useSignedOutput(t, () => t.users.owner);
  const upload = (content: Uint8Array, password?: string) =>
    output.upload('restricted.pdf', content, password);

  async function expectValid(pdf: Uint8Array) {
    const qpdf = await output.validators.qpdfCheck(pdf);
    expect(qpdf.code, qpdf.stdout + qpdf.stderr).toBe(0);
    const { signatures } = await output.validators.pdfsig(pdf);
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
        expect(json(refused).details).toMatchObject({ signingRestriction: 'permissions' });
      }
      const accepted = await upload(bytes, OWNER_PASSWORD);
      expect(accepted.statusCode, accepted.body).toBe(201);
      const [document] = json<{ documents: Document[] }>(accepted).documents;
      // The decrypted rewrite is what gets signed: later steps have no password.
      expect(document!.originalSha256).toBe(sha256(bytes));
      expect(document!.sha256).not.toBe(document!.originalSha256);
      const pdf = await output.signAlone(document!);
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
      const pdf = await output.signAlone(document!);
      expect(Buffer.from(pdf.subarray(0, bytes.length)).equals(Buffer.from(bytes))).toBe(true);
      expect((await inspectPdf(pdf)).encryption).toMatchObject({
        permissions: { modify: false, fillForms: true },
      });
      await expectValid(pdf);
    },
  );

  it('a PDF certified with "no changes allowed" is refused, and no password changes that', async () => {
    for (const password of [undefined, OWNER_PASSWORD]) {
      const refused = await upload(certifiedCorpusFile(1), password);
      expect(json(refused)).toMatchObject({
        statusCode: 400,
        code: 'PDF_SIGNING_NOT_PERMITTED',
        field: 'file',
        details: { signingRestriction: 'certification' },
      });
      expect(json(refused).message).toMatch(/certified it with "no changes allowed"/);
    }
    expect((await upload(certifiedCorpusFile(2))).statusCode).toBe(201);
  });
});
