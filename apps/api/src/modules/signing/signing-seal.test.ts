import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { validatePdfSignatures } from '@signet/pdf';
import { createValidatorWorkspace, type ValidatorWorkspace } from '@signet/pdf/testing';
import type { SignatureRequest } from '@signet/contracts/signature-requests';
import type { User } from '@signet/contracts/accounts';
import type { UserBusiness } from '@signet/contracts/businesses';
import {
  bearer,
  corpusDir,
  createTestApp,
  databaseKinds,
  inviteAndAccept,
  json,
  signUp,
  visitorLink,
  type TestApp,
} from '../../../test/helpers.ts';

const samplePdf = readFileSync(`${corpusDir}basic-pdf15-libreoffice-writer.pdf`);

describe.each(databaseKinds)('signing with a business seal on %s', (kind) => {
  let t: TestApp;
  let validators: ValidatorWorkspace;
  let trustList: string;
  const tokens: Record<string, string> = {};
  const ids: Record<string, string> = {};
  let businessId: string;

  const call = (method: 'GET' | 'POST', url: string, headers: Record<string, string>, payload?: unknown) =>
    t.app.inject({ method, url: `/api${url}`, headers, ...(payload ? { payload: payload as object } : {}) });
  const as = (who: string) => bearer(tokens[who]!);

  beforeAll(async () => {
    t = await createTestApp(kind, { listen: true, env: { LOG_LEVEL: 'error' } });
    for (const [who, firstName] of [
      ['owner', 'Olga'],
      ['admin', 'Alma'],
      ['member', 'Max'],
      ['rival', 'Rita'],
    ] as const) {
      tokens[who] = (await signUp(t, { email: `${who}@example.ch`, firstName, lastName: 'Test' })).token;
      ids[who] = json<User>(await call('GET', '/v1/user', as(who))).id;
    }
    businessId = json<UserBusiness>(
      await call('POST', '/v2/businesses', as('admin'), {
        name: 'Acme AG',
        email: 'info@acme.ch',
        gtc: true,
      }),
    ).id;
    await inviteAndAccept(t, tokens.admin!, businessId, {
      email: 'member@example.ch',
      token: tokens.member!,
    });
    const seal = await call('POST', `/v1/businesses/${businessId}/seals`, as('admin'), {
      accountName: 'acme-invoices',
      displayName: 'Acme Invoices',
    });
    expect(seal.statusCode, seal.body).toBe(201);
    await call('POST', '/v2/businesses', as('rival'), { name: 'Rival GmbH', email: 'r@rival.ch', gtc: true });
    trustList = await (await fetch(`${t.config.publicUrl}/api/v1/trust-list.pem`)).text();
    validators = await createValidatorWorkspace(trustList);
  });
  afterAll(async () => {
    await validators?.dispose();
    await t.close();
  });

  /** An open request of the owner that `signers` (account e-mails) sign, plus a visitor. */
  async function openRequest(signers: string[], quality = 'aes'): Promise<SignatureRequest> {
    const created = await call('POST', '/v3/signature-requests', as('owner'), {
      title: 'Invoice',
      quality,
      documents: [{ title: 'invoice', content: samplePdf.toString('base64') }],
      signatures: [
        ...signers.map((email, index) => ({
          account_email: email,
          visual_signatures: [{ position: { page: 1, x: 40, y: 80 + 180 * index } }],
        })),
        {
          signer_identity_data: {
            email_address: 'vera@example.ch',
            first_name: 'Vera',
            last_name: 'Visitor',
          },
        },
      ],
    });
    expect(created.statusCode, created.body).toBe(201);
    const sent = await call(
      'POST',
      `/v3/signature-requests/${json<SignatureRequest>(created).id}/initiate`,
      as('owner'),
    );
    expect(sent.statusCode, sent.body).toBe(200);
    return json<SignatureRequest>(sent);
  }

  const sealSign = (who: Record<string, string>, id: string, sealAccountName: string, direct = false) =>
    call('POST', direct ? '/v3/direct/sign' : '/v3/sign', who, {
      signatureRequests: [{ id }],
      sealAccountName,
    });

  async function signedPdf(request: SignatureRequest): Promise<Uint8Array> {
    const final = json<SignatureRequest>(
      await call('GET', `/v3/signature-requests/${request.id}`, as('owner')),
    );
    const download = await call('GET', `/v3/documents/${final.documents[0]!.id}/download`, as('owner'));
    return new Uint8Array(download.rawPayload);
  }

  it('refuses a seal to whoever may not use it, before anything is signed', async () => {
    const request = await openRequest(['member@example.ch', 'rival@example.ch']);
    const unknown = await sealSign(as('member'), request.id, 'no-such-seal');
    expect(json(unknown)).toMatchObject({
      statusCode: 404,
      code: 'SEAL_NOT_FOUND',
      field: 'sealAccountName',
    });
    // A member not added to the seal.
    const notAllowed = await sealSign(as('member'), request.id, 'acme-invoices');
    expect(json(notAllowed)).toMatchObject({ statusCode: 403, code: 'SEAL_NOT_ALLOWED' });
    // Another business's admin: the seal does not exist for them.
    const rival = await sealSign(as('rival'), request.id, 'acme-invoices');
    expect(json(rival)).toMatchObject({ statusCode: 404, code: 'SEAL_NOT_FOUND' });
    // The owner belongs to no business.
    expect(json(await sealSign(as('owner'), request.id, 'acme-invoices')).code).toBe('SEAL_NOT_FOUND');
    // A direct-sign visitor has no business.
    const visitor = await visitorLink(t, 'vera@example.ch', request.id);
    const direct = await sealSign(visitor.headers, request.id, 'acme-invoices', true);
    expect(json(direct)).toMatchObject({ statusCode: 403, code: 'SEAL_NOT_ALLOWED' });
    const after = json<SignatureRequest>(
      await call('GET', `/v3/signature-requests/${request.id}`, as('owner')),
    );
    expect(after.signatures.map((s) => s.status_code)).toEqual(['OPEN', 'OPEN', 'OPEN']);
  });

  it('a member added to the seal signs with it; the signature is the seal’s and validates', async () => {
    const added = await call(
      'POST',
      `/v1/businesses/${businessId}/seals/acme-invoices/members`,
      as('admin'),
      {
        user_ids: [ids.member],
      },
    );
    expect(added.statusCode, added.body).toBe(200);
    const freeBefore = json<User>(await call('GET', '/v1/user', as('member'))).attributes
      .free_signatures_remaining;

    const request = await openRequest(['member@example.ch']);
    const signed = await sealSign(as('member'), request.id, 'ACME-Invoices');
    expect(signed.statusCode, signed.body).toBe(200);
    expect(json(signed)).toMatchObject({
      status: 'SUCCESS',
      signed: [{ id: request.id, status_overall: 'OPEN' }],
    });
    // The business sealed it: the member's own free signatures are untouched.
    expect(json<User>(await call('GET', '/v1/user', as('member'))).attributes.free_signatures_remaining).toBe(
      freeBefore,
    );

    const pdf = await signedPdf(request);
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
      await call('GET', `/v3/signature-requests/${request.id}/events`, as('owner')),
    );
    expect(trail.events.find((e) => e.type === 'signed')).toMatchObject({
      actor: ids.member,
      data: { seal: 'acme-invoices' },
    });

    // The admin seals another request: the seal keeps its certificate (one enrolment per legislation).
    const second = await openRequest(['admin@example.ch']);
    expect((await sealSign(as('admin'), second.id, 'acme-invoices')).statusCode).toBe(200);
    const again = await validatePdfSignatures(await signedPdf(second), { trustAnchors: trustList });
    const secondSeal = again.signatures.find(
      (s) => s.fieldName === `Signature-${second.signatures[0]!.sid}`,
    )!;
    expect(secondSeal.indication).toBe('TOTAL-PASSED');
    expect(secondSeal.signer!.serialNumber).toBe(sealed.signer!.serialNumber);

    // Taken off the seal, the member may no longer use it.
    await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/businesses/${businessId}/seals/acme-invoices/members/${ids.member}`,
      headers: as('admin'),
    });
    const third = await openRequest(['member@example.ch']);
    expect(json(await sealSign(as('member'), third.id, 'acme-invoices')).code).toBe('SEAL_NOT_ALLOWED');
  });

  it('refuses to seal a Part 11 request (it needs a person)', async () => {
    const request = await openRequest(['admin@example.ch'], 'part11');
    const refused = await sealSign(as('admin'), request.id, 'acme-invoices');
    expect(json(refused)).toMatchObject({ statusCode: 403, code: 'QUALITY_NOT_AVAILABLE' });
  });
});
