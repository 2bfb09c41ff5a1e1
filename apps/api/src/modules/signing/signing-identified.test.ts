import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createValidatorWorkspace, type ValidatorWorkspace } from '@signet/pdf/testing';
import type { SignatureRequest } from '@signet/contracts/signature-requests';
import { databaseKinds, json, samplePdf, visitorLink } from '../../../test/helpers.ts';
import { cast, useTestApp, visitorSignature } from '../../../test/factories.ts';
import type { Caller, RequestSpec } from '../../../test/factories.ts';
import { latestSmsCode, lockStatus, smsTo } from './signing-fixtures.test-support.ts';

// QES only for a signer an identification verified, account or visitor; the qualified certificate
// names the person as the identification verified them.

describe.each(databaseKinds)('qualified signatures need an identification, on %s', (kind) => {
  const t = useTestApp(kind, { listen: true, users: cast('owner') });
  const { owner } = t.users;
  let validators: ValidatorWorkspace;
  beforeAll(async () => {
    const trustList = await (await fetch(`${t.config.publicUrl}/api/v1/trust-list.pem`)).text();
    validators = await createValidatorWorkspace(trustList);
  });
  afterAll(() => validators.dispose());

  const open = (spec: RequestSpec) =>
    t.request(owner, {
      title: 'Qualified',
      quality: 'qes',
      documents: [{ title: 'c', content: samplePdf }],
      ...spec,
    });
  const sign = (as: Caller, id: string, direct = false) =>
    t.call('POST', direct ? '/v3/direct/sign' : '/v3/sign', as, { signatureRequests: [{ id }] });

  /** The common name of the signer certificate of the PDF's only signature, as pdfsig reads it. */
  async function signerCommonName(request: SignatureRequest): Promise<string> {
    const final = json<SignatureRequest>(await t.call('GET', `/v3/signature-requests/${request.id}`, owner));
    const download = await t.call('GET', `/v3/documents/${final.documents[0]!.id}/download`, owner);
    const { signatures } = await validators.pdfsig(new Uint8Array(download.rawPayload));
    const [signature] = signatures.filter((s) => s.fieldName.startsWith('Signature-'));
    expect(signature).toMatchObject({ valid: true, trusted: true });
    return /Signer Certificate Common Name: (.+)/.exec(signature!.text)![1]!.trim();
  }

  it('refuses QES to an account without a matching identification for the legislation, and sends no code', async () => {
    const mobile = '+41790005001';
    const signer = await t.user({ email: 'unidentified@example.ch', mobile });
    const request = await open({ legislation: 'zertes', signatures: [signer.email] });
    const refused = await sign(signer, request.id);
    expect(refused.statusCode).toBe(403);
    expect(json(refused)).toMatchObject({
      code: 'QUALITY_NOT_AVAILABLE',
      details: { reason: 'IDENTIFICATION_REQUIRED', legislation: 'zertes' },
    });
    // Identified under the other legislation: still not for this request.
    await t.identify(signer, 'eidas');
    expect(json(await sign(signer, request.id)).details).toMatchObject({ reason: 'IDENTIFICATION_REQUIRED' });
    // Identified for ZertES in another name: refused, and the reason says so.
    await t.identify(signer, 'zertes', { documentName: { firstName: 'Other', lastName: 'Person' } });
    expect(json(await sign(signer, request.id)).details).toMatchObject({
      reason: 'IDENTIFICATION_NAME_MISMATCH',
      legislation: 'zertes',
    });
    expect((await smsTo(t, mobile)).messages).toHaveLength(0);
    expect(await lockStatus(t, owner, request.id)).toMatchObject({ locked: false });
  });

  it('signs for an identified account; the qualified certificate names the person as identified', async () => {
    const mobile = '+41790005002';
    const signer = await t.user({ firstName: 'Zoe', lastName: 'Muller', mobile });
    await t.identify(signer, 'zertes', { documentName: { firstName: 'Zoë', lastName: 'Müller' } });
    const request = await open({ legislation: 'zertes', signatures: [signer.email] });
    const started = json<{ status: string; responseId: string }>(await sign(signer, request.id));
    expect(started.status).toBe('TAN_REQUIRED');
    const done = await t.call('POST', `/respond/${started.responseId}`, signer, {
      secret: await latestSmsCode(t, mobile),
    });
    expect(json(done)).toMatchObject({ status: 'SUCCESS', signed: [{ status_overall: 'SIGNED' }] });
    expect(await signerCommonName(request)).toBe('Zoë Müller');
  });

  it('refuses a visitor without identification, and signs once they identified from their link', async () => {
    const mobile = '+41790005003';
    const request = await open({
      legislation: 'eidas',
      signatures: [visitorSignature('vis@example.ch', 'Vera', 'Visitatrice', { mobile_number: mobile })],
    });
    const link = await visitorLink(t, 'vis@example.ch', request.id);
    const refused = await sign(link, request.id, true);
    expect(json(refused)).toMatchObject({
      statusCode: 403,
      code: 'QUALITY_NOT_AVAILABLE',
      details: { reason: 'IDENTIFICATION_REQUIRED', legislation: 'eidas' },
    });
    expect(await t.identify(link, 'eidas', { kind: 'video' })).toMatchObject({ status: 'activatingQES' });
    const started = json<{ responseId: string }>(await sign(link, request.id, true));
    const done = await t.call('POST', '/v1/direct/tan/check', link, {
      responseId: started.responseId,
      secret: await latestSmsCode(t, mobile),
    });
    expect(json(done)).toMatchObject({ status: 'SUCCESS' });
    expect(await signerCommonName(request)).toBe('Vera Visitatrice');
  });
});
