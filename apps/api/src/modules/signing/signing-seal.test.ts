import { execFileSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { validatePdfSignatures } from '@signet/pdf';
import { createValidatorWorkspace, type ValidatorWorkspace } from '@signet/pdf/testing';
import type { SignatureRequest } from '@signet/contracts/signature-requests';
import type { User } from '@signet/contracts/accounts';
import { databaseKinds, json, samplePdf, visitorLink } from '../../../test/helpers.ts';
import { cast, useTestApp, type Caller, visitorSignature } from '../../../test/factories.ts';
import { signatureStroke } from '../../../test/images.ts';

describe.each(databaseKinds)('signing with a business seal on %s', (kind) => {
  const t = useTestApp(kind, {
    listen: true,
    env: { LOG_LEVEL: 'error' },
    users: cast('owner', 'admin', 'member', 'rival'),
  });
  const { owner, admin, member, rival } = t.users;
  let validators: ValidatorWorkspace;
  let trustList: string;
  let businessId: string;

  beforeAll(async () => {
    const business = await t.business(admin, { name: 'Acme AG', email: 'info@acme.ch' });
    businessId = business.id;
    await t.member(business, member);
    const seal = await t.call('POST', `/v1/businesses/${businessId}/seals`, admin, {
      accountName: 'acme-invoices',
      displayName: 'Acme Invoices',
    });
    expect(seal.statusCode, seal.body).toBe(201);
    await t.business(rival, { name: 'Rival GmbH', email: 'r@rival.ch' });
    trustList = await (await fetch(`${t.config.publicUrl}/api/v1/trust-list.pem`)).text();
    validators = await createValidatorWorkspace(trustList);
  });
  afterAll(() => validators?.dispose());

  /** An open request of the owner that `signers` (account e-mails) sign, plus a visitor. */
  function openRequest(signers: string[], quality: 'aes' | 'part11' = 'aes'): Promise<SignatureRequest> {
    return t.request(owner, {
      title: 'Invoice',
      quality,
      documents: [{ title: 'invoice', content: samplePdf }],
      signatures: [
        ...signers.map((email, index) => ({
          account_email: email,
          visual_signatures: [{ position: { page: 1, x: 40, y: 80 + 180 * index } }],
        })),
        visitorSignature('vera@example.ch', 'Vera', 'Visitor'),
      ],
    });
  }

  const sealSign = (who: Caller, id: string, sealAccountName: string, direct = false) =>
    t.call('POST', direct ? '/v3/direct/sign' : '/v3/sign', who, {
      signatureRequests: [{ id }],
      sealAccountName,
    });

  async function signedPdf(request: SignatureRequest): Promise<Uint8Array> {
    const final = json<SignatureRequest>(await t.call('GET', `/v3/signature-requests/${request.id}`, owner));
    const download = await t.call('GET', `/v3/documents/${final.documents[0]!.id}/download`, owner);
    return new Uint8Array(download.rawPayload);
  }

  it('refuses a seal to whoever may not use it, before anything is signed', async () => {
    const request = await openRequest(['member@example.ch', 'rival@example.ch']);
    const unknown = await sealSign(member, request.id, 'no-such-seal');
    expect(json(unknown)).toMatchObject({
      statusCode: 404,
      code: 'SEAL_NOT_FOUND',
      field: 'sealAccountName',
    });
    // A member not added to the seal.
    const notAllowed = await sealSign(member, request.id, 'acme-invoices');
    expect(json(notAllowed)).toMatchObject({ statusCode: 403, code: 'SEAL_NOT_ALLOWED' });
    // Another business's admin: the seal does not exist for them.
    const byRival = await sealSign(rival, request.id, 'acme-invoices');
    expect(json(byRival)).toMatchObject({ statusCode: 404, code: 'SEAL_NOT_FOUND' });
    // The owner belongs to no business.
    expect(json(await sealSign(owner, request.id, 'acme-invoices')).code).toBe('SEAL_NOT_FOUND');
    // A direct-sign visitor has no business.
    const visitor = await visitorLink(t, 'vera@example.ch', request.id);
    const direct = await sealSign(visitor.headers, request.id, 'acme-invoices', true);
    expect(json(direct)).toMatchObject({ statusCode: 403, code: 'SEAL_NOT_ALLOWED' });
    const after = json<SignatureRequest>(await t.call('GET', `/v3/signature-requests/${request.id}`, owner));
    expect(after.signatures.map((s) => s.status_code)).toEqual(['OPEN', 'OPEN', 'OPEN']);
  });

  it('a member added to the seal signs with it; the signature is the seal’s and validates', async () => {
    const added = await t.call('POST', `/v1/businesses/${businessId}/seals/acme-invoices/members`, admin, {
      user_ids: [member.id],
    });
    expect(added.statusCode, added.body).toBe(200);
    const freeBefore = json<User>(await t.call('GET', '/v1/user', member)).attributes
      .free_signatures_remaining;

    // The member's own default visual signature is theirs: a seal's stamp does not use it.
    const own = await t.call('POST', '/v1/user/visual-signatures', member, {
      alias: 'Own',
      name: 'Max Private',
    });
    expect(own.statusCode, own.body).toBe(201);

    const request = await openRequest(['member@example.ch']);
    const signed = await sealSign(member, request.id, 'ACME-Invoices');
    expect(signed.statusCode, signed.body).toBe(200);
    expect(json(signed)).toMatchObject({
      status: 'SUCCESS',
      signed: [{ id: request.id, status_overall: 'OPEN' }],
    });
    // The business sealed it: the member's own free signatures are untouched.
    expect(json<User>(await t.call('GET', '/v1/user', member)).attributes.free_signatures_remaining).toBe(
      freeBefore,
    );

    const pdf = await signedPdf(request);
    const stampText = execFileSync('pdftotext', ['-', '-'], { input: pdf }).toString();
    expect(stampText).toContain('Acme Invoices');
    expect(stampText).not.toContain('Max Private');
    const field = `Signature-${request.signatures[0]!.sid}`;
    const { signatures } = await validators.pdfsig(pdf);
    const entry = signatures.find((s) => s.fieldName === field)!;
    expect({ valid: entry.valid, trusted: entry.trusted }).toEqual({ valid: true, trusted: true });
    expect(entry.text).toMatch(/Signer Certificate Common Name: Acme Invoices$/m);

    const report = await validatePdfSignatures(pdf, { trustAnchors: trustList });
    const sealed = report.signatures.find((s) => s.fieldName === field)!;
    expect({ indication: sealed.indication, level: sealed.level }).toEqual({
      indication: 'TOTAL-PASSED',
      level: 'B-LT',
    });
    expect(sealed.signer!.subject).toContain('CN=Acme Invoices');
    expect(sealed.signer!.subject).toContain('O=Acme AG');

    // The audit trail names the seal; the request records the seal's certificate.
    const trail = json<{ events: Array<{ type: string; actor: string; data: Record<string, unknown> }> }>(
      await t.call('GET', `/v3/signature-requests/${request.id}/events`, owner),
    );
    expect(trail.events.find((e) => e.type === 'signed')).toMatchObject({
      actor: member.id,
      data: { seal: 'acme-invoices' },
    });

    // The admin seals another request: the seal keeps its certificate (one enrolment per legislation).
    const second = await openRequest(['admin@example.ch']);
    expect((await sealSign(admin, second.id, 'acme-invoices')).statusCode).toBe(200);
    const again = await validatePdfSignatures(await signedPdf(second), { trustAnchors: trustList });
    const secondSeal = again.signatures.find(
      (s) => s.fieldName === `Signature-${second.signatures[0]!.sid}`,
    )!;
    expect(secondSeal.indication).toBe('TOTAL-PASSED');
    expect(secondSeal.signer!.serialNumber).toBe(sealed.signer!.serialNumber);

    // Taken off the seal, the member may no longer use it.
    await t.call('DELETE', `/v1/businesses/${businessId}/seals/acme-invoices/members`, admin, {
      user_ids: [member.id],
    });
    const third = await openRequest(['member@example.ch']);
    expect(json(await sealSign(member, third.id, 'acme-invoices')).code).toBe('SEAL_NOT_ALLOWED');
  });

  it("draws the seal's image, organisation and location in its stamp; the certificate names the organisation", async () => {
    const seal = `/v1/businesses/${businessId}/seals/acme-invoices`;
    const image = await t.upload(`${seal}/image`, admin, [
      { name: 'image', filename: 'seal.png', contentType: 'image/png', content: await signatureStroke() },
    ]);
    expect(image.statusCode, image.body).toBe(200);
    const data = await t.call('PUT', `${seal}/data`, admin, {
      organization: 'Acme Billing',
      location: 'Zürich',
    });
    expect(data.statusCode, data.body).toBe(200);

    const request = await openRequest(['admin@example.ch']);
    expect((await sealSign(admin, request.id, 'acme-invoices')).statusCode).toBe(200);
    const pdf = await signedPdf(request);
    const stampText = execFileSync('pdftotext', ['-', '-'], { input: pdf }).toString();
    expect(stampText).toContain('Acme Invoices');
    expect(stampText).toContain('Acme Billing');
    expect(stampText).toContain('Zürich');
    // The seal's 480 × 160 image is in the document (pdfimages lists each image with its size).
    const images = execFileSync('pdfimages', ['-list', '-'], { input: pdf }).toString();
    expect(images).toMatch(/^\s*\d+\s+\d+\s+\w+\s+480\s+160\s/m);

    const field = `Signature-${request.signatures[0]!.sid}`;
    const entry = (await validators.pdfsig(pdf)).signatures.find((s) => s.fieldName === field)!;
    expect({ valid: entry.valid, trusted: entry.trusted }).toEqual({ valid: true, trusted: true });
    expect(entry.text).toMatch(/Signer Certificate Common Name: Acme Invoices$/m);
    // The organisation changed: the seal got a certificate naming the new one.
    const report = await validatePdfSignatures(pdf, { trustAnchors: trustList });
    expect(report.signatures.find((s) => s.fieldName === field)!.signer!.subject).toContain('O=Acme Billing');
  });

  it('refuses to seal a Part 11 request (it needs a person)', async () => {
    const request = await openRequest(['admin@example.ch'], 'part11');
    const refused = await sealSign(admin, request.id, 'acme-invoices');
    expect(json(refused)).toMatchObject({ statusCode: 403, code: 'QUALITY_NOT_AVAILABLE' });
  });
});
