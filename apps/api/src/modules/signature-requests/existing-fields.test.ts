import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inspectPdf } from '@signet/pdf';
import { createValidatorWorkspace, type ValidatorWorkspace } from '@signet/pdf/testing';
import type { Document } from '@signet/contracts/documents';
import type { SignatureRequest } from '@signet/contracts/signature-requests';
import { corpus, databaseKinds, json } from '../../../test/helpers.ts';
import { cast, useTestApp } from '../../../test/factories.ts';

// A PDF's own empty signature fields (issue 13): the document lists them, a signer is placed on one
// by its name, and signing fills that field instead of adding one.

const TWO_FIELDS = 'form-two-empty-signature-fields-incremental.pdf';

describe.each(databaseKinds)('existing signature fields on %s', (kind) => {
  const t = useTestApp(kind, {
    listen: true,
    env: { LOG_LEVEL: 'error' },
    users: {
      ...cast('owner'),
      anna: { email: 'anna@example.ch', firstName: 'Anna', lastName: 'Advanced' },
      sepp: { email: 'sepp@example.ch', firstName: 'Sepp', lastName: 'Simple' },
    },
  });
  const { owner, anna, sepp } = t.users;
  let validators: ValidatorWorkspace;
  beforeAll(async () => {
    const trustList = await (await fetch(`${t.config.publicUrl}/api/v1/trust-list.pem`)).text();
    validators = await createValidatorWorkspace(trustList);
  });
  afterAll(() => validators.dispose());

  const upload = async (file: string): Promise<Document> => {
    const response = await t.upload('/v3/documents', owner, [
      { name: 'file', filename: file, content: corpus(file) },
    ]);
    expect(response.statusCode, response.body).toBe(201);
    return json<{ documents: Document[] }>(response).documents[0]!;
  };

  const draft = (documentId: string, signatures: unknown[]) =>
    t.call('POST', '/v3/signature-requests', owner, {
      title: 'Lease',
      documents: [{ id: documentId }],
      signatures,
    });

  it("lists a document's empty fields in the editor's coordinates, and only the empty ones", async () => {
    const document = await upload(TWO_FIELDS);
    expect(document.signatureFields).toEqual([
      { name: 'signature-test', page: 1, x: 50, y: 592, width: 200, height: 200, lock: null },
      { name: 'signature-test2', page: 1, x: 100, y: 692, width: 50, height: 50, lock: null },
    ]);
    // Both fields of this file hold signatures already: none is offered.
    const signed = await upload('signed-pkcs7-two-signatures-xref-stream.pdf');
    expect(signed.signatureCount).toBe(2);
    expect(signed.signatureFields).toEqual([]);
    expect(
      json<Document>(await t.call('GET', `/v3/documents/${document.id}`, owner)).signatureFields,
    ).toEqual(document.signatureFields);
  });

  it('signers placed on existing fields sign into them: the signed PDF has no new field', async () => {
    const document = await upload(TWO_FIELDS);
    const created = await draft(document.id, [
      { account_email: anna.email, visual_signatures: [{ field_name: 'signature-test' }] },
      { account_email: sepp.email, visual_signatures: [{ field_name: 'signature-test2' }] },
    ]);
    expect(created.statusCode, created.body).toBe(201);
    const request = json<SignatureRequest>(created);
    expect(request.signatures.map((s) => s.visual_signatures)).toEqual([
      [
        {
          document_id: document.id,
          field_name: 'signature-test',
          position: { page: 1, x: 50, y: 592, width: 200, height: 200 },
        },
      ],
      [
        {
          document_id: document.id,
          field_name: 'signature-test2',
          position: { page: 1, x: 100, y: 692, width: 50, height: 50 },
        },
      ],
    ]);
    await t.send(request, owner);
    await t.sign(request, anna);
    await t.sign(request, sepp);

    const download = await t.call('GET', `/v3/documents/${document.id}/download`, owner);
    const pdf = new Uint8Array(download.rawPayload);
    const info = await inspectPdf(pdf);
    // The two fields of the file, both signed, where they were: Signet added none of its own.
    expect(info.signatureFields.map((f) => [f.name, f.signed])).toEqual([
      ['signature-test', true],
      ['signature-test2', true],
    ]);
    expect(info.signatureFields[0]!.rect).toEqual({ x: 50, y: 592, width: 200, height: 200 });
    const { signatures } = await validators.pdfsig(pdf);
    expect(signatures.map((s) => s.fieldName).sort()).toEqual(['signature-test', 'signature-test2']);
    for (const s of signatures) expect(s.valid, s.text).toBe(true);
    // Signed fields are no longer offered.
    const after = json<Document>(await t.call('GET', `/v3/documents/${document.id}`, owner));
    expect(after).toMatchObject({ signatureCount: 2, signatureFields: [] });
  });

  it.each([
    'form-acrobat-linearized-xref-stream-empty-sig-field.pdf',
    'encrypted-owner-password-aes128-signing-allowed.pdf',
  ])('%s: a signer signs into its own field "Signature1"', async (file) => {
    const document = await upload(file);
    expect(document.signatureFields.map((f) => f.name)).toEqual(['Signature1']);
    const created = await draft(document.id, [
      { account_email: anna.email, visual_signatures: [{ field_name: 'Signature1' }] },
    ]);
    expect(created.statusCode, created.body).toBe(201);
    const request = await t.send(json<SignatureRequest>(created), owner);
    await t.sign(request, anna);
    const download = await t.call('GET', `/v3/documents/${document.id}/download`, owner);
    const pdf = new Uint8Array(download.rawPayload);
    expect((await inspectPdf(pdf)).signatureFields.map((f) => [f.name, f.signed])).toEqual([
      ['Signature1', true],
    ]);
    const { signatures } = await validators.pdfsig(pdf);
    expect(signatures.map((s) => [s.fieldName, s.valid])).toEqual([['Signature1', true]]);
  });

  it('a signer on an existing field and one placed freely: only the free one gets a new field', async () => {
    const document = await upload(TWO_FIELDS);
    const created = await draft(document.id, [
      { account_email: anna.email, visual_signatures: [{ field_name: 'signature-test2' }] },
      { account_email: sepp.email, visual_signatures: [{ position: { page: 1, x: 250, y: 40 } }] },
    ]);
    expect(created.statusCode, created.body).toBe(201);
    const request = json<SignatureRequest>(created);
    await t.send(request, owner);
    await t.sign(request, anna);
    const download = await t.call('GET', `/v3/documents/${document.id}/download`, owner);
    const names = (await inspectPdf(new Uint8Array(download.rawPayload))).signatureFields.map((f) => [
      f.name,
      f.signed,
    ]);
    expect(names).toEqual([
      ['signature-test', false],
      ['signature-test2', true],
      [`Signature-${request.signatures[1]!.sid}`, false],
    ]);
  });

  it('refuses a field the document does not offer, one field for two signers, and position with field_name', async () => {
    const document = await upload(TWO_FIELDS);
    const unknown = await draft(document.id, [
      { account_email: anna.email, visual_signatures: [{ field_name: 'Signature1' }] },
    ]);
    expect(unknown.statusCode).toBe(400);
    expect(json(unknown)).toMatchObject({
      code: 'VALIDATION_FAILED',
      field: 'signatures.0.visual_signatures.0.field_name',
    });
    expect(json<{ message: string }>(unknown).message).toContain('"Signature1"');

    const shared = await draft(document.id, [
      { account_email: anna.email, visual_signatures: [{ field_name: 'signature-test' }] },
      { account_email: sepp.email, visual_signatures: [{ field_name: 'signature-test' }] },
    ]);
    expect(shared.statusCode).toBe(400);
    expect(json(shared)).toMatchObject({
      code: 'VALIDATION_FAILED',
      field: 'signatures.1.visual_signatures.0.field_name',
    });

    const both = await draft(document.id, [
      {
        account_email: anna.email,
        visual_signatures: [{ field_name: 'signature-test', position: { page: 1, x: 0, y: 0 } }],
      },
    ]);
    expect(both.statusCode).toBe(400);
    expect(json(both)).toMatchObject({ code: 'VALIDATION_FAILED' });
    expect(json<{ field: string }>(both).field).toContain('visual_signatures');

    // Adding a signer later: the field another signer has is refused too.
    const request = json<SignatureRequest>(
      await draft(document.id, [
        { account_email: anna.email, visual_signatures: [{ field_name: 'signature-test' }] },
      ]),
    );
    const added = await t.call('POST', `/v3/signature-requests/${request.id}/signatures`, owner, {
      account_email: sepp.email,
      visual_signatures: [{ field_name: 'signature-test' }],
    });
    expect(added.statusCode).toBe(400);
    expect(json(added)).toMatchObject({ code: 'VALIDATION_FAILED', field: 'visual_signatures.0.field_name' });
  });
});
