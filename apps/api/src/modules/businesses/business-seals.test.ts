import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import type { SealData } from '@signet/contracts/business-seals';
import type { Business, Seal, SealSummary } from '@signet/contracts/businesses';
import { databaseKinds, json, samplePdf } from '../../../test/helpers.ts';
import { cast, useTestApp, type Caller, type TestBusiness } from '../../../test/factories.ts';
import { refusedImageUploads, signatureStroke } from '../../../test/images.ts';

describe.each(databaseKinds)('business seals on %s', (kind) => {
  const t = useTestApp(kind, { users: cast('admin', 'member', 'second', 'loner', 'rival') });
  const { admin, member, second, loner, rival } = t.users;
  let business: TestBusiness;
  let rivals: TestBusiness;
  let base: string;
  let seal: string;

  beforeAll(async () => {
    business = await t.business(admin, { name: 'Acme AG', email: 'info@acme.ch' });
    await t.member(business, member);
    await t.member(business, second);
    rivals = await t.business(rival, { name: 'Rival GmbH', email: 'r@rival.ch' });
    base = `/v1/businesses/${business.id}/seals`;
    seal = `${base}/acme-invoices`;
  });

  const uploadImage = (as: Caller, content: Buffer, contentType = 'image/png') =>
    t.upload(`${seal}/image`, as, [{ name: 'image', filename: 'seal', contentType, content }]);
  const listed = (who: Caller) =>
    t.call('GET', base, who).then((r) => json<{ seals: SealSummary[] }>(r).seals);

  it('creates a seal, lists it for members with whether they may use it, reads and renames it', async () => {
    const created = await t.call('POST', base, admin, {
      accountName: 'Acme-Invoices',
      displayName: 'Acme Invoices',
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(json<Seal>(created)).toMatchObject({
      accountName: 'acme-invoices',
      displayName: 'Acme Invoices',
      nApi: 0,
      nMembers: 0,
      members: [],
      hasImage: false,
    });
    // Account names are unique across Signet, whatever the business.
    const taken = await t.call('POST', `/v1/businesses/${rivals.id}/seals`, rival, {
      accountName: 'acme-invoices',
      displayName: 'Mine',
    });
    expect(json(taken)).toMatchObject({ statusCode: 409, code: 'SEAL_NAME_TAKEN', field: 'accountName' });
    const badName = await t.call('POST', base, admin, { accountName: 'a b', displayName: 'x' });
    expect(json(badName)).toMatchObject({ statusCode: 400, field: 'body.accountName' });
    const noLabel = await t.call('POST', base, admin, { accountName: 'acme-other', displayName: ' ' });
    expect(json(noLabel)).toMatchObject({ statusCode: 400, field: 'body.displayName' });

    expect(await listed(member)).toEqual([
      expect.objectContaining({ accountName: 'acme-invoices', canUse: false }),
    ]);
    expect((await listed(admin))[0]!.canUse).toBe(true);

    const renamed = await t.call('PUT', seal, admin, { displayName: 'Acme Billing' });
    expect(json<Seal>(renamed).displayName).toBe('Acme Billing');
    expect(json<Seal>(await t.call('GET', seal, admin)).displayName).toBe('Acme Billing');
    await t.call('PUT', seal, admin, { displayName: 'Acme Invoices' });
    expect(json(await t.call('GET', `${base}/unknown-seal`, admin))).toMatchObject({
      statusCode: 404,
      code: 'SEAL_NOT_FOUND',
    });
    const full = json<Business>(await t.call('GET', `/v1/businesses/${business.id}`, admin));
    expect(full.seals.map((s) => s.accountName)).toEqual(['acme-invoices']);
  });

  it('keeps seal data field by field; null clears a field; bad input names the field', async () => {
    expect(json<SealData>(await t.call('GET', `${seal}/data`, admin))).toEqual({
      organization: null,
      location: null,
    });
    const set = await t.call('PUT', `${seal}/data`, admin, {
      organization: ' Acme AG, Billing ',
      location: 'Zürich',
    });
    expect(set.statusCode, set.body).toBe(200);
    expect(json<SealData>(set)).toEqual({ organization: 'Acme AG, Billing', location: 'Zürich' });
    // Left out stays; null clears.
    const cleared = await t.call('PUT', `${seal}/data`, admin, { location: null });
    expect(json<SealData>(cleared)).toEqual({ organization: 'Acme AG, Billing', location: null });
    expect(json<SealData>(await t.call('GET', `${seal}/data`, admin))).toEqual(json<SealData>(cleared));

    for (const [body, field] of [
      [{ organization: '' }, 'body.organization'],
      [{ location: 'x'.repeat(65) }, 'body.location'],
      [{ organization: 42 }, 'body.organization'],
    ] as const) {
      const refused = await t.call('PUT', `${seal}/data`, admin, body);
      expect(json(refused)).toMatchObject({ statusCode: 400, code: 'VALIDATION_FAILED', field });
    }
    const unknown = await t.call('PUT', `${seal}/data`, admin, { colour: 'red' });
    expect(unknown.statusCode).toBe(400);
    expect(json(await t.call('GET', `${base}/unknown-seal/data`, admin)).code).toBe('SEAL_NOT_FOUND');
    await t.call('PUT', `${seal}/data`, admin, { organization: null });
  });

  it('stores an uploaded PNG, JPEG or WebP as a bounded PNG, serves it to members and removes it', async () => {
    expect(json(await t.call('GET', `${seal}/image`, admin))).toMatchObject({
      statusCode: 404,
      code: 'NOT_FOUND',
    });
    const webp = await sharp(await signatureStroke('png', 2400, 800))
      .webp()
      .toBuffer();
    const uploaded = await uploadImage(admin, webp, 'image/webp');
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    expect(json<Seal>(uploaded).hasImage).toBe(true);
    expect((await listed(member))[0]!.hasImage).toBe(true);

    // Members see the image (they choose a seal by it); it is the re-encoded PNG, 1000 px at most.
    const served = await t.call('GET', `${seal}/image`, member);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    const meta = await sharp(served.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['png', 1000, 333]);

    const jpeg = await uploadImage(admin, await signatureStroke('jpeg'), 'image/jpeg');
    expect(jpeg.statusCode, jpeg.body).toBe(200);
    expect((await sharp((await t.call('GET', `${seal}/image`, admin)).rawPayload).metadata()).width).toBe(
      480,
    );

    const removed = await t.call('DELETE', `${seal}/image`, admin);
    expect(json<Seal>(removed).hasImage).toBe(false);
    expect((await t.call('GET', `${seal}/image`, member)).statusCode).toBe(404);
  });

  it('refuses uploads that are no PNG, JPEG or WebP, too large, bombs or missing, naming the image', async () => {
    const png = await signatureStroke();
    const cases = await refusedImageUploads(samplePdf);
    for (const [content, status, code] of cases) {
      const response = await uploadImage(admin, content);
      expect([code, response.statusCode]).toEqual([code, status]);
      expect(json(response)).toMatchObject({ code, field: 'image' });
    }
    const noPart = await t.upload(`${seal}/image`, admin, [{ name: 'other', content: 'x' }]);
    expect(json(noPart)).toMatchObject({ code: 'VALIDATION_FAILED', field: 'image' });
    expect((await t.call('POST', `${seal}/image`, admin, { image: 'x' })).statusCode).toBe(415);
    const unknownSeal = await t.upload(`${base}/unknown-seal/image`, admin, [
      { name: 'image', filename: 'seal.png', contentType: 'image/png', content: png },
    ]);
    expect(json(unknownSeal).code).toBe('SEAL_NOT_FOUND');
    expect(json<Seal>(await t.call('GET', seal, admin)).hasImage).toBe(false);
  });

  it('adds and removes members allowed to seal, all or none, naming the ids refused', async () => {
    const added = await t.call('POST', `${seal}/members`, admin, { user_ids: [member.id, second.id] });
    expect(added.statusCode, added.body).toBe(200);
    expect(
      json<Seal>(added)
        .members.map((m) => m.email)
        .sort(),
    ).toEqual(['member@example.ch', 'second@example.ch']);
    expect((await listed(member))[0]).toMatchObject({ canUse: true, nMembers: 2 });

    // Someone outside the business: nobody is added, the outsider is named.
    const outsider = await t.call('POST', `${seal}/members`, admin, { user_ids: [loner.id, rival.id] });
    expect(json(outsider)).toMatchObject({ statusCode: 400, code: 'NOT_A_MEMBER', field: 'user_ids' });
    expect(json(outsider).message).toContain(rival.id);

    // Removing: an id not allowed to use the seal refuses the whole call.
    const mixed = await t.call('DELETE', `${seal}/members`, admin, { user_ids: [member.id, loner.id] });
    expect(json(mixed)).toMatchObject({ statusCode: 400, code: 'NOT_A_MEMBER', field: 'user_ids' });
    expect(json(mixed).message).toContain(loner.id);
    expect(json(mixed).message).not.toContain(member.id);
    expect(json<Seal>(await t.call('GET', seal, admin)).nMembers).toBe(2);

    const removed = await t.call('DELETE', `${seal}/members`, admin, { user_ids: [member.id, member.id] });
    expect(json<Seal>(removed)).toMatchObject({ nMembers: 1, members: [{ email: 'second@example.ch' }] });
    expect((await listed(member))[0]!.canUse).toBe(false);
    const empty = await t.call('DELETE', `${seal}/members`, admin, { user_ids: [] });
    expect(json(empty)).toMatchObject({ statusCode: 400, field: 'body.user_ids' });
    const notUuid = await t.call('DELETE', `${seal}/members`, admin, { user_ids: ['nobody'] });
    expect(json(notUuid)).toMatchObject({ statusCode: 400, field: 'body.user_ids.0' });
  });

  it('answers each seal call by who calls it: admin, member allowed or not, other business, plain user, visitor', async () => {
    // `second` may use the seal now; `member` may not.
    const png = await signatureStroke();
    const adminCalls: Array<[string, string, unknown?]> = [
      ['POST', base, { accountName: 'forged', displayName: 'Forged' }],
      ['GET', seal],
      ['PUT', seal, { displayName: 'Hijacked' }],
      ['GET', `${seal}/data`],
      ['PUT', `${seal}/data`, { location: 'Nowhere' }],
      ['DELETE', `${seal}/image`],
      ['POST', `${seal}/members`, { user_ids: [member.id] }],
      ['DELETE', `${seal}/members`, { user_ids: [second.id] }],
    ];
    const memberCalls: Array<[string, string]> = [
      ['GET', base],
      ['GET', `${seal}/image`],
    ];
    const answer = async (method: string, url: string, who: Caller, payload?: unknown) => {
      const response = await t.call(method as 'GET', url, who, payload);
      return [method, url, response.statusCode, response.statusCode >= 400 ? json(response).code : 'ok'];
    };
    const expectAll = async (
      calls: Array<[string, string, unknown?]>,
      who: Caller,
      status: number,
      code: string,
    ) => {
      for (const [method, url, payload] of calls)
        expect(await answer(method, url, who, payload)).toEqual([method, url, status, code]);
    };
    const upload = (who: Caller) =>
      t.upload(`${seal}/image`, who, [
        { name: 'image', filename: 's.png', contentType: 'image/png', content: png },
      ]);

    for (const who of [member, second]) {
      await expectAll(adminCalls, who, 403, 'BUSINESS_ADMINS_ONLY');
      expect(json(await upload(who)).code).toBe('BUSINESS_ADMINS_ONLY');
      expect((await t.call('GET', base, who)).statusCode).toBe(200);
    }
    await expectAll([...adminCalls, ...memberCalls], rival, 404, 'NOT_FOUND');
    expect(json(await upload(rival)).code).toBe('NOT_FOUND');
    await expectAll([...adminCalls, ...memberCalls], loner, 403, 'BUSINESS_MEMBERS_ONLY');
    for (const [method, url, payload] of [...adminCalls, ...memberCalls])
      expect((await t.call(method as 'GET', url, null, payload)).statusCode).toBe(401);
    expect((await upload(null)).statusCode).toBe(401);

    // Nothing changed, and the admin may do all of it.
    const after = json<Seal>(await t.call('GET', seal, admin));
    expect(after).toMatchObject({
      displayName: 'Acme Invoices',
      hasImage: false,
      members: [{ id: second.id }],
    });
    expect(json<{ seals: SealSummary[] }>(await t.call('GET', base, admin)).seals).toHaveLength(1);
    expect((await upload(admin)).statusCode).toBe(200);
    expect((await t.call('GET', `${seal}/image`, second)).statusCode).toBe(200);
  });

  it('documents every seal call in the OpenAPI description', async () => {
    const spec = json<{ paths: Record<string, Record<string, unknown>> }>(
      await t.call('GET', '/openapi.json'),
    );
    const seals = '/v1/businesses/{businessId}/seals/{name}';
    expect(Object.keys(spec.paths[`${seals}/image`]!).sort()).toEqual(['delete', 'get', 'post']);
    expect(Object.keys(spec.paths[`${seals}/data`]!).sort()).toEqual(['get', 'put']);
    expect(Object.keys(spec.paths[`${seals}/members`]!).sort()).toEqual(['delete', 'post']);
  });
});
