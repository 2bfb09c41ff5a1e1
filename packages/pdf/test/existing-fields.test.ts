import * as mupdf from 'mupdf';
import { beforeAll, describe, expect, it } from 'vitest';
import { addSignatureFields, certificationLevel, findSignatureField, inspectPdf } from '../src/index';
import type { FieldLock } from '../src/fields/field-lock';
import { signPdf } from '../src/signature/sign';
import { prepareSignature } from '../src/signature/prepare-signature';
import { validatePdfSignatures } from '../src/signature/validate';
import { useSigningTools, type TestSigner } from './helpers/signing-sandbox';
import { corpusBytes } from './corpus-manifest';

/**
 * Empty signature fields a PDF already has (issue 13 scope 3): inspection reports each one where
 * the editor draws it, signing fills it (its name and place kept, no new field), and the field's
 * /Lock becomes the signature's FieldMDP reference, which the validator enforces.
 */

const tools = useSigningTools();
let seal: TestSigner;
beforeAll(async () => {
  seal = await tools.sandbox.issue('seal', 'Signet Test Seal');
});

const TWO_FIELDS = 'form-two-empty-signature-fields-incremental.pdf';

function sign(pdf: Uint8Array, fieldName: string): Promise<Uint8Array> {
  return signPdf(pdf, {
    fieldName,
    signerCertificate: seal.certificate,
    certificateChain: seal.chain,
    signingTime: new Date(),
    signer: seal.local,
    appearance: { name: 'Signet Test Seal', date: '24.11.2026' },
    level: 'B-LT',
    timestamp: tools.sandbox.timestamp,
    revocation: tools.sandbox.revocation,
    extraCertificates: tools.sandbox.caCertificates,
  });
}

/** The file with a /Lock written into the field `name` (one incremental update), as an author's tool would. */
function withLock(pdf: Uint8Array, name: string, lock: FieldLock): Uint8Array {
  const doc = new mupdf.PDFDocument(pdf);
  try {
    const field = findSignatureField(doc, name);
    if (!field) throw new Error(`no field ${name}`);
    const dict = doc.newDictionary();
    dict.put('Type', doc.newName('SigFieldLock'));
    dict.put('Action', doc.newName(lock.action));
    const fields = doc.newArray();
    for (const f of lock.fields) fields.push(doc.newString(f));
    if (lock.action !== 'All') dict.put('Fields', fields);
    if (lock.permissions !== null) dict.put('P', lock.permissions);
    field.field.put('Lock', doc.addObject(dict));
    return new Uint8Array(doc.saveToBuffer('incremental').asUint8Array());
  } finally {
    doc.destroy();
  }
}

/** The signature dictionary's /Reference entries as (method, params) pairs, read back from the file. */
function references(pdf: Uint8Array, fieldName: string): { method: string; params: string }[] {
  const doc = new mupdf.PDFDocument(pdf);
  try {
    const refs = findSignatureField(doc, fieldName)!.field.get('V').get('Reference');
    const out: { method: string; params: string }[] = [];
    if (refs.isArray()) {
      refs.forEach((r) =>
        out.push({ method: r.get('TransformMethod').asName(), params: r.get('TransformParams').toString() }),
      );
    }
    return out;
  } finally {
    doc.destroy();
  }
}

describe('the empty signature fields of corpus files', () => {
  it.each([
    'form-acrobat-linearized-xref-stream-empty-sig-field.pdf',
    TWO_FIELDS,
    'encrypted-owner-password-aes128-signing-allowed.pdf',
  ])('%s: every empty field is reported, and filled in place', async (file) => {
    const original = corpusBytes(file);
    const info = await inspectPdf(original);
    const empty = info.signatureFields.filter((f) => !f.signed);
    expect(empty.length).toBeGreaterThan(0);
    for (const field of empty) {
      expect(field.page).toBe(1);
      expect(field.lock).toBeNull();
      const page = info.pages[0]!;
      // Displayed top-left coordinates, inside the page: where the editor draws the placeholder.
      expect(field.rect!.width).toBeGreaterThan(0);
      expect(field.rect!.x + field.rect!.width).toBeLessThanOrEqual(page.width + 0.01);
      expect(field.rect!.y + field.rect!.height).toBeLessThanOrEqual(page.height + 0.01);
    }

    // Each field is signed in turn; each signature keeps the earlier ones valid.
    let pdf = original;
    for (const field of empty) pdf = await sign(pdf, field.name);
    const after = await inspectPdf(pdf);
    expect(after.signatureFields.map((f) => f.name)).toEqual(info.signatureFields.map((f) => f.name));
    for (const field of empty) {
      const now = after.signatureFields.find((f) => f.name === field.name)!;
      expect(now.signed).toBe(true);
      expect(now.rect).toEqual(field.rect);
    }
    const pdfsig = await tools.validators.pdfsig(pdf);
    expect(pdfsig.signatures.map((s) => s.fieldName).sort()).toEqual(empty.map((f) => f.name).sort());
    for (const entry of pdfsig.signatures) expect(entry.valid, entry.text).toBe(true);
    const report = await validatePdfSignatures(pdf, { trustAnchors: tools.sandbox.trustListPem });
    for (const signature of report.signatures) {
      expect(signature.indication, JSON.stringify(signature.checks)).toBe('TOTAL-PASSED');
      expect(signature.modificationsAfter.allowed, signature.modificationsAfter.changes.join('\n')).toBe(
        true,
      );
    }
  });

  it('reports a field on a rotated page with an offset MediaBox where it was placed', async () => {
    const original = corpusBytes('mediabox-negative-origin-rotate90.pdf');
    const placed = { name: 'placed', page: 1, x: 40, y: 30, width: 200, height: 90 };
    const info = await inspectPdf(await addSignatureFields(original, [placed]));
    const rect = info.signatureFields.find((f) => f.name === 'placed')!.rect!;
    expect(info.pages[0]!.rotation).toBe(90);
    for (const key of ['x', 'y', 'width', 'height'] as const) expect(rect[key]).toBeCloseTo(placed[key], 3);
  });
});

describe("a field's /Lock becomes the signature's FieldMDP reference", () => {
  it('Include: the lock is reported, written, and a later change to a locked field is disallowed', async () => {
    const lock: FieldLock = { action: 'Include', fields: ['signature-test2'], permissions: null };
    const locked = withLock(corpusBytes(TWO_FIELDS), 'signature-test', lock);
    const field = (await inspectPdf(locked)).signatureFields.find((f) => f.name === 'signature-test');
    expect(field?.lock).toEqual(lock);

    const first = await sign(locked, 'signature-test');
    expect(references(first, 'signature-test')).toEqual([
      {
        method: 'FieldMDP',
        params: '<</Type/TransformParams/Action/Include/Fields[(signature-test2)]/V/1.2>>',
      },
    ]);
    const once = await validatePdfSignatures(first, { trustAnchors: tools.sandbox.trustListPem });
    expect(once.signatures[0]?.modificationsAfter).toMatchObject({ allowed: true, fieldLock: lock });

    // Signing the locked field afterwards is a change the first signature forbids.
    const second = await sign(first, 'signature-test2');
    const twice = await validatePdfSignatures(second, { trustAnchors: tools.sandbox.trustListPem });
    const firstReport = twice.signatures.find((s) => s.fieldName === 'signature-test')!;
    expect(firstReport.modificationsAfter.allowed).toBe(false);
    expect(firstReport.modificationsAfter.changes).toContain(
      'disallowed: field "signature-test2" changed (locked by FieldMDP)',
    );
    expect(firstReport.indication).not.toBe('TOTAL-PASSED');
    // pdfsig still finds both signatures cryptographically intact: the lock is a policy, not a hash.
    const pdfsig = await tools.validators.pdfsig(second);
    expect(pdfsig.signatures.every((s) => s.valid)).toBe(true);
  });

  it('Exclude: fields outside the lock stay free to sign', async () => {
    const lock: FieldLock = { action: 'Exclude', fields: ['signature-test2'], permissions: null };
    const first = await sign(withLock(corpusBytes(TWO_FIELDS), 'signature-test', lock), 'signature-test');
    expect(references(first, 'signature-test')[0]?.params).toContain('/Action/Exclude');
    const second = await sign(first, 'signature-test2');
    const report = await validatePdfSignatures(second, { trustAnchors: tools.sandbox.trustListPem });
    for (const signature of report.signatures) {
      expect(signature.modificationsAfter.allowed, signature.modificationsAfter.changes.join('\n')).toBe(
        true,
      );
      expect(signature.indication).toBe('TOTAL-PASSED');
    }
  });

  it('All with /P 1 on the first signature certifies the document: nothing may be signed after it', async () => {
    const lock: FieldLock = { action: 'All', fields: [], permissions: 1 };
    const first = await sign(withLock(corpusBytes(TWO_FIELDS), 'signature-test', lock), 'signature-test');
    expect(references(first, 'signature-test')).toEqual([
      { method: 'FieldMDP', params: '<</Type/TransformParams/Action/All/P 1/V/1.2>>' },
      { method: 'DocMDP', params: '<</Type/TransformParams/P 1/V/1.2>>' },
    ]);
    const doc = new mupdf.PDFDocument(first);
    try {
      expect(certificationLevel(doc)).toBe(1);
    } finally {
      doc.destroy();
    }
    expect(() =>
      prepareSignature(first, {
        fieldName: 'signature-test2',
        signerCertificate: seal.certificate,
        certificateChain: seal.chain,
        signingTime: new Date(),
      }),
    ).toThrow(expect.objectContaining({ code: 'PDF_SIGNING_NOT_PERMITTED' }));
  });

  it('/P on a later signature stays in its FieldMDP parameters: only the first signature certifies', async () => {
    const lock: FieldLock = { action: 'All', fields: [], permissions: 2 };
    const first = await sign(corpusBytes(TWO_FIELDS), 'signature-test');
    const second = await sign(withLock(first, 'signature-test2', lock), 'signature-test2');
    expect(references(second, 'signature-test2').map((r) => r.method)).toEqual(['FieldMDP']);
    const doc = new mupdf.PDFDocument(second);
    try {
      expect(certificationLevel(doc)).toBeNull();
    } finally {
      doc.destroy();
    }
  });
});
