import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiUserWithSecret } from '@signet/contracts/business-api-users';
import type { BusinessSettings } from '@signet/contracts/businesses';
import type { SignatureRequest } from '@signet/contracts/signature-requests';
import { cast, useTestApp, visitorSignature, type TestBusiness } from '../../../test/factories.ts';
import { basicFor, databaseKinds, json, samplePdf, visitorLink } from '../../../test/helpers.ts';

/** The frame-ancestors sources of an answer's Content-Security-Policy. */
function frameAncestors(header: unknown): string[] {
  const directive = String(header)
    .split(';')
    .map((part) => part.trim().split(/\s+/))
    .find(([name]) => name === 'frame-ancestors');
  return directive?.slice(1) ?? [];
}

/**
 * Embedding (issue 15 scope 5): a business's admins name the origins that may frame signing
 * (settings.embedOrigins, checked); a request made with `embed` lets exactly those frame its
 * visitors' signing page, read at each load; every other page and answer stays unframeable.
 */
describe.each(databaseKinds)('embedding the signing page on %s', (kind) => {
  const webDist = mkdtempSync(join(tmpdir(), 'signet-web-'));
  writeFileSync(join(webDist, 'index.html'), '<!doctype html><html><head></head><body></body></html>');
  const t = useTestApp(kind, {
    env: { WEB_DIST: webDist },
    users: cast('admin', 'member', 'loner', 'rival'),
  });
  const { admin, member, loner, rival } = t.users;
  let acme: TestBusiness;
  let robot: ApiUserWithSecret;
  const settingsUrl = () => `/v1/businesses/${acme.id}/settings`;
  const setOrigins = (embedOrigins: unknown, who = admin) =>
    t.call('PUT', settingsUrl(), who, { embedOrigins });
  const requestBy = async (headers: Record<string, string>, extra: Record<string, unknown>) => {
    const created = await t.call('POST', '/v3/signature-requests', headers, {
      title: 'Embedded',
      documents: [{ title: 'contract', content: samplePdf.toString('base64') }],
      signatures: [visitorSignature(t.email('visitor'), 'Vera', 'Visitor')],
      ...extra,
    });
    return created;
  };
  const page = (url: string) => t.app.inject({ method: 'GET', url });
  const signingPage = (request: SignatureRequest) =>
    page(`/view/${request.id}/${request.signatures[0]!.sid}?lang=de-ch`);

  beforeAll(async () => {
    acme = await t.business(admin, { name: 'Acme AG' });
    await t.member(acme, member);
    robot = json<ApiUserWithSecret>(
      await t.call('POST', `/v1/businesses/${acme.id}/apis`, admin, { username: 'api-embedder' }),
    );
  });
  afterAll(() => rmSync(webDist, { recursive: true, force: true }));

  it('an admin sets the origins: written as browsers write them, once each; none by default', async () => {
    const before = json<BusinessSettings>(await t.call('GET', settingsUrl(), admin));
    expect(before.embedOrigins).toEqual([]);
    const saved = await setOrigins([
      'https://Portal.Example.com/',
      'https://portal.example.com',
      'https://shop.example.ch:8443',
      'http://localhost:5173',
      'http://127.0.0.1:8080',
    ]);
    expect(saved.statusCode, saved.body).toBe(200);
    const expected = [
      'https://portal.example.com',
      'https://shop.example.ch:8443',
      'http://localhost:5173',
      'http://127.0.0.1:8080',
    ];
    expect(json<BusinessSettings>(saved).embedOrigins).toEqual(expected);
    expect(json<BusinessSettings>(await t.call('GET', settingsUrl(), admin)).embedOrigins).toEqual(expected);
  });

  it('refuses what is no https origin, naming the entry; members may not change them', async () => {
    const refusedOrigins = [
      'http://portal.example.com',
      'https://portal.example.com/sign',
      'https://portal.example.com?x=1',
      'https://*.example.com',
      "https://a.example.com; script-src 'unsafe-inline'",
      'https://user:pass@portal.example.com',
      'javascript:alert(1)',
      'portal.example.com',
      '',
    ];
    for (const origin of refusedOrigins) {
      const refused = await setOrigins(['https://ok.example.com', origin]);
      expect(refused.statusCode, origin).toBe(400);
      expect(json(refused), origin).toMatchObject({
        code: 'VALIDATION_FAILED',
        field: 'body.embedOrigins.1',
      });
    }
    const tooMany = await setOrigins(Array.from({ length: 11 }, (_, n) => `https://p${n}.example.com`));
    expect(json(tooMany)).toMatchObject({ code: 'VALIDATION_FAILED', field: 'body.embedOrigins' });
    const byMember = await setOrigins(['https://evil.example.com'], member);
    expect(byMember.statusCode).toBe(403);
    expect(json<BusinessSettings>(await t.call('GET', settingsUrl(), admin)).embedOrigins).not.toContain(
      'https://evil.example.com',
    );
  });

  it("an embed request's signing page may be framed by the business's origins only; all else stays DENY", async () => {
    await setOrigins(['https://portal.example.com', 'http://localhost:5173']);
    const api = basicFor(robot.username, robot.secret);
    const created = await requestBy(api, { embed: true, exit_url: 'https://portal.example.com/done' });
    expect(created.statusCode, created.body).toBe(201);
    const embedded = json<SignatureRequest>(created);
    expect(embedded.embed).toBe(true);
    const framed = await signingPage(embedded);
    expect(framed.statusCode).toBe(200);
    expect(framed.headers['content-type']).toContain('text/html');
    expect(frameAncestors(framed.headers['content-security-policy'])).toEqual([
      'https://portal.example.com',
      'http://localhost:5173',
    ]);
    expect(framed.headers['x-frame-options']).toBeUndefined();

    // The same business's request without the flag, and everything else, cannot be framed.
    const plain = json<SignatureRequest>(await requestBy(api, {}));
    expect(plain.embed).toBe(false);
    const others = [
      await signingPage(plain),
      await page(`/view/${embedded.id}`),
      await page(`/dashboard`),
      await page(`/view/00000000-0000-4000-8000-000000000000/x`),
      await t.app.inject({ method: 'GET', url: `/api/v3/signature-requests/${embedded.id}`, headers: api }),
    ];
    for (const answer of others) {
      expect(frameAncestors(answer.headers['content-security-policy']), answer.body).toEqual(["'none'"]);
      expect(answer.headers['x-frame-options']).toBe('DENY');
    }

    // The origins are read at each load: once the admin clears them, nobody may frame it.
    await setOrigins([]);
    const closed = await signingPage(embedded);
    expect(frameAncestors(closed.headers['content-security-policy'])).toEqual(["'none'"]);
    expect(closed.headers['x-frame-options']).toBe('DENY');
  });

  it('members embed too; a request of someone without a business cannot be embedded', async () => {
    await setOrigins(['https://portal.example.com']);
    const byMember = await requestBy(member.headers, { embed: true });
    expect(byMember.statusCode, byMember.body).toBe(201);
    const framed = await signingPage(json<SignatureRequest>(byMember));
    expect(frameAncestors(framed.headers['content-security-policy'])).toEqual(['https://portal.example.com']);
    const byLoner = await requestBy(loner.headers, { embed: true });
    expect(byLoner.statusCode).toBe(400);
    expect(json(byLoner)).toMatchObject({ code: 'VALIDATION_FAILED', field: 'embed' });
    expect((await requestBy(loner.headers, { embed: false })).statusCode).toBe(201);
  });

  it("the owner takes a visitor's signing link for its portal: the mailed one stops, the event is recorded", async () => {
    const api = basicFor(robot.username, robot.secret);
    const draft = json<SignatureRequest>(await requestBy(api, { embed: true }));
    const sid = draft.signatures[0]!.sid;
    const linkUrl = (id: string, signer = sid) =>
      `/v3/signature-requests/${id}/signatures/${signer}/embed-link`;
    const early = await t.call('POST', linkUrl(draft.id), api);
    expect(json(early)).toMatchObject({ statusCode: 409, code: 'SIGNATURE_REQUEST_NOT_OPEN' });
    await t.call('POST', `/v3/signature-requests/${draft.id}/initiate`, api);
    const mailed = await visitorLink(t, draft.signatures[0]!.email, draft.id);

    const taken = await t.call('POST', linkUrl(draft.id), api);
    expect(taken.statusCode, taken.body).toBe(200);
    const url = new URL(json<{ url: string }>(taken).url);
    expect(url.pathname).toBe(`/view/${draft.id}/${sid}`);
    const secret = url.hash.slice(1);
    const direct = (headers: Record<string, string>) =>
      t.call('GET', `/v3/direct/signature-requests/${draft.id}`, headers);
    expect((await direct(basicFor(sid, secret))).statusCode).toBe(200);
    expect((await direct(mailed.headers)).statusCode).toBe(401);
    const events = json<{ events: Array<{ type: string }> }>(
      await t.call('GET', `/v3/signature-requests/${draft.id}/events`, api),
    ).events;
    expect(events.map((event) => event.type)).toContain('embed link issued');
    expect(JSON.stringify(events)).not.toContain(secret);

    // Not for a request made without embed, nor for another business, nor for an unknown signer.
    const plain = json<SignatureRequest>(await requestBy(api, {}));
    await t.call('POST', `/v3/signature-requests/${plain.id}/initiate`, api);
    const notEmbedded = await t.call('POST', linkUrl(plain.id, plain.signatures[0]!.sid), api);
    expect(json(notEmbedded)).toMatchObject({ statusCode: 409, code: 'NOT_EMBEDDABLE' });
    await t.business(rival, { name: 'Rival GmbH' });
    const byRival = await t.call('POST', linkUrl(draft.id), rival);
    expect(json(byRival)).toMatchObject({ statusCode: 404, code: 'NOT_FOUND' });
    const byAdmin = await t.call('POST', linkUrl(draft.id), admin);
    expect(byAdmin.statusCode).toBe(404);
    const unknown = await t.call('POST', linkUrl(draft.id, '00000000-0000-4000-8000-000000000000'), api);
    expect(json(unknown)).toMatchObject({ statusCode: 404, code: 'NOT_FOUND' });
  });
});
