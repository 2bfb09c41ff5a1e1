import { join } from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { User } from '@signet/contracts/accounts';
import type { VisualSignature, VisualSignatureList } from '@signet/contracts/visual-signatures';
import { FileBlobStore } from '../../blobs/file-blob-store.ts';
import { databaseKinds, json, samplePdf } from '../../../test/helpers.ts';
import { cast, useTestApp, type TestUser } from '../../../test/factories.ts';
import { refusedImageUploads, signatureStroke } from '../../../test/images.ts';

const base = '/v1/user/visual-signatures';

describe.each(databaseKinds)('visual signatures on %s', (kind) => {
  const t = useTestApp(kind, {
    users: { ...cast('owner', 'stranger', 'admin', 'member', 'loner') },
  });

  const create = async (as: TestUser, body: Record<string, unknown> = {}) => {
    const response = await t.call('POST', base, as, { alias: 'Work', name: 'Olga Owner', ...body });
    expect(response.statusCode, response.body).toBe(201);
    return json<VisualSignature>(response);
  };
  const uploadImage = (as: TestUser, id: string, content: Buffer, name = 'signature.png') =>
    t.upload(`${base}/${id}/image`, as, [
      { name: 'image', filename: name, contentType: 'image/png', content },
    ]);
  const picture = async (url: string, as: TestUser) => {
    const response = await t.call('GET', url, as);
    expect(response.statusCode, response.body).toBe(200);
    return response;
  };

  it('creates, lists, reads, updates and deletes; the first is the default, and deleting it hands the default on', async () => {
    const { owner } = t.users;
    expect(json<VisualSignatureList>(await t.call('GET', base, owner))).toEqual({
      visualSignatures: [],
      permissions: {
        claim: { canUpdate: true, defaultValue: true },
        date: { canUpdate: true, defaultValue: true },
        std: { canUpdate: true, defaultValue: true },
      },
    });
    const work = await create(owner, { optionalLine: 'Acme AG', location: 'Zürich', language: 'de' });
    expect(work).toMatchObject({
      alias: 'Work',
      name: 'Olga Owner',
      optionalLine: 'Acme AG',
      location: 'Zürich',
      language: 'de',
      quality: 'ses',
      legislation: 'zertes',
      provider: 'sandbox',
      hasCustomImage: false,
      displayClaim: true,
      displayStandards: true,
      displayQr: true,
      displayDate: true,
      default: true,
    });
    expect(work.placeholder).toMatch(/^data:image\/webp;base64,/);
    const placeholder = await sharp(Buffer.from(work.placeholder.split(',')[1]!, 'base64')).metadata();
    expect([placeholder.format, placeholder.width, placeholder.height]).toEqual(['webp', 10, 10]);
    expect(work.image).toBe(`/api/v1/images/signature/${work.id}?v=${Date.parse(work.updatedAt)}`);

    t.clock.advance(1000);
    const home = await create(owner, {
      alias: 'Home',
      displayQr: false,
      quality: 'qes',
      legislation: 'eidas',
    });
    expect(home.default).toBe(false);
    const listed = json<VisualSignatureList>(await t.call('GET', base, owner)).visualSignatures;
    expect(listed.map((v) => [v.alias, v.default])).toEqual([
      ['Work', true],
      ['Home', false],
    ]);
    expect(json(await t.call('GET', `${base}/${home.id}`, owner))).toEqual(home);

    t.clock.advance(1000);
    const updated = await t.call('PUT', `${base}/${home.id}`, owner, {
      location: 'Bern',
      displayDate: false,
    });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(json<VisualSignature>(updated)).toMatchObject({
      alias: 'Home',
      location: 'Bern',
      displayDate: false,
    });
    expect(json<VisualSignature>(updated).updatedAt).not.toBe(home.updatedAt);

    const made = await t.call('PUT', `${base}/${home.id}/default`, owner);
    expect(json<VisualSignature>(made).default).toBe(true);
    expect(json<VisualSignature>(await t.call('GET', `${base}/${work.id}`, owner)).default).toBe(false);

    expect((await t.call('DELETE', `${base}/${home.id}`, owner)).statusCode).toBe(204);
    expect((await t.call('GET', `${base}/${home.id}`, owner)).statusCode).toBe(404);
    expect(json<VisualSignature>(await t.call('GET', `${base}/${work.id}`, owner)).default).toBe(true);
    expect((await t.call('DELETE', `${base}/${work.id}`, owner)).statusCode).toBe(204);
    expect(json<VisualSignatureList>(await t.call('GET', base, owner)).visualSignatures).toEqual([]);
  });

  it("hides one person's visual signatures from another, and from callers without a session", async () => {
    const { owner, stranger } = t.users;
    const mine = await create(owner);
    for (const [method, url] of [
      ['GET', `${base}/${mine.id}`],
      ['PUT', `${base}/${mine.id}`],
      ['DELETE', `${base}/${mine.id}`],
      ['PUT', `${base}/${mine.id}/default`],
      ['DELETE', `${base}/${mine.id}/image`],
      ['GET', `/v1/images/signature/${mine.id}`],
      ['GET', `/v1/images/signature?img=${mine.id}`],
    ] as const) {
      const response = await t.call(method, url, stranger, method === 'PUT' ? {} : undefined);
      expect(response.statusCode, `${method} ${url}`).toBe(404);
      expect(json(response).code).toBe('NOT_FOUND');
    }
    expect((await uploadImage(stranger, mine.id, await signatureStroke())).statusCode).toBe(404);
    expect((await t.call('GET', base, null)).statusCode).toBe(401);
    expect((await t.call('GET', `/v1/images/signature/${mine.id}`, null)).statusCode).toBe(401);
    expect(json<VisualSignatureList>(await t.call('GET', base, stranger)).visualSignatures).toEqual([]);
    expect(json<VisualSignature>(await t.call('GET', `${base}/${mine.id}`, owner)).id).toBe(mine.id);
  });

  it('refuses bad fields with 400 naming them', async () => {
    const { owner } = t.users;
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ alias: '' }, 'body.alias'],
      [{ alias: 'x'.repeat(51) }, 'body.alias'],
      [{ name: '   ' }, 'body.name'],
      [{ name: 'Ольга' }, 'body.name'],
      [{ optionalLine: 'a\u0007b' }, 'body.optionalLine'],
      [{ location: 'x'.repeat(101) }, 'body.location'],
      [{ language: 'es' }, 'body.language'],
      [{ quality: 'best' }, 'body.quality'],
      [{ legislation: 'us' }, 'body.legislation'],
      [{ provider: 'elsewhere' }, 'body.provider'],
      [{ displayQr: 'yes' }, 'body.displayQr'],
      [{ default: true }, 'body.default'],
    ];
    for (const [fields, field] of cases) {
      const response = await t.call('POST', base, owner, { alias: 'Work', name: 'Olga', ...fields });
      expect(response.statusCode, JSON.stringify(fields)).toBe(400);
      expect(json(response)).toMatchObject({ code: 'VALIDATION_FAILED', field });
    }
    const mine = await create(owner);
    const update = await t.call('PUT', `${base}/${mine.id}`, owner, { language: 'xx' });
    expect(json(update)).toMatchObject({ code: 'VALIDATION_FAILED', field: 'body.language' });
    expect((await t.call('GET', `${base}/not-a-uuid`, owner)).statusCode).toBe(400);
  });

  it('keeps at most 20 visual signatures per person', async () => {
    const { loner } = t.users;
    for (let i = 0; i < 20; i++) await create(loner, { alias: `Nr ${i}` });
    const over = await t.call('POST', base, loner, { alias: 'One more', name: 'Lou' });
    expect(over.statusCode).toBe(409);
    expect(json(over).code).toBe('VISUAL_SIGNATURE_LIMIT');
  });

  it('suggests predefined visual signatures from the account', async () => {
    const { owner } = t.users;
    const response = await t.call('GET', `${base}/predefined`, owner);
    expect(response.statusCode, response.body).toBe(200);
    const { visualSignatures } = json<{ visualSignatures: Array<Record<string, unknown>> }>(response);
    expect(visualSignatures.map((v) => [v.key, v.name, v.language, v.displayQr])).toEqual([
      ['standard', 'Olga Owner', 'en', true],
      ['compact', 'Olga Owner', 'en', false],
    ]);
    // A suggestion is saved as it is.
    const { key: _key, ...fields } = visualSignatures[0]!;
    expect((await t.call('POST', base, owner, fields)).statusCode).toBe(201);
  });

  it("enforces the business's visual-signature permissions on its members", async () => {
    const { admin, member } = t.users;
    const business = await t.business(admin);
    await t.member(business, member);
    const settings = await t.call('PUT', `/v1/businesses/${business.id}/settings`, admin, {
      visualSignatures: { claim: { canUpdate: false, defaultValue: false }, std: { canUpdate: false } },
    });
    expect(settings.statusCode, settings.body).toBe(200);
    const permissions = {
      claim: { canUpdate: false, defaultValue: false },
      date: { canUpdate: true, defaultValue: true },
      std: { canUpdate: false, defaultValue: true },
    };
    expect(json<User>(await t.call('GET', '/v1/user', member)).permissions.visualSignatures).toEqual(
      permissions,
    );
    expect(json<VisualSignatureList>(await t.call('GET', base, member)).permissions).toEqual(permissions);

    // Left out, a fixed switch takes the business's value; sent otherwise, it is refused by name.
    const saved = await create(member, { name: 'Max Test', displayDate: false });
    expect(saved).toMatchObject({ displayClaim: false, displayStandards: true, displayDate: false });
    const refused = await t.call('POST', base, member, { alias: 'x', name: 'Max', displayClaim: true });
    expect(refused.statusCode).toBe(403);
    expect(json(refused)).toMatchObject({ code: 'VISUAL_SIGNATURE_SETTING_LOCKED', field: 'displayClaim' });
    const refusedUpdate = await t.call('PUT', `${base}/${saved.id}`, member, { displayStandards: false });
    expect(json(refusedUpdate)).toMatchObject({
      code: 'VISUAL_SIGNATURE_SETTING_LOCKED',
      field: 'displayStandards',
    });
    const same = await t.call('PUT', `${base}/${saved.id}`, member, {
      displayClaim: false,
      displayDate: true,
    });
    expect(json<VisualSignature>(same)).toMatchObject({ displayClaim: false, displayDate: true });

    // The preview shows what signing will draw: the claim stays off even when asked for.
    const withClaim = await picture('/v1/images/signature?claim=1&name=Max', member);
    const withoutClaim = await picture('/v1/images/signature?claim=0&name=Max', member);
    expect(Buffer.compare(withClaim.rawPayload, withoutClaim.rawPayload)).toBe(0);
    // The admin's own signatures follow the same business rules; a person without a business may change all.
    expect(json<VisualSignatureList>(await t.call('GET', base, admin)).permissions.claim.canUpdate).toBe(
      false,
    );
  });

  it('takes a PNG with transparency and a JPEG, re-encoded as PNG of at most 1500 px', async () => {
    const { owner } = t.users;
    const mine = await create(owner);
    const before = await picture(`/v1/images/signature/${mine.id}`, owner);
    const uploaded = await uploadImage(owner, mine.id, await signatureStroke('png', 3000, 1000));
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    const withImage = json<VisualSignature>(uploaded);
    expect(withImage.hasCustomImage).toBe(true);
    expect(withImage.placeholder).not.toBe(mine.placeholder);
    const stored = await t.app.database.db.query.visualSignatures.findFirst({
      where: (v, { eq }) => eq(v.id, mine.id),
    });
    const bytes = await new FileBlobStore(join(t.config.dataDir, 'blobs')).read(stored!.imageSha256!);
    const meta = await sharp(bytes).metadata();
    expect([meta.format, meta.width, meta.height, meta.hasAlpha]).toEqual(['png', 1500, 500, true]);
    const corner = await sharp(bytes).extract({ left: 0, top: 0, width: 1, height: 1 }).raw().toBuffer();
    expect(corner[3]).toBe(0); // the background stays transparent

    // The path the signature names (its version included) serves the new picture.
    const after = await picture(withImage.image.replace(/^\/api/, ''), owner);
    expect(after.headers['cache-control']).toBe('private, no-store');
    expect(Buffer.compare(before.rawPayload, after.rawPayload)).not.toBe(0);

    const jpeg = await uploadImage(owner, mine.id, await signatureStroke('jpeg'), 'scan.jpg');
    expect(jpeg.statusCode, jpeg.body).toBe(200);
    const removed = await t.call('DELETE', `${base}/${mine.id}/image`, owner);
    expect(json<VisualSignature>(removed).hasCustomImage).toBe(false);
  });

  it('refuses uploads that are not PNG or JPEG, too large, decompression bombs or truncated, naming the image', async () => {
    const { owner } = t.users;
    const mine = await create(owner);
    const png = await signatureStroke();
    const cases = await refusedImageUploads(samplePdf);
    for (const [content, status, code] of cases) {
      const response = await uploadImage(owner, mine.id, content);
      expect(response.statusCode, code).toBe(status);
      expect(json(response)).toMatchObject({ code, field: 'image' });
    }
    const noPart = await t.upload(`${base}/${mine.id}/image`, owner, [{ name: 'other', content: 'x' }]);
    expect(json(noPart)).toMatchObject({ code: 'VALIDATION_FAILED', field: 'image' });
    // A file under another name is passed over (it once left the request waiting for ever).
    const otherFile = { name: 'other', filename: 'other.png', contentType: 'image/png', content: png };
    const onlyOther = await t.upload(`${base}/${mine.id}/image`, owner, [otherFile]);
    expect(json(onlyOther)).toMatchObject({ code: 'VALIDATION_FAILED', field: 'image' });
    const asJson = await t.call('POST', `${base}/${mine.id}/image`, owner, { image: 'x' });
    expect(asJson.statusCode).toBe(415);
    expect(json<VisualSignature>(await t.call('GET', `${base}/${mine.id}`, owner)).hasCustomImage).toBe(
      false,
    );
  });

  it('previews from the shortened parameters, and refuses out-of-range ones naming the parameter', async () => {
    const { owner } = t.users;
    const png = await picture(
      '/v1/images/signature?opt=Acme&lang=fr&loc=Gen%C3%A8ve&qual=qes&leg=eidas',
      owner,
    );
    expect(png.headers['content-type']).toBe('image/png');
    expect((await sharp(png.rawPayload).metadata()).width).toBe(600);
    const webp = await picture('/v1/images/signature?format=webp&scale=100', owner);
    expect(webp.headers['content-type']).toBe('image/webp');
    expect((await sharp(webp.rawPayload).metadata()).width).toBe(300);
    const placeholder = await picture('/v1/images/signature?ph=1', owner);
    expect(placeholder.headers['content-type']).toBe('image/webp');
    expect((await sharp(placeholder.rawPayload).metadata()).width).toBe(10);
    const plain = await picture('/v1/images/signature?claim=0&std=0&date=0&qr=0', owner);
    expect(Buffer.compare(plain.rawPayload, png.rawPayload)).not.toBe(0);

    for (const [query, field] of [
      ['lang=es', 'lang'],
      ['qual=platinum', 'qual'],
      ['leg=us', 'leg'],
      ['prov=other', 'prov'],
      ['claim=maybe', 'claim'],
      ['std=2', 'std'],
      ['date=yes', 'date'],
      ['ph=on', 'ph'],
      [`opt=${'x'.repeat(101)}`, 'opt'],
      [`loc=${'x'.repeat(101)}`, 'loc'],
      ['scale=5000', 'scale'],
      ['img=nope', 'img'],
      ['colour=red', 'colour'],
    ]) {
      const response = await t.call('GET', `/v1/images/signature?${query}`, owner);
      expect(response.statusCode, query).toBe(400);
      expect(json(response), query).toMatchObject({
        code: 'VALIDATION_FAILED',
        field: `querystring.${field}`,
      });
    }
  });
});
