import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inspectPdf, validatePdfSignatures } from '@signet/pdf';
import { createValidatorWorkspace, extractSignature, type ValidatorWorkspace } from '@signet/pdf/testing';
import type { SignatureRequest } from '@signet/contracts/signature-requests';
import { corpus, databaseKinds, deliveredMails, json, visitorLink } from '../../../test/helpers.ts';
import { cast, useTestApp, type RequestSpec, visitorSignature } from '../../../test/factories.ts';
import { latestSmsCode } from './signing-fixtures.test-support.ts';

describe.each(databaseKinds)('signing on %s', (kind) => {
  const t = useTestApp(kind, {
    listen: true,
    env: { LOG_LEVEL: 'error' },
    users: {
      ...cast('owner'),
      aes: { email: 'anna@example.ch', firstName: 'Anna', lastName: 'Advanced' },
      ses: { email: 'sepp@example.ch', firstName: 'Sepp', lastName: 'Simple' },
    },
  });
  const { owner, aes: anna, ses: sepp } = t.users;
  let validators: ValidatorWorkspace;
  beforeAll(async () => {
    const trustList = await (await fetch(`${t.config.publicUrl}/api/v1/trust-list.pem`)).text();
    validators = await createValidatorWorkspace(trustList);
  });
  afterAll(() => validators.dispose());

  /** An open request of the owner: a "Contract" of the corpus file `file`. */
  const openRequest = (file: string, spec: RequestSpec) =>
    t.request(owner, {
      title: 'Contract',
      documents: [{ title: 'contract', content: corpus(file) }],
      ...spec,
    });

  it('AES, SES and a visitor with QES sign in order; the PDF validates in pdfsig, qpdf, openssl and the engine', async () => {
    const request = await openRequest('form-two-empty-signature-fields-incremental.pdf', {
      signing_order: true,
      quality: 'aes',
      signatures: [
        { account_email: 'anna@example.ch', visual_signatures: [{ position: { page: 1, x: 40, y: 80 } }] },
        {
          account_email: 'sepp@example.ch',
          quality: 'ses',
          visual_signatures: [{ position: { page: 1, x: 40, y: 260 } }],
        },
        {
          ...visitorSignature('vera@example.ch', 'Vera', 'Visitor', {
            mobile_number: '+41 79 555 12 34',
            language: 'it',
          }),
          quality: 'qes',
          visual_signatures: [{ position: { page: 1, x: 40, y: 440 } }],
        },
      ],
      observers: ['watcher@example.ch'],
    });
    const [aes, ses, visitor] = request.signatures;

    // Signing order: the second signer cannot go first.
    const early = await t.call('POST', '/v3/sign', sepp, {
      signatureRequests: [{ id: request.id }],
    });
    expect(early.statusCode).toBe(409);
    expect(json(early).code).toBe('NOT_YOUR_TURN');

    const first = await t.call('POST', '/v3/sign', anna, {
      signatureRequests: [{ id: request.id }],
      language: 'en-gb',
    });
    expect(first.statusCode, first.body).toBe(200);
    expect(json(first)).toEqual({
      status: 'SUCCESS',
      responseId: null,
      signed: [{ id: request.id, status_overall: 'OPEN' }],
    });
    const twice = await t.call('POST', '/v3/sign', anna, {
      signatureRequests: [{ id: request.id }],
    });
    expect(json(twice).code).toBe('ALREADY_SIGNED');
    // The owner hears of it; the next signer is invited.
    expect((await deliveredMails(t, 'owner@example.ch'))[0]!.subject).toBe('Anna Advanced signed "Contract"');

    expect(
      (await t.call('POST', '/v3/sign', sepp, { signatureRequests: [{ id: request.id }] })).statusCode,
    ).toBe(200);

    // The visitor: direct credentials, QES with the TAN from the SMS outbox.
    const link = await visitorLink(t, 'vera@example.ch', request.id);
    const direct = link.headers;
    await t.identify(link, 'zertes');
    const started = await t.call('POST', '/v3/direct/sign', direct, {
      signatureRequests: [{ id: request.id }],
      language: 'it',
    });
    expect(started.statusCode, started.body).toBe(200);
    const { responseId, status } = json<{ responseId: string; status: string }>(started);
    expect(status).toBe('TAN_REQUIRED');
    const code = await latestSmsCode(t, '+41795551234');
    const wrong = await t.call('POST', '/v1/direct/tan/check', direct, {
      responseId,
      secret: code === '000000' ? '111111' : '000000',
    });
    expect(json(wrong)).toMatchObject({ statusCode: 400, code: 'TAN_INVALID', field: 'secret' });
    const done = await t.call('POST', '/v1/direct/tan/check', direct, { responseId, secret: code });
    expect(done.statusCode, done.body).toBe(200);
    expect(json(done)).toMatchObject({
      status: 'SUCCESS',
      signed: [{ id: request.id, status_overall: 'SIGNED' }],
    });

    // Completed: everybody, observers included, gets the mail.
    for (const to of ['owner@example.ch', 'anna@example.ch', 'vera@example.ch', 'watcher@example.ch'])
      expect(
        (await deliveredMails(t, to)).some(
          (m) => m.text.includes('Contract') && /signed by everyone|firmato da tutti/.test(m.subject),
        ),
        to,
      ).toBe(true);

    const final = json<SignatureRequest>(await t.call('GET', `/v3/signature-requests/${request.id}`, owner));
    const download = await t.call('GET', `/v3/documents/${final.documents[0]!.id}/download`, owner);
    const pdf = new Uint8Array(download.rawPayload);
    expect(
      Buffer.compare(
        Buffer.from(pdf.subarray(0, corpus('form-two-empty-signature-fields-incremental.pdf').length)),
        corpus('form-two-empty-signature-fields-incremental.pdf'),
      ),
    ).toBe(0);

    const { signatures } = await validators.pdfsig(pdf);
    const ours = signatures.filter((s) => s.fieldName.startsWith('Signature-'));
    expect(ours.map((s) => s.fieldName).sort()).toEqual(
      [aes, ses, visitor].map((s) => `Signature-${s!.sid}`).sort(),
    );
    const roles: Record<string, string> = {
      [`Signature-${aes!.sid}`]: 'aes',
      [`Signature-${ses!.sid}`]: 'ses',
      [`Signature-${visitor!.sid}`]: 'qes',
    };
    for (const s of ours)
      expect({ role: roles[s.fieldName], valid: s.valid, trusted: s.trusted, text: s.text }).toEqual({
        role: roles[s.fieldName],
        valid: true,
        trusted: true,
        text: s.text,
      });
    expect((await validators.qpdfCheck(pdf)).code).toBe(0);

    const info = await inspectPdf(pdf);
    for (const field of info.signatureFields.filter((f) => f.name.startsWith('Signature-'))) {
      const { cms, signedBytes } = extractSignature(pdf, field.byteRange!);
      expect((await validators.opensslCmsVerify(cms, signedBytes)).code, field.name).toBe(0);
      expect((await validators.opensslTsVerify(cms)).code, field.name).toBe(0);
    }
    const report = await validatePdfSignatures(pdf, {
      trustAnchors: await (await fetch(`${t.config.publicUrl}/api/v1/trust-list.pem`)).text(),
    });
    const signed = report.signatures.filter(
      (s) => s.kind === 'signature' && s.fieldName.startsWith('Signature-'),
    );
    expect(signed).toHaveLength(3);
    // Reading the mails ran the jobs, the completed request's archive timestamp among them.
    for (const s of signed)
      expect({ field: s.fieldName, indication: s.indication, level: s.level }).toEqual({
        field: s.fieldName,
        indication: 'TOTAL-PASSED',
        level: 'B-LTA',
      });
    // Every certificate is in its signer's name.
    expect(signed.find((s) => s.fieldName === `Signature-${visitor!.sid}`)!.signer!.subject).toContain(
      'Vera Visitor',
    );
    expect(signed.find((s) => s.fieldName === `Signature-${aes!.sid}`)!.signer!.subject).toContain(
      'Anna Advanced',
    );
    expect(signed.find((s) => s.fieldName === `Signature-${ses!.sid}`)!.signer!.subject).toContain(
      'Sepp Simple',
    );

    const trail = json<{ chain_valid: boolean; events: Array<{ type: string }> }>(
      await t.call('GET', `/v3/signature-requests/${request.id}/events`, owner),
    );
    expect(trail.chain_valid).toBe(true);
    expect(trail.events.map((e) => e.type)).toEqual([
      'created',
      'initiated',
      'signed',
      'signed',
      // The visitor identified for this request (QES): its end is in the request's trail.
      'identification finished',
      'tan sent',
      'tan refused',
      'signed',
      'completed',
    ]);
  });

  it('spends free signatures and refuses at zero with a clear code', async () => {
    const frugal = await t.user({ email: 'frugal@example.ch' });
    await t.database.db.execute(
      `update users set attributes = jsonb_set(attributes, '{free_signatures_remaining}', '1') where email = 'frugal@example.ch'` as never,
    );
    const one = await openRequest('basic-pdf15-libreoffice-writer.pdf', {
      signatures: [{ account_email: 'frugal@example.ch' }],
    });
    const two = await openRequest('basic-pdf15-libreoffice-writer.pdf', {
      signatures: [{ account_email: 'frugal@example.ch' }],
    });
    expect(
      (await t.call('POST', '/v3/sign', frugal, { signatureRequests: [{ id: one.id }] })).statusCode,
    ).toBe(200);
    const me = json<{ attributes: { free_signatures_remaining: number } }>(
      await t.call('GET', '/v1/user', frugal),
    );
    expect(me.attributes.free_signatures_remaining).toBe(0);
    const refused = await t.call('POST', '/v3/sign', frugal, { signatureRequests: [{ id: two.id }] });
    expect(refused.statusCode).toBe(403);
    expect(json(refused).code).toBe('FREE_SIGNATURES_EXHAUSTED');
    // Nothing changed: the request is still open and its document unsigned.
    const after = json<SignatureRequest>(await t.call('GET', `/v3/signature-requests/${two.id}`, frugal));
    expect(after).toMatchObject({ status_overall: 'OPEN', signed_count: 0 });
    expect(after.documents[0]!.signatureCount).toBe(0);
  });

  it('signs several requests in one batch', async () => {
    const batch = await Promise.all(
      [1, 2, 3].map(() =>
        openRequest('pdf20-simple-pdfassociation.pdf', {
          signatures: [{ account_email: 'sepp@example.ch' }],
        }),
      ),
    );
    const response = await t.call('POST', '/v3/sign', sepp, {
      signatureRequests: batch.map((r) => ({ id: r.id })),
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(
      json<{ signed: Array<{ status_overall: string }> }>(response).signed.map((s) => s.status_overall),
    ).toEqual(['SIGNED', 'SIGNED', 'SIGNED']);
  });

  it('keeps other people and visitors of other requests out', async () => {
    const request = await openRequest('basic-pdf15-libreoffice-writer.pdf', {
      signatures: [{ account_email: 'anna@example.ch' }],
    });
    const other = await openRequest('basic-pdf15-libreoffice-writer.pdf', {
      signatures: [visitorSignature('x@example.ch', 'X', 'Y', { mobile_number: '+41791112233' })],
    });
    const strangerVisitor = (await visitorLink(t, 'x@example.ch', other.id)).headers;
    expect(
      (await t.call('POST', '/v3/direct/sign', strangerVisitor, { signatureRequests: [{ id: request.id }] }))
        .statusCode,
    ).toBe(404);
    expect(
      (await t.call('POST', '/v3/sign', sepp, { signatureRequests: [{ id: request.id }] })).statusCode,
    ).toBe(404);
    expect(
      (await t.call('POST', '/v3/sign', owner, { signatureRequests: [{ id: request.id }] })).statusCode,
    ).toBe(403);
  });
});
