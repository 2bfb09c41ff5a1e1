import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { unzipSync } from 'fflate';
import { afterAll, describe, expect, it } from 'vitest';
import type { SignatureRequest } from '@signet/contracts/signature-requests';
import { basicFor, databaseKinds, json, visitorLink } from '../../../test/helpers.ts';
import { cast, expectHandedLink, useTestApp } from '../../../test/factories.ts';
import { createFixture } from './request-fixtures.test-support.ts';

// Issue 10 points 1 and 8: signer ids are plain identifiers, a visitor's credentials are random
// secrets that only their own mail carries, and no credential reaches a log line.

const scratch = mkdtempSync(join(tmpdir(), 'signet-credentials-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** A PDF as qpdf writes it with every stream decompressed, so nothing hides in a compressed stream. */
function decompressed(pdf: Buffer): string {
  const input = join(scratch, `in-${Math.random()}.pdf`);
  const output = join(scratch, `out-${Math.random()}.pdf`);
  writeFileSync(input, pdf);
  execFileSync('qpdf', ['--qdf', '--object-streams=disable', input, output]);
  return readFileSync(output).toString('latin1');
}

/**
 * Every run of characters a credential could be made of (ids, secrets, hashes), long enough to
 * matter, with what starts or ends at each - or _ inside it (the id in a field name `Signature-{id}`).
 */
const candidates = (texts: string[]) =>
  new Set(
    texts.flatMap((text) =>
      (text.match(/[A-Za-z0-9_-]{16,}/g) ?? []).flatMap((run) => [
        run,
        ...[...run.matchAll(/[-_]/g)]
          .flatMap(({ index }) => [run.slice(0, index), run.slice(index + 1)])
          .filter((part) => part.length >= 16),
      ]),
    ),
  );

describe.each(databaseKinds)('visitor credentials on %s', (kind) => {
  const logs: string[] = [];
  const logStream = new PassThrough();
  logStream.on('data', (chunk: Buffer) => logs.push(chunk.toString('utf8')));
  const t = useTestApp(kind, {
    env: { SANDBOX: 'off', LOG_LEVEL: 'info' },
    overrides: { logStream },
    users: cast('owner', 'signer', 'observer', 'stranger'),
  });
  const { owner, signer, observer, stranger } = t.users;
  const people = () => ({
    signer: 'signer@example.ch',
    visitor: t.email('visitor'),
    observer: 'watch@example.ch',
  });

  const statusOf = async (requestId: string, sid: string) =>
    json<SignatureRequest>(await t.call('GET', `/v3/signature-requests/${requestId}`, owner)).signatures.find(
      (s) => s.sid === sid,
    )!.status_code;

  it("refuses a visitor's signer id with the request id, or with another visitor's secret", async () => {
    const f = await createFixture(t, owner, people());
    const second = json<SignatureRequest>(
      await t.call('POST', `/v3/signature-requests/${f.request.id}/signatures`, owner, {
        signer_identity_data: { email_address: 'second@example.ch', first_name: 'Sid', last_name: 'Second' },
      }),
    );
    const other = await visitorLink(t, 'second@example.ch', second.id);
    // What the PDF's field names and the request's views give everybody: the ids.
    const forged = [basicFor(f.visitorSid, f.request.id), basicFor(f.visitorSid, other.secret)];
    for (const headers of forged) {
      expect((await t.call('GET', `/v3/direct/signature-requests/${f.request.id}`, headers)).statusCode).toBe(
        401,
      );
      const sign = await t.call('POST', '/v3/direct/sign', headers, {
        signatureRequests: [{ id: f.request.id }],
      });
      expect(json(sign)).toMatchObject({ statusCode: 401, code: 'UNAUTHENTICATED' });
      const decline = await t.call(
        'POST',
        `/v3/direct/signature-requests/${f.request.id}/decline`,
        headers,
        {},
      );
      expect(decline.statusCode).toBe(401);
    }
    expect(await statusOf(f.request.id, f.visitorSid)).toBe('OPEN');
    // Each visitor's own link opens exactly their own slot.
    const own = json<SignatureRequest>(
      await t.call('GET', `/v3/direct/signature-requests/${f.request.id}`, f.visitor!.headers),
    );
    expect(own.signature_status).toBe('OPEN');
    expect(
      (await t.call('GET', `/v3/direct/signature-requests/${f.request.id}`, other.headers)).statusCode,
    ).toBe(200);
  });

  it('leaves no working credential in the PDF or in any answer a co-signer, observer or owner may read', async () => {
    const f = await createFixture(t, owner, people());
    const base = `/v3/signature-requests/${f.request.id}`;
    const documentId = f.request.documents[0]!.id;
    const texts: string[] = [];
    for (const { headers } of [signer, observer, owner]) {
      for (const url of [
        base,
        `${base}/events`,
        `${base}/lock-status`,
        `${base}/report?type=JSON`,
        `${base}/attachments/${f.attachmentId}`,
        '/v3/signature-requests?filter=all',
        `/v3/documents/${documentId}`,
      ])
        texts.push((await t.call('GET', url, headers)).body);
      texts.push(
        decompressed((await t.call('GET', `/v3/documents/${documentId}/download`, headers)).rawPayload),
      );
      texts.push(decompressed((await t.call('GET', `${base}/report?type=PDF`, headers)).rawPayload));
      const zip = unzipSync((await t.call('GET', `${base}/zip`, headers)).rawPayload);
      for (const [name, bytes] of Object.entries(zip))
        texts.push(
          name.endsWith('.pdf') ? decompressed(Buffer.from(bytes)) : Buffer.from(bytes).toString('latin1'),
        );
    }
    const found = candidates(texts);
    // The extraction sees what is there: the visitor's id (the PDF's field name) and the request id.
    expect(found).toContain(f.visitorSid);
    expect(found).toContain(f.request.id);
    expect(texts.some((text) => text.includes(`Signature-${f.visitorSid}`))).toBe(true);
    for (const candidate of found) {
      const headers = basicFor(f.visitorSid, candidate);
      expect((await t.call('GET', `/v3/direct/signature-requests/${f.request.id}`, headers)).statusCode).toBe(
        401,
      );
      expect((await t.call('POST', `/v3/sendto/${candidate}/claim`, stranger)).statusCode).not.toBe(200);
    }
    // The owner signs as themselves only: not on the visitor's direct route, not in the visitor's slot.
    const ownerDirect = await t.call('POST', '/v3/direct/sign', owner, {
      signatureRequests: [{ id: f.request.id }],
    });
    expect(ownerDirect.statusCode).toBe(401);
    const ownerSign = await t.call('POST', '/v3/sign', owner, {
      signatureRequests: [{ id: f.request.id }],
    });
    expect(json(ownerSign)).toMatchObject({ code: 'NOT_A_SIGNER' });
    expect(await statusOf(f.request.id, f.visitorSid)).toBe('OPEN');
    expect(found).not.toContain(f.visitor!.secret);
    expect(found).not.toContain(f.visitor!.sendTo);
    // The database keeps hashes only: the delivered invitation's job no longer holds the links.
    const rows = (table: string) => t.database.db.execute(`select * from ${table}` as never);
    const stored = JSON.stringify([await rows('jobs'), await rows('signers')]);
    expect(stored).toContain(f.visitorSid);
    expect(stored).not.toContain(f.visitor!.secret);
    expect(stored).not.toContain(f.visitor!.sendTo);
  });

  it('replaces the secrets when the link is sent again or the signature is handed on; the old ones stop working', async () => {
    const p = people();
    const f = await createFixture(t, owner, p);
    const first = f.visitor!;
    expect((await t.call('POST', `/v3/signature-requests/${f.request.id}/remind`, owner)).statusCode).toBe(
      200,
    );
    const second = await visitorLink(t, p.visitor, f.request.id);
    expect(second.secret).not.toBe(first.secret);
    expect(second.sendTo).not.toBe(first.sendTo);
    expect(
      (await t.call('GET', `/v3/direct/signature-requests/${f.request.id}`, first.headers)).statusCode,
    ).toBe(401);
    expect((await t.call('GET', `/v3/sendto/${first.sendTo}/get-internal`, stranger)).statusCode).toBe(404);
    expect(
      (await t.call('GET', `/v3/direct/signature-requests/${f.request.id}`, second.headers)).statusCode,
    ).toBe(200);
    expect((await t.call('GET', `/v3/sendto/${second.sendTo}/get-internal`, stranger)).statusCode).toBe(200);

    // The account signer hands their signature to a visitor: only the new signer's mail holds the secret.
    const handed = await t.call('POST', `/v3/signature-requests/${f.request.id}/delegate`, signer, {
      signer_identity_data: { email_address: 'deputy@example.ch', first_name: 'Dora', last_name: 'Deputy' },
    });
    expect(handed.statusCode).toBe(200);
    const deputy = await expectHandedLink(t, handed, 'deputy@example.ch', f.request, f.signerSid);
    // A slot taken into an account keeps no link: neither of its secrets works any more.
    expect((await t.call('POST', `/v3/sendto/${deputy.sendTo}/claim`, stranger)).statusCode).toBe(200);
    expect(
      (await t.call('GET', `/v3/direct/signature-requests/${f.request.id}`, deputy.headers)).statusCode,
    ).toBe(401);
    expect((await t.call('GET', `/v3/sendto/${deputy.sendTo}/get-internal`, stranger)).statusCode).toBe(404);
  });

  it('answers send-to links only to signed-in users, by their own secret', async () => {
    const f = await createFixture(t, owner, people());
    const sendTo = f.visitor!.sendTo;
    for (const id of [sendTo, f.visitorSid]) {
      expect((await t.call('GET', `/v3/sendto/${id}/get-internal`)).statusCode).toBe(401);
      expect((await t.call('POST', `/v3/sendto/${id}/claim`)).statusCode).toBe(401);
    }
    expect(json(await t.call('GET', `/v3/sendto/${f.visitorSid}/get-internal`, stranger))).toMatchObject({
      statusCode: 400,
      field: 'params.id',
    });
    expect(json(await t.call('GET', `/v3/sendto/${sendTo}/get-internal`, stranger))).toMatchObject({
      signature_request_id: f.request.id,
      claimable: true,
    });
  });

  it('takes direct-sign credentials from the header only and keeps every credential out of the logs', async () => {
    const f = await createFixture(t, owner, people());
    const { secret, sendTo, headers } = f.visitor!;
    const documentId = f.request.documents[0]!.id;
    const queryToken = Buffer.from(`${f.visitorSid}:${secret}`).toString('base64');
    const page = `/v3/direct/documents/${documentId}/pages/1?scale=20`;
    // A credential in a query string is no credential.
    expect((await t.call('GET', `${page}&token=${encodeURIComponent(queryToken)}`)).statusCode).toBe(401);
    expect(
      (
        await t.call(
          'GET',
          `/v3/direct/signature-requests/${f.request.id}/zip?token=${encodeURIComponent(queryToken)}`,
        )
      ).statusCode,
    ).toBe(401);
    const withHeader = await t.call('GET', page, headers);
    expect(withHeader.headers['content-type']).toBe('image/png');
    expect((await t.call('GET', `/v3/sendto/${sendTo}/get-internal`, stranger)).statusCode).toBe(200);
    t.app.log.info(
      { request: { headers: { authorization: headers.authorization } }, body: { data: { token: secret } } },
      'a careless log line',
    );
    await new Promise((resolve) => setImmediate(resolve));
    const text = logs.join('');
    // The log saw these calls (with their paths), but none of the secrets in any form.
    expect(text).toContain(`/api/v3/direct/documents/${documentId}/pages/1?scale=20&token=[redacted]`);
    expect(text).toContain('/api/v3/sendto/[redacted]/get-internal');
    expect(text).toContain('a careless log line');
    for (const value of [
      secret,
      sendTo,
      queryToken,
      encodeURIComponent(queryToken),
      headers.authorization,
      owner.token,
    ])
      expect(text).not.toContain(value);
  });

  it("records the client address and user agent with a visitor's decline and a claim", async () => {
    const f = await createFixture(t, owner, people());
    const declined = await t.app.inject({
      method: 'POST',
      url: `/api/v3/direct/signature-requests/${f.request.id}/decline`,
      headers: { ...f.visitor!.headers, 'user-agent': 'VisitorBrowser/1.0' },
      remoteAddress: '203.0.113.7',
      payload: {},
    });
    expect(declined.statusCode).toBe(200);
    const g = await createFixture(t, owner, people());
    const claimed = await t.app.inject({
      method: 'POST',
      url: `/api/v3/sendto/${g.visitor!.sendTo}/claim`,
      headers: { ...stranger.headers, 'user-agent': 'ClaimerBrowser/2.0' },
      remoteAddress: '198.51.100.4',
    });
    expect(claimed.statusCode).toBe(200);
    const lastEvent = async (id: string) =>
      json<{ events: Array<{ type: string; data: Record<string, unknown> }> }>(
        await t.call('GET', `/v3/signature-requests/${id}/events`, owner),
      ).events.at(-1);
    expect(await lastEvent(f.request.id)).toMatchObject({
      type: 'declined',
      data: { sid: f.visitorSid, client_ip: '203.0.113.7', user_agent: 'VisitorBrowser/1.0' },
    });
    expect(await lastEvent(g.request.id)).toMatchObject({
      type: 'claimed',
      data: { sid: g.visitorSid, client_ip: '198.51.100.4', user_agent: 'ClaimerBrowser/2.0' },
    });
  });
});
