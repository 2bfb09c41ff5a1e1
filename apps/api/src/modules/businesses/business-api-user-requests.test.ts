import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createValidatorWorkspace, type ValidatorWorkspace } from '@signet/pdf/testing';
import type { ApiUserTokenResponse, ApiUserWithSecret } from '@signet/contracts/business-api-users';
import type { SignatureRequest } from '@signet/contracts/signature-requests';
import { cast, useTestApp, visitorSignature, type TestBusiness } from '../../../test/factories.ts';
import { basicFor, bearer, databaseKinds, json, samplePdf, visitorLink } from '../../../test/helpers.ts';

/**
 * What an API user sees: the requests it made (through its service account), as a member sees
 * their own: list, read, audit trail, download. Another API user of the same business, the
 * business's people, and another business's API user get 404 for them. And an API user seals with
 * a seal it was given, through the same sealing call; pdfsig validates the seal.
 */
describe.each(databaseKinds)("an API user's own requests on %s", (kind) => {
  const t = useTestApp(kind, { listen: true, users: cast('admin', 'member', 'rival') });
  const { admin, member, rival } = t.users;
  let acme: TestBusiness;
  let validators: ValidatorWorkspace;
  const apiUser = async (business: TestBusiness, who: typeof admin, username: string) => {
    const created = await t.call('POST', `/v1/businesses/${business.id}/apis`, who, { username });
    expect(created.statusCode, created.body).toBe(201);
    return json<ApiUserWithSecret>(created);
  };
  const as = (robot: ApiUserWithSecret) => basicFor(robot.username, robot.secret);

  beforeAll(async () => {
    acme = await t.business(admin, { name: 'Acme AG' });
    await t.member(acme, member);
    const trustList = await (await fetch(`${t.config.publicUrl}/api/v1/trust-list.pem`)).text();
    validators = await createValidatorWorkspace(trustList);
  });
  afterAll(() => validators?.dispose());

  it('lists, reads, audits and downloads its own requests; others of the business and elsewhere get 404', async () => {
    const sender = await apiUser(acme, admin, 'api-own-sender');
    const sibling = await apiUser(acme, admin, 'api-own-sibling');
    const rivalBusiness = await t.business(rival, { name: 'Rival GmbH' });
    const stranger = await apiUser(rivalBusiness, rival, 'api-own-stranger');

    const created = await t.call('POST', '/v3/signature-requests', as(sender), {
      title: 'Own request',
      documents: [{ title: 'contract', content: samplePdf.toString('base64') }],
      signatures: [visitorSignature(t.email('visitor'), 'Vera', 'Visitor')],
    });
    const request = json<SignatureRequest>(created);
    await t.call('POST', `/v3/signature-requests/${request.id}/initiate`, as(sender));
    await t.sign(request, await visitorLink(t, request.signatures[0]!.email, request.id));
    const documentId = request.documents[0]!.id;
    const reads = [
      `/v3/signature-requests/${request.id}`,
      `/v3/signature-requests/${request.id}/events`,
      `/v3/documents/${documentId}/download`,
      `/v3/signature-requests/${request.id}/zip`,
    ];

    for (const url of reads) {
      const own = await t.call('GET', url, as(sender));
      expect(own.statusCode, url).toBe(200);
    }
    const events = json<{ events: Array<{ type: string }> }>(
      await t.call('GET', `/v3/signature-requests/${request.id}/events`, as(sender)),
    ).events;
    expect(events.map((event) => event.type)).toEqual(expect.arrayContaining(['created', 'signed']));
    expect((await t.call('GET', '/v3/signature-requests', as(sender))).body).toContain(request.id);

    // The same holds with its token.
    const token = json<ApiUserTokenResponse>(await t.call('POST', '/v1/login', as(sender))).access_token;
    expect((await t.call('GET', reads[2]!, bearer(token))).statusCode).toBe(200);

    for (const [who, headers] of [
      ['the sibling API user', as(sibling)],
      ["another business's API user", as(stranger)],
      ['a member', member.headers],
      ['the admin', admin.headers],
    ] as const) {
      for (const url of reads) {
        const refused = await t.call('GET', url, headers);
        expect(refused.statusCode, `${who}: ${url}`).toBe(404);
        expect(json(refused).code).toBe('NOT_FOUND');
      }
      expect((await t.call('GET', '/v3/signature-requests', headers)).body, who).not.toContain(request.id);
    }
  });

  it('seals a request of its own with a seal it was given, with its token; pdfsig validates the seal', async () => {
    const sealer = await apiUser(acme, admin, 'api-own-sealer');
    expect(
      (
        await t.call('POST', `/v1/businesses/${acme.id}/seals`, admin, {
          accountName: 'acme-robot-seal',
          displayName: 'Acme Robot Seal',
        })
      ).statusCode,
    ).toBe(201);
    const given = await t.call('POST', `/v1/businesses/${acme.id}/seals/acme-robot-seal/members`, admin, {
      user_ids: [sealer.userId],
    });
    // The seal names it apart from the members, as the seal page lists it.
    expect(json(given)).toMatchObject({
      nApi: 1,
      nMembers: 0,
      members: [],
      apiUsers: [{ userId: sealer.userId, username: 'api-own-sealer' }],
    });
    const token = bearer(
      json<ApiUserTokenResponse>(await t.call('POST', '/v1/login', as(sealer))).access_token,
    );
    const draft = json<SignatureRequest>(
      await t.call('POST', '/v3/signature-requests', token, {
        title: 'Sealed invoice',
        documents: [{ title: 'invoice', content: samplePdf.toString('base64') }],
      }),
    );
    expect(
      (
        await t.call('POST', `/v3/signature-requests/${draft.id}/signatures`, token, {
          account_email: draft.owner.email,
        })
      ).statusCode,
    ).toBe(200);
    expect((await t.call('POST', `/v3/signature-requests/${draft.id}/initiate`, token)).statusCode).toBe(200);
    const sealed = await t.call('POST', '/v3/sign', token, {
      signatureRequests: [{ id: draft.id }],
      sealAccountName: 'acme-robot-seal',
    });
    expect(sealed.statusCode, sealed.body).toBe(200);

    const done = json<SignatureRequest>(await t.call('GET', `/v3/signature-requests/${draft.id}`, token));
    expect(done.status_overall).toBe('SIGNED');
    const download = await t.call('GET', `/v3/documents/${done.documents[0]!.id}/download`, token);
    const { signatures } = await validators.pdfsig(new Uint8Array(download.rawPayload));
    const seal = signatures.find((s) => s.fieldName === `Signature-${done.signatures[0]!.sid}`);
    expect(seal, JSON.stringify(signatures)).toBeDefined();
    expect({ valid: seal!.valid, trusted: seal!.trusted }).toEqual({ valid: true, trusted: true });
    expect(seal!.text).toMatch(/Signer Certificate Common Name: Acme Robot Seal$/m);
  });
});
