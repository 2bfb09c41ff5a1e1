import { describe, expect, it } from 'vitest';
import sharp from 'sharp';
import type { Aes4Biz, BusinessPublicInformation, CustomExtras } from '@signet/contracts/business-branding';
import type { BusinessLogo, BusinessSettings } from '@signet/contracts/businesses';
import type { SignatureRequest } from '@signet/contracts/signature-requests';
import {
  cast,
  useTestApp,
  visitorSignature,
  type TestBusiness,
  type TestUser,
} from '../../../test/factories.ts';
import { databaseKinds, json, tinyPng, visitorLink } from '../../../test/helpers.ts';

/**
 * The company logo (re-encoded, public by its content address), the public information a signer
 * sees, aes4biz, the custom extras, and who may call each.
 */
describe.each(databaseKinds)('business branding and extras on %s', (kind) => {
  const t = useTestApp(kind, { users: cast('admin', 'member', 'rival', 'loner') });
  const { admin, member, rival, loner } = t.users;
  let acme: TestBusiness;
  let rivalBusiness: TestBusiness;
  /** A direct-sign visitor of a request of Acme (set by the public-information test). */
  let visitorHeaders: Record<string, string>;
  const base = () => `/v1/businesses/${acme.id}`;
  const uploadLogo = (as: TestUser, content: Buffer, name = 'logo', filename = 'logo.png') =>
    t.upload(`${base()}/branding/logo`, as, [{ name, filename, contentType: 'image/png', content }]);
  const picture = (width: number, height: number) =>
    sharp({ create: { width, height, channels: 4, background: { r: 200, g: 30, b: 60, alpha: 1 } } });

  it('sets up the businesses', async () => {
    acme = await t.business(admin, { name: 'Acme AG' });
    await t.member(acme, member);
    rivalBusiness = await t.business(rival, { name: 'Rival GmbH' });
    expect(rivalBusiness.id).not.toBe(acme.id);
  });

  it('re-encodes an uploaded logo as a PNG of at most 512 px, served publicly at its content address', async () => {
    const webp = await picture(2000, 1000).webp().toBuffer();
    const uploaded = await uploadLogo(admin, webp);
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    const logo = json<BusinessLogo>(uploaded);
    expect(logo).toMatchObject({ width: 512, height: 256 });
    expect(logo.url).toMatch(new RegExp(`^/api${base()}/branding/logo/[0-9a-f]{64}$`));

    const settings = json<BusinessSettings>(await t.call('GET', `${base()}/settings`, admin));
    expect(settings.companyBranding.logo).toEqual(logo);
    // Anyone may load it (mail clients have no session), as a PNG Signet made.
    const image = await t.app.inject({ method: 'GET', url: logo.url });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(await sharp(image.rawPayload).metadata()).toMatchObject({
      format: 'png',
      width: 512,
      height: 256,
    });

    // A new logo gets a new address; the old one stops answering and its file goes.
    const second = json<BusinessLogo>(await uploadLogo(admin, await picture(100, 300).jpeg().toBuffer()));
    expect(second).toMatchObject({ width: 100, height: 300 });
    expect(second.url).not.toBe(logo.url);
    expect((await t.app.inject({ method: 'GET', url: logo.url })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: second.url })).statusCode).toBe(200);

    // Settings cannot be used to point the logo elsewhere.
    const forged = await t.call('PUT', `${base()}/settings`, admin, {
      companyBranding: { logo: { url: 'https://evil.example/x.png', width: 1, height: 1 } },
    });
    expect(forged.statusCode).toBe(400);
  });

  it('refuses SVG, non-images, oversized files and a missing part, naming the field', async () => {
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    for (const content of [svg, Buffer.from('%PDF-1.7 not an image')]) {
      const refused = await uploadLogo(admin, content);
      expect(refused.statusCode).toBe(415);
      expect(json(refused)).toMatchObject({ code: 'IMAGE_NOT_SUPPORTED', field: 'logo' });
    }
    const huge = await uploadLogo(admin, Buffer.concat([tinyPng, Buffer.alloc(2 * 1024 * 1024)]));
    expect(huge.statusCode).toBe(413);
    expect(json(huge).field).toBe('logo');
    const wrongPart = await uploadLogo(admin, tinyPng, 'image');
    expect(wrongPart.statusCode).toBe(400);
    expect(json(wrongPart)).toMatchObject({ code: 'VALIDATION_FAILED', field: 'logo' });
    // The logo is still the last good one.
    const settings = json<BusinessSettings>(await t.call('GET', `${base()}/settings`, admin));
    expect(settings.companyBranding.logo).toMatchObject({ width: 100, height: 300 });
  });

  it("shows a request's signers the business's name and logo; a visitor sees only their request's business", async () => {
    const info = json<BusinessPublicInformation>(
      await t.call('GET', `/v2/businesses/${acme.id}/public-information`, loner),
    );
    expect(info).toMatchObject({ id: acme.id, name: 'Acme AG', logo: { width: 100, height: 300 } });

    const request = await t.request(member, {
      signatures: [visitorSignature('vera@example.ch', 'Vera', 'Visitor')],
    });
    const link = await visitorLink(t, 'vera@example.ch', request.id);
    visitorHeaders = link.headers;
    const direct = await t.call('GET', `/v2/direct/businesses/${acme.id}/public-information`, link.headers);
    expect(direct.statusCode, direct.body).toBe(200);
    expect(json<BusinessPublicInformation>(direct)).toEqual(info);
    // The visitor's view of the request names the business to ask about.
    const view = await t.call('GET', `/v3/direct/signature-requests/${request.id}`, link.headers);
    expect(json<SignatureRequest>(view).owner.business_id).toBe(acme.id);
    const personal = await t.request(loner, { signatures: [member.email] });
    expect(personal.owner.business_id).toBeNull();
    const other = await t.call(
      'GET',
      `/v2/direct/businesses/${rivalBusiness.id}/public-information`,
      link.headers,
    );
    expect(other.statusCode).toBe(404);
    expect(
      (await t.call('GET', `/v2/direct/businesses/${acme.id}/public-information`, null)).statusCode,
    ).toBe(401);
    const unknown = await t.call('GET', `/v2/businesses/${crypto.randomUUID()}/public-information`, loner);
    expect(unknown.statusCode).toBe(404);
    expect((await t.call('GET', '/v2/businesses/not-an-id/public-information', loner)).statusCode).toBe(400);
  });

  it('keeps aes4biz: representative and commercial register, with the verified domains', async () => {
    expect(json<Aes4Biz>(await t.call('GET', `${base()}/aes4biz`, admin))).toEqual({
      enabled: false,
      representativeName: null,
      representativeEmail: null,
      commercialRegister: null,
      domains: [],
    });
    const saved = await t.call('PUT', `${base()}/aes4biz`, admin, {
      enabled: true,
      representativeName: '  Anna Muster ',
      representativeEmail: 'Anna@Acme.CH',
      commercialRegister: 'CHE-123.456.789',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(json<Aes4Biz>(saved)).toMatchObject({
      enabled: true,
      representativeName: 'Anna Muster',
      representativeEmail: 'anna@acme.ch',
      commercialRegister: 'CHE-123.456.789',
    });
    // Part by part: an emptied field is cleared, the rest stays.
    const cleared = json<Aes4Biz>(
      await t.call('PUT', `${base()}/aes4biz`, admin, { commercialRegister: '' }),
    );
    expect(cleared).toMatchObject({ commercialRegister: null, representativeName: 'Anna Muster' });

    for (const [body, field] of [
      [{ representativeEmail: 'not-an-address' }, 'body.representativeEmail'],
      [{ representativeName: 'x'.repeat(101) }, 'body.representativeName'],
      [{ domains: ['acme.ch'] }, 'body.domains'],
    ] as const) {
      const refused = await t.call('PUT', `${base()}/aes4biz`, admin, body);
      expect(refused.statusCode, JSON.stringify(body)).toBe(400);
      expect(json(refused)).toMatchObject({ code: 'VALIDATION_FAILED', field });
    }
  });

  it('lists in the custom extras what differs from a new business', async () => {
    await t.call('PUT', `${base()}/settings`, admin, {
      signatureRequests: { part11: { enabled: true }, retention: { enabled: true, terminalState: 90 } },
    });
    const { extras } = json<CustomExtras>(await t.call('GET', `${base()}/customextras`, admin));
    const bySetting = Object.fromEntries(extras.map((e) => [e.setting, e.value]));
    expect(bySetting).toMatchObject({
      'signatureRequests.part11.enabled': true,
      'signatureRequests.retention.enabled': true,
      'signatureRequests.retention.terminalState': 90,
      'companyBranding.logo': expect.stringMatching(/\/branding\/logo\/[0-9a-f]{64}$/),
      'aes4biz.enabled': true,
      'aes4biz.representativeName': 'Anna Muster',
    });
    // Defaults left as they are do not show.
    expect(bySetting).not.toHaveProperty('userPilot.enabled');
    expect(bySetting).not.toHaveProperty('aes4biz.commercialRegister');
    const fresh = json<CustomExtras>(
      await t.call('GET', `/v1/businesses/${rivalBusiness.id}/customextras`, rival),
    );
    expect(fresh.extras).toEqual([]);
  });

  it('lets only the admins of the business change or read these', async () => {
    const calls = [
      ['GET', `${base()}/aes4biz`],
      ['PUT', `${base()}/aes4biz`, { enabled: false }],
      ['GET', `${base()}/customextras`],
      ['GET', `${base()}/retention-deletions`],
      ['DELETE', `${base()}/branding/logo`],
    ] as const;
    const answers = async (who: TestUser | null) => {
      const codes: Array<[number, unknown]> = [];
      for (const [method, url, body] of calls) {
        const response = await t.call(method, url, who, body);
        codes.push([response.statusCode, json(response).code]);
      }
      const upload = await uploadLogo(who as TestUser, tinyPng);
      return [...codes, [upload.statusCode, json(upload).code]];
    };
    const each = (status: number, code: string) => Array(calls.length + 1).fill([status, code]);
    expect(await answers(member)).toEqual(each(403, 'BUSINESS_ADMINS_ONLY'));
    expect(await answers(loner)).toEqual(each(403, 'BUSINESS_MEMBERS_ONLY'));
    expect(await answers(rival)).toEqual(each(404, 'NOT_FOUND'));
    expect((await answers(null)).map(([status]) => status)).toEqual(Array(calls.length + 1).fill(401));
    // A visitor's link opens their request only.
    for (const [method, url, body] of calls)
      expect((await t.call(method, url, visitorHeaders, body)).statusCode, url).toBe(401);
    // Nothing changed: the logo is still there.
    const settings = json<BusinessSettings>(await t.call('GET', `${base()}/settings`, admin));
    expect(settings.companyBranding.logo).not.toBeNull();
  });

  it('removes the logo and its file', async () => {
    const { logo } = json<BusinessSettings>(await t.call('GET', `${base()}/settings`, admin)).companyBranding;
    expect((await t.call('DELETE', `${base()}/branding/logo`, admin)).statusCode).toBe(204);
    expect(
      json<BusinessSettings>(await t.call('GET', `${base()}/settings`, admin)).companyBranding.logo,
    ).toBeNull();
    expect((await t.app.inject({ method: 'GET', url: logo!.url })).statusCode).toBe(404);
    const info = json<BusinessPublicInformation>(
      await t.call('GET', `/v2/businesses/${acme.id}/public-information`, member),
    );
    expect(info.logo).toBeNull();
  });
});
