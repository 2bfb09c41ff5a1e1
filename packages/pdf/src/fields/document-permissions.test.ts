import * as mupdf from 'mupdf';
import { afterAll, describe, expect, it } from 'vitest';
import {
  OWNER_PASSWORD,
  certifiedCorpusFile,
  SECURITY_HANDLERS,
  corpusBytes,
  encryptedCorpusFile,
} from '../../test/corpus-manifest';
import { closePdfEngine } from '../document/worker-pool';
import { PdfError } from '../errors';
import { inspectPdf } from '../document/inspect-pdf';
import { addSignatureFields } from './add-signature-fields';

afterAll(() => closePdfEngine());

describe('document rules for new signature fields', () => {
  it('refuses a document certified with "no changes allowed", accepts one allowing signing', async () => {
    const field = [{ name: 'S', page: 1, x: 10, y: 10 }];
    const refused = await addSignatureFields(certifiedCorpusFile(1), field).catch((e: PdfError) => e.code);
    expect(refused).toBe('PDF_SIGNING_NOT_PERMITTED');
    expect((await addSignatureFields(certifiedCorpusFile(2), field)).length).toBeGreaterThan(0);
  });

  it('refuses an encrypted file whose permissions allow neither form filling nor annotating', async () => {
    const doc = new mupdf.PDFDocument(corpusBytes('basic-pdf15-libreoffice-writer.pdf'));
    // Empty user password, owner password set, permission bits: print only.
    const printOnly = doc.saveToBuffer('encrypt=aes-128,owner-password=owner,user-password=,permissions=4');
    const bytes = printOnly.asUint8Array().slice();
    doc.destroy();
    const code = await addSignatureFields(bytes, [{ name: 'S', page: 1, x: 10, y: 10 }]).catch(
      (e: PdfError) => e.code,
    );
    expect(code).toBe('PDF_SIGNING_NOT_PERMITTED');
  });

  it('inspection reports at upload what refuses the fields later', async () => {
    const doc = new mupdf.PDFDocument(corpusBytes('basic-pdf15-libreoffice-writer.pdf'));
    const printOnly = doc
      .saveToBuffer('encrypt=aes-256,owner-password=owner,user-password=,permissions=4')
      .asUint8Array()
      .slice();
    doc.destroy();
    expect((await inspectPdf(printOnly)).signingNotPermitted).toMatch(/permissions/);
    expect((await inspectPdf(certifiedCorpusFile(1))).signingNotPermitted).toMatch(/certified/);
    expect((await inspectPdf(certifiedCorpusFile(2))).signingNotPermitted).toBeNull();
    const signingAllowed = corpusBytes('encrypted-owner-password-aes128-signing-allowed.pdf');
    expect((await inspectPdf(signingAllowed)).signingNotPermitted).toBeNull();
  });

  // qpdf's permission options per case; 40-bit (R2) knows only print, modify, extract, annotate.
  const forbidden = (handler: string) =>
    handler.startsWith('R2') ? ['--modify=n', '--annotate=n'] : ['--modify=none'];
  const handlers = Object.keys(SECURITY_HANDLERS) as (keyof typeof SECURITY_HANDLERS)[];

  it.each(handlers)(
    '%s: no modifying and no form filling refuses signing, the owner password lifts it',
    async (handler) => {
      const bytes = encryptedCorpusFile('basic-pdf15-libreoffice-writer.pdf', handler, forbidden(handler));
      const info = await inspectPdf(bytes);
      expect(info.encryption).toMatchObject({
        ownerPassword: false,
        permissions: { modify: false, fillForms: false },
      });
      expect(info.signingNotPermitted).toMatch(/permissions forbid/);
      const field = [{ name: 'S', page: 1, x: 10, y: 10 }];
      expect(await addSignatureFields(bytes, field).catch((e: PdfError) => e.code)).toBe(
        'PDF_SIGNING_NOT_PERMITTED',
      );
      // A wrong password changes nothing; the owner password grants every permission.
      expect((await inspectPdf(bytes, { password: 'not-it' })).signingNotPermitted).not.toBeNull();
      const withOwner = await inspectPdf(bytes, { password: OWNER_PASSWORD });
      expect(withOwner.encryption).toMatchObject({ ownerPassword: true, permissions: { modify: true } });
      expect(withOwner.signingNotPermitted).toBeNull();
    },
  );

  it.each([
    ['R2 RC4-40', ['--modify=n'], 'annotating (which fills forms) allowed'],
    ['R3 RC4-128', ['--modify=form'], 'form filling allowed'],
    ['R4 AES-128', ['--modify=annotate'], 'annotating allowed'],
    ['R6 AES-256', ['--modify=form'], 'form filling allowed'],
    ['R6 AES-256', ['--modify=none', '--annotate=y'], 'annotating allowed'],
  ] as const)('%s %j: signing permitted (%s)', async (handler, options, _why) => {
    const bytes = encryptedCorpusFile('basic-pdf15-libreoffice-writer.pdf', handler, [...options]);
    const info = await inspectPdf(bytes);
    expect(info.encryption).toMatchObject({ permissions: { modify: false, fillForms: true } });
    expect(info.signingNotPermitted).toBeNull();
    expect((await addSignatureFields(bytes, [{ name: 'S', page: 1, x: 10, y: 10 }])).length).toBeGreaterThan(
      bytes.length,
    );
  });

  it('drops Reader usage rights, which any change invalidates', async () => {
    const input = corpusBytes('form-irs-f1040-prefilled-incremental-ur3.pdf');
    const before = new mupdf.PDFDocument(input);
    expect(before.getTrailer().get('Root', 'Perms', 'UR3').isDictionary()).toBe(true);
    const after = new mupdf.PDFDocument(
      await addSignatureFields(input, [{ name: 'S', page: 1, x: 10, y: 10 }]),
    );
    expect(after.getTrailer().get('Root', 'Perms', 'UR3').isNull()).toBe(true);
    expect(after.getTrailer().get('Root', 'AcroForm', 'Fields').length).toBe(
      before.getTrailer().get('Root', 'AcroForm', 'Fields').length + 1,
    );
    before.destroy();
    after.destroy();
  });

  it.each([
    [false, true],
    [true, false],
  ])('XFA with /NeedsRendering %s is dropped: %s', async (dynamic, dropped) => {
    const doc = new mupdf.PDFDocument(corpusBytes('form-two-empty-signature-fields-incremental.pdf'));
    const root = doc.getTrailer().get('Root');
    root.get('AcroForm').put('XFA', doc.addStream('<xdp:xdp xmlns:xdp="http://ns.adobe.com/xdp/"/>', {}));
    if (dynamic) root.put('NeedsRendering', true);
    const withXfa = doc.saveToBuffer('incremental').asUint8Array().slice();
    doc.destroy();
    const after = new mupdf.PDFDocument(
      await addSignatureFields(withXfa, [{ name: 'S', page: 1, x: 10, y: 10 }]),
    );
    expect(after.getTrailer().get('Root', 'AcroForm', 'XFA').isNull()).toBe(dropped);
    after.destroy();
  });
});
