import { createHash, createPublicKey, verify, X509Certificate } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestTrustServices } from '../testing.js';
import { makeTempDir, openssl, removeDir, writeFiles } from '../test-support/openssl.js';
import type { TrustServices } from '../trust-services.js';
import { toPem } from '../pki/pem.js';
import { trustServicesPlugin } from './trust-services-plugin.js';
import { presence, testSignerKeys } from '../test-support/signer-assertions.js';

const token = 'test-client-token';
const auth = { authorization: `Bearer ${token}` };
const sha256 = '2.16.840.1.101.3.4.2.1';
const sha256WithRsa = '1.2.840.113549.1.1.11';

let dir: string;
let app: FastifyInstance;
let services: TrustServices;
const routes: { url: string; auth: unknown }[] = [];

beforeAll(async () => {
  dir = await makeTempDir('http');
  services = await createTestTrustServices({
    dataDir: dir,
    publicBaseUrl: 'http://localhost/sandbox',
    signerPublicKey: testSignerKeys.publicKey,
  });
  app = Fastify();
  app.addHook('onRoute', (route) => {
    routes.push({
      url: route.url,
      get auth() {
        return (route.config as { auth?: unknown } | undefined)?.auth;
      },
    });
  });
  await app.register(trustServicesPlugin, {
    prefix: '/sandbox',
    dataDir: dir,
    publicBaseUrl: 'http://localhost/sandbox',
    clientToken: token,
    accessSecret: 'test-access-secret-0123456789',
    signerPublicKey: testSignerKeys.publicKey,
    services,
  });
  await app.ready();
  await writeFiles(dir, { 'trust.pem': services.pki.trustListPem() });
});
afterAll(async () => {
  await app.close();
  await removeDir(dir);
});
afterEach(() => {
  services.control.resetClock();
  services.control.clearFaults();
});

const hashOf = (text: string) => createHash('sha256').update(text).digest('base64');

/** Calls that authorize carry the client's signer assertion, as the API sends it (signer-assertion.test.ts covers its absence). */
const authorizing = new Set(['/csc/v2/credentials/authorize', '/csc/v2/stepup']);

async function post(url: string, payload: Record<string, unknown>, headers: Record<string, string> = auth) {
  const { credentialID, hashes } = payload;
  const withPresence =
    authorizing.has(url) && typeof credentialID === 'string' && Array.isArray(hashes)
      ? { ...payload, authData: await presence(services, credentialID, hashes as string[]).catch(() => []) }
      : payload;
  return app.inject({ method: 'POST', url: `/sandbox${url}`, headers, payload: withPresence });
}

let signerCount = 0;
/** Enrols a fresh signer (unique mobile, so outbox reads are unambiguous). */
async function enrol(extra: Record<string, unknown> = {}) {
  signerCount += 1;
  const mobile = `+4179000${String(signerCount).padStart(4, '0')}`;
  const response = await post('/ra/v1/enrol', {
    givenName: 'Erika',
    surname: 'Muster',
    email: 'erika@example.ch',
    mobile,
    quality: 'aes',
    legislation: 'zertes',
    ...extra,
  });
  expect(response.statusCode).toBe(201);
  return {
    ...(response.json() as { credentialID: string; certificates: string[]; serialNumber: string }),
    mobile,
  };
}

async function latestSms(mobile: string): Promise<{ text: string; code: string }> {
  const response = await app.inject({ url: `/sandbox/sms.json?to=${encodeURIComponent(mobile)}` });
  const [message] = (response.json() as { messages: { text: string }[] }).messages;
  const code = /\b(\d{6})\b/.exec(message?.text ?? '')?.[1];
  if (!message || !code) throw new Error(`no code sent to ${mobile}`);
  return { text: message.text, code };
}

async function authorizeWithOtp(credentialID: string, mobile: string, hashes: string[]) {
  expect((await post('/csc/v2/credentials/sendOTP', { credentialID })).statusCode).toBe(204);
  const { code } = await latestSms(mobile);
  return post('/csc/v2/credentials/authorize', {
    credentialID,
    numSignatures: hashes.length,
    hashes,
    OTP: code,
  });
}

describe('trust services over HTTP', () => {
  it('declares auth "public" on every route', () => {
    expect(routes.length).toBeGreaterThan(20);
    expect(routes.filter((r) => r.auth !== 'public')).toEqual([]);
  });

  it('refuses CSC calls without the client token, but serves info publicly', async () => {
    const denied = await post('/csc/v2/credentials/list', {}, { authorization: 'Bearer wrong' });
    expect(denied.statusCode).toBe(401);
    expect(denied.json()).toMatchObject({ error: 'invalid_token' });
    const info = await post('/csc/v2/info', {}, {});
    expect(info.json()).toMatchObject({ specs: '2.0.0.2' });
  });

  it('enrols, lists, authorizes with the SMS OTP and signs hashes that verify against the certificate', async () => {
    const signer = await enrol({ serialNumber: 'IDCH-7', language: 'de', userID: 'user-7' });
    const list = await post('/csc/v2/credentials/list', { userID: 'user-7' });
    expect(list.json()).toEqual({ credentialIDs: [signer.credentialID] });

    const info = (
      await post('/csc/v2/credentials/info', { credentialID: signer.credentialID, certificates: 'chain' })
    ).json() as {
      authMode: string;
      SCAL: string;
      key: { algo: string[] };
      cert: { certificates: string[]; subjectDN: string; status: string };
    };
    expect(info).toMatchObject({ authMode: 'explicit', SCAL: '2', cert: { status: 'valid' } });
    expect(info.key.algo).toContain(sha256WithRsa);
    expect(info.cert.subjectDN).toContain('CN=Erika Muster');
    expect(info.cert.subjectDN).toContain('serialNumber=IDCH-7');
    expect(info.cert.certificates).toHaveLength(3);
    await writeFiles(dir, {
      'signer.pem': toPem('CERTIFICATE', Buffer.from(info.cert.certificates[0]!, 'base64')),
    });
    expect((await openssl(['verify', '-CAfile', 'trust.pem', 'signer.pem'], dir)).output).toContain(
      'signer.pem: OK',
    );

    const hashes = [hashOf('page one'), hashOf('page two')];
    const authorized = await authorizeWithOtp(signer.credentialID, signer.mobile, hashes);
    expect((await latestSms(signer.mobile)).text).toContain('Signatur-Code');
    expect(authorized.statusCode).toBe(200);
    const { SAD } = authorized.json() as { SAD: string };

    const signed = await post('/csc/v2/signatures/signHash', {
      credentialID: signer.credentialID,
      SAD,
      hashes,
      hashAlgorithmOID: sha256,
      signAlgo: sha256WithRsa,
    });
    expect(signed.statusCode).toBe(200);
    const { signatures } = signed.json() as { signatures: string[] };
    const publicKey = createPublicKey(await readFile(join(dir, 'signer.pem')));
    expect(verify('sha256', Buffer.from('page one'), publicKey, Buffer.from(signatures[0]!, 'base64'))).toBe(
      true,
    );
    expect(verify('sha256', Buffer.from('page two'), publicKey, Buffer.from(signatures[1]!, 'base64'))).toBe(
      true,
    );

    // Single use: the same SAD cannot sign again.
    const replay = await post('/csc/v2/signatures/signHash', {
      credentialID: signer.credentialID,
      SAD,
      hashes,
      signAlgo: sha256WithRsa,
    });
    expect(replay.statusCode).toBe(400);
    expect(replay.json()).toMatchObject({ error: 'invalid_request' });
  });

  it('binds the SAD to the authorized hashes and lets it expire after five minutes', async () => {
    const signer = await enrol();
    const hashes = [hashOf('contract')];
    const { SAD } = (await authorizeWithOtp(signer.credentialID, signer.mobile, hashes)).json() as {
      SAD: string;
    };
    const sign = (h: string[]) =>
      post('/csc/v2/signatures/signHash', {
        credentialID: signer.credentialID,
        SAD,
        hashes: h,
        signAlgo: sha256WithRsa,
      });

    const other = await sign([hashOf('another contract')]);
    expect(other.statusCode).toBe(400);
    expect(other.json().error_description).toContain('hashes differ');

    services.control.setClock({ offsetMs: 5 * 60_000 + 1_000 });
    const late = await sign(hashes);
    expect(late.statusCode).toBe(400);
    expect(late.json().error_description).toContain('expired');
  });

  it('rejects a wrong OTP with the remaining attempts, and authorization without an OTP', async () => {
    const signer = await enrol();
    const hashes = [hashOf('x')];
    expect(
      (
        await post('/csc/v2/credentials/authorize', {
          credentialID: signer.credentialID,
          numSignatures: 1,
          hashes,
        })
      ).statusCode,
    ).toBe(400);
    await post('/csc/v2/credentials/sendOTP', { credentialID: signer.credentialID });
    const { code } = await latestSms(signer.mobile);
    const wrong = await post('/csc/v2/credentials/authorize', {
      credentialID: signer.credentialID,
      numSignatures: 1,
      hashes,
      OTP: code === '000000' ? '111111' : '000000',
    });
    expect(wrong.json()).toMatchObject({ error: 'invalid_otp', code: 'TAN_INVALID', remainingAttempts: 2 });
  });

  it('answers malformed CSC calls with invalid_request naming the problem', async () => {
    const platform = 'platform-eidas';
    const cases: [string, Record<string, unknown>, string][] = [
      ['/csc/v2/credentials/authorize', { numSignatures: 1, hashes: [hashOf('a')] }, 'credentialID'],
      ['/csc/v2/credentials/info', { credentialID: 'no-such-credential' }, 'Invalid parameter credentialID'],
      [
        '/csc/v2/credentials/authorize',
        { credentialID: platform, numSignatures: 2, hashes: [hashOf('a')] },
        'numSignatures',
      ],
      [
        '/csc/v2/credentials/authorize',
        { credentialID: platform, numSignatures: 1, hashes: [Buffer.alloc(20).toString('base64')] },
        'not a base64 sha256 digest',
      ],
      [
        '/csc/v2/signatures/signHash',
        { credentialID: platform, SAD: 'x', hashes: [hashOf('a')], signAlgo: '1.2.840.10045.4.3.2' },
        'Unsupported signAlgo',
      ],
    ];
    for (const [url, body, expected] of cases) {
      const response = await post(url, body);
      expect(response.statusCode, url).toBe(400);
      expect(response.json()).toMatchObject({ error: 'invalid_request' });
      expect(response.json().error_description).toContain(expected);
    }
  });

  it('signs with the platform credential without an OTP', async () => {
    const credentialID = services.pki.platform.eidas.id;
    const hashes = [hashOf('platform document')];
    const authorized = await post('/csc/v2/credentials/authorize', {
      credentialID,
      numSignatures: 1,
      hashes,
    });
    expect(authorized.statusCode).toBe(200);
    const signed = await post('/csc/v2/signatures/signHash', {
      credentialID,
      SAD: authorized.json().SAD,
      hashes,
      hashAlgorithmOID: sha256,
      signAlgo: '1.2.840.113549.1.1.1',
    });
    const publicKey = createPublicKey(services.pki.platform.eidas.certificatePem);
    const [signature] = signed.json().signatures as string[];
    expect(
      verify('sha256', Buffer.from('platform document'), publicKey, Buffer.from(signature!, 'base64')),
    ).toBe(true);
  });

  it('enrols business seals that sign without an OTP, qualified by default or advanced on request', async () => {
    const enrolSeal = async (extra: Record<string, unknown>) => {
      const response = await post('/ra/v1/enrol', {
        quality: 'seal',
        legislation: 'eidas',
        organization: 'Example Trading AG',
        country: 'CH',
        ...extra,
      });
      expect(response.statusCode).toBe(201);
      const { credentialID } = response.json() as { credentialID: string };
      const info = (await post('/csc/v2/credentials/info', { credentialID })).json() as {
        authMode: string;
        signatureQualifier: string;
        cert: { certificates: string[]; subjectDN: string; validTo: string };
      };
      return { credentialID, info };
    };
    const qualified = await enrolSeal({});
    expect(qualified.info).toMatchObject({ authMode: 'implicit', signatureQualifier: 'eu_eidas_qeseal' });
    expect(qualified.info.cert.subjectDN).toContain('CN=Example Trading AG');
    expect(Date.parse(qualified.info.cert.validTo) - Date.now()).toBeGreaterThan(300 * 24 * 3600_000);
    const advanced = await enrolSeal({ sealLevel: 'aes' });
    expect(advanced.info.signatureQualifier).toBe('eu_eidas_aeseal');
    // A business with several seals names each in the CN; the organization stays the business.
    const named = await enrolSeal({ commonName: 'Example Invoices' });
    expect(named.info.cert.subjectDN).toContain('CN=Example Invoices');
    expect(named.info.cert.subjectDN).toContain('O=Example Trading AG');

    await writeFiles(dir, {
      'qseal.pem': toPem('CERTIFICATE', Buffer.from(qualified.info.cert.certificates[0]!, 'base64')),
      'aseal.pem': toPem('CERTIFICATE', Buffer.from(advanced.info.cert.certificates[0]!, 'base64')),
    });
    const text = async (file: string) =>
      (await openssl(['x509', '-in', file, '-noout', '-text'], dir)).stdout;
    expect(await text('qseal.pem')).toContain('Policy: 0.4.0.194112.1.3');
    expect(await text('qseal.pem')).toContain('qcStatements');
    expect(await text('aseal.pem')).not.toContain('qcStatements');
    expect((await openssl(['verify', '-CAfile', 'trust.pem', 'qseal.pem', 'aseal.pem'], dir)).code).toBe(0);

    const hashes = [hashOf('invoice 42')];
    const { SAD } = (
      await post('/csc/v2/credentials/authorize', {
        credentialID: qualified.credentialID,
        numSignatures: 1,
        hashes,
      })
    ).json() as { SAD: string };
    const signed = await post('/csc/v2/signatures/signHash', {
      credentialID: qualified.credentialID,
      SAD,
      hashes,
      signAlgo: sha256WithRsa,
    });
    const [signature] = (signed.json() as { signatures: string[] }).signatures;
    const publicKey = createPublicKey(await readFile(join(dir, 'qseal.pem')));
    expect(verify('sha256', Buffer.from('invoice 42'), publicKey, Buffer.from(signature!, 'base64'))).toBe(
      true,
    );

    // Without a userID the client sees its own credentials: the platform's and the valid unowned seals.
    const own = async () =>
      ((await post('/csc/v2/credentials/list', {})).json() as { credentialIDs: string[] }).credentialIDs;
    expect(await own()).toEqual(
      expect.arrayContaining(['platform-eidas', 'platform-zertes', qualified.credentialID]),
    );
    services.control.setClock({ offsetMs: 400 * 24 * 3600_000 });
    expect(await own()).not.toContain(qualified.credentialID);
    services.control.resetClock();

    // A person's certificate cannot be enrolled without the mobile the codes go to.
    const noMobile = await post('/ra/v1/enrol', {
      givenName: 'No',
      surname: 'Mobile',
      email: 'no@example.ch',
      quality: 'qes',
      legislation: 'eidas',
    });
    expect(noMobile.statusCode).toBe(400);
    expect(noMobile.json().error_description).toContain('mobile');
  });

  it('runs the QES step-up: SMS in the signer language, wrong code, resend, success with a SAD that signs', async () => {
    const signer = await enrol({ quality: 'qes', language: 'fr', serialNumber: 'IDCH-9' });
    const hashes = [hashOf('qualified')];
    const started = await post('/csc/v2/stepup', {
      credentialID: signer.credentialID,
      hashes,
      serialNumber: 'IDCH-9',
    });
    expect(started.statusCode).toBe(201);
    const { responseId, status } = started.json() as { responseId: string; status: string };
    expect(status).toBe('PENDING');
    const first = await latestSms(signer.mobile);
    expect(first.text).toContain('votre code de signature');
    expect(first.text).toContain('SIMULÉ');

    const wrong = await post(`/csc/v2/stepup/${responseId}/respond`, {
      secret: first.code === '123456' ? '654321' : '123456',
    });
    expect(wrong.json()).toMatchObject({ code: 'TAN_INVALID', remainingAttempts: 2 });

    await post(`/csc/v2/stepup/${responseId}/resend`, {});
    const second = await latestSms(signer.mobile);
    if (second.code !== first.code) {
      const old = await post(`/csc/v2/stepup/${responseId}/respond`, { secret: first.code });
      expect(old.json()).toMatchObject({ code: 'TAN_INVALID', remainingAttempts: 1 });
    }
    expect(
      (await app.inject({ url: `/sandbox/csc/v2/stepup/${responseId}`, headers: auth })).json(),
    ).toMatchObject({
      status: 'PENDING',
    });
    const done = await post(`/csc/v2/stepup/${responseId}/respond`, { secret: second.code });
    expect(done.statusCode).toBe(200);
    const polled = (
      await app.inject({ url: `/sandbox/csc/v2/stepup/${responseId}`, headers: auth })
    ).json() as {
      status: string;
      SAD: string;
    };
    expect(polled.status).toBe('SUCCESS');
    const signed = await post('/csc/v2/signatures/signHash', {
      credentialID: signer.credentialID,
      SAD: polled.SAD,
      hashes,
      signAlgo: sha256WithRsa,
    });
    expect(signed.statusCode).toBe(200);
  });

  it('locks the step-up after three wrong codes', async () => {
    const signer = await enrol({ quality: 'qes' });
    const { responseId } = (
      await post('/csc/v2/stepup', { credentialID: signer.credentialID, hashes: [hashOf('l')] })
    ).json();
    const { code } = await latestSms(signer.mobile);
    const wrongCode = code === '999999' ? '888888' : '999999';
    const answers = [];
    for (let i = 0; i < 3; i += 1)
      answers.push((await post(`/csc/v2/stepup/${responseId}/respond`, { secret: wrongCode })).json());
    expect(answers.map((a) => a.code)).toEqual(['TAN_INVALID', 'TAN_INVALID', 'TAN_LOCKED']);
    // Even the right code no longer helps, and a resend is refused.
    const late = await post(`/csc/v2/stepup/${responseId}/respond`, { secret: code });
    expect(late.statusCode).toBe(403);
    expect(late.json()).toMatchObject({ code: 'TAN_LOCKED' });
    expect((await post(`/csc/v2/stepup/${responseId}/resend`, {})).statusCode).toBe(403);
    const polled = (await app.inject({ url: `/sandbox/csc/v2/stepup/${responseId}`, headers: auth })).json();
    expect(polled).toMatchObject({ status: 'FAILED', errorCode: 'TAN_LOCKED' });
  });

  it('expires a code after five minutes and times the authorization out after ten', async () => {
    const signer = await enrol({ quality: 'qes' });
    const { responseId } = (
      await post('/csc/v2/stepup', { credentialID: signer.credentialID, hashes: [hashOf('e')] })
    ).json();
    const { code } = await latestSms(signer.mobile);
    services.control.setClock({ offsetMs: 5 * 60_000 + 1_000 });
    const expired = await post(`/csc/v2/stepup/${responseId}/respond`, { secret: code });
    expect(expired.json()).toMatchObject({ code: 'TAN_EXPIRED' });
    services.control.setClock({ offsetMs: 10 * 60_000 + 1_000 });
    const polled = (await app.inject({ url: `/sandbox/csc/v2/stepup/${responseId}`, headers: auth })).json();
    expect(polled.status).toBe('TIMEOUT');
  });

  it('reports SERIAL_NUMBER_MISMATCH without sending a code, and USER_CANCEL on cancel', async () => {
    const signer = await enrol({ quality: 'qes', serialNumber: 'IDCH-1' });
    const mismatch = (
      await post('/csc/v2/stepup', {
        credentialID: signer.credentialID,
        hashes: [hashOf('m')],
        serialNumber: 'IDCH-2',
      })
    ).json();
    expect(mismatch.status).toBe('SERIAL_NUMBER_MISMATCH');
    expect(services.sms.list({ to: signer.mobile })).toHaveLength(0);

    const { responseId } = (
      await post('/csc/v2/stepup', { credentialID: signer.credentialID, hashes: [hashOf('c')] })
    ).json();
    expect((await post(`/csc/v2/stepup/${responseId}/cancel`, {})).json()).toMatchObject({
      status: 'USER_CANCEL',
    });
    expect((await post(`/csc/v2/stepup/${responseId}/respond`, { secret: '123456' })).statusCode).toBe(409);
  });

  it('shows the outbox as HTML, newest first, filtered by number', async () => {
    const signer = await enrol();
    await post('/csc/v2/credentials/sendOTP', { credentialID: signer.credentialID });
    await post('/csc/v2/credentials/sendOTP', { credentialID: signer.credentialID });
    const page = await app.inject({ url: `/sandbox/sms?to=${encodeURIComponent(signer.mobile)}` });
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('2 message(s)');
    const newest = services.sms.latestCode(signer.mobile)!;
    expect(page.body.indexOf(newest)).toBeLessThan(page.body.lastIndexOf('your signing code'));
  });

  it('serves TSA replies openssl verifies, and 503 while the TSA is down', async () => {
    await writeFiles(dir, { 'doc.txt': 'timestamp me' });
    await openssl(['ts', '-query', '-data', 'doc.txt', '-sha256', '-cert', '-out', 'http.tsq'], dir);
    const query = await readFile(join(dir, 'http.tsq'));
    const headers = { 'content-type': 'application/timestamp-query' };
    const reply = await app.inject({ method: 'POST', url: '/sandbox/tsa', headers, payload: query });
    expect(reply.headers['content-type']).toBe('application/timestamp-reply');
    await writeFiles(dir, { 'http.tsr': reply.rawPayload });
    const verified = await openssl(
      ['ts', '-verify', '-in', 'http.tsr', '-queryfile', 'http.tsq', '-CAfile', 'trust.pem'],
      dir,
    );
    expect(verified.output).toContain('Verification: OK');

    await post('/control/faults', { tsaDown: true }, {});
    expect(
      (await app.inject({ method: 'POST', url: '/sandbox/tsa', headers, payload: query })).statusCode,
    ).toBe(503);
    await app.inject({ method: 'DELETE', url: '/sandbox/control/faults' });
    expect(
      (await app.inject({ method: 'POST', url: '/sandbox/tsa', headers, payload: query })).statusCode,
    ).toBe(200);
  });

  it('answers OCSP by GET and POST, serves CRLs and CA certificates, and revokes over the control API', async () => {
    const signer = await enrol();
    await writeFiles(dir, {
      'ee.pem': toPem('CERTIFICATE', Buffer.from(signer.certificates[0]!, 'base64')),
      'ca.pem': toPem('CERTIFICATE', Buffer.from(signer.certificates[1]!, 'base64')),
    });
    await openssl(['ocsp', '-issuer', 'ca.pem', '-cert', 'ee.pem', '-reqout', 'http-req.der'], dir);
    const request = await readFile(join(dir, 'http-req.der'));
    const check = async (response: Buffer) => {
      await writeFiles(dir, { 'http-resp.der': response });
      const result = await openssl(
        ['ocsp', '-reqin', 'http-req.der', '-respin', 'http-resp.der', '-CAfile', 'trust.pem', '-resp_text'],
        dir,
      );
      expect(result.output).toContain('Response verify OK');
      return result.stdout;
    };
    const byPost = await app.inject({
      method: 'POST',
      url: '/sandbox/ocsp',
      headers: { 'content-type': 'application/ocsp-request' },
      payload: request,
    });
    expect(byPost.headers['content-type']).toBe('application/ocsp-response');
    expect(await check(byPost.rawPayload)).toContain('Cert Status: good');

    const revoked = await post(
      '/control/revocations',
      { serialNumber: signer.serialNumber, reason: 'superseded' },
      {},
    );
    expect(revoked.statusCode).toBe(201);
    const byGet = await app.inject({
      url: `/sandbox/ocsp/${encodeURIComponent(request.toString('base64'))}`,
    });
    expect(await check(byGet.rawPayload)).toContain('Revocation Reason: superseded');

    const crl = await app.inject({ url: '/sandbox/crl/zertes-aes.crl' });
    expect(crl.headers['content-type']).toBe('application/pkix-crl');
    await writeFiles(dir, { 'http.crl': crl.rawPayload });
    const crlCheck = await openssl(
      ['crl', '-inform', 'DER', '-in', 'http.crl', '-CAfile', 'trust.pem', '-noout', '-text'],
      dir,
    );
    expect(crlCheck.output).toContain('verify OK');
    expect(crlCheck.output).toContain(signer.serialNumber.toUpperCase());
    expect((await app.inject({ url: '/sandbox/crl/nope.crl' })).statusCode).toBe(404);

    const caCert = await app.inject({ url: '/sandbox/ca/zertes-aes.cer' });
    expect(caCert.rawPayload.equals(Buffer.from(signer.certificates[1]!, 'base64'))).toBe(true);
    const list = await app.inject({ url: '/sandbox/trust-list.pem' });
    expect(list.body).toBe(services.pki.trustListPem());

    // A revoked credential cannot be authorized any more.
    expect((await authorizeWithOtp(signer.credentialID, signer.mobile, [hashOf('r')])).statusCode).toBe(400);
  });

  it('sets and resets the clock over HTTP and validates the body', async () => {
    const set = await post('/control/clock', { fixed: '2027-01-02T03:04:05Z' }, {});
    expect(set.json().clock.now).toBe('2027-01-02T03:04:05.000Z');
    expect(services.control.clock.now().toISOString()).toBe('2027-01-02T03:04:05.000Z');
    const bad = await post('/control/clock', { fixed: 'tomorrow' }, {});
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toBe('invalid_request');
    await app.inject({ method: 'DELETE', url: '/sandbox/control/clock' });
    expect(Math.abs(services.control.clock.now().getTime() - Date.now())).toBeLessThan(5_000);
  });
});

describe('implicitly authorized advanced credentials', () => {
  it('sign without an SMS code when enrolled implicit, for AES only', async () => {
    const response = await post('/ra/v1/enrol', {
      givenName: 'Ida',
      surname: 'Implicit',
      email: 'ida@example.ch',
      quality: 'aes',
      legislation: 'eidas',
      authMode: 'implicit',
    });
    expect(response.statusCode).toBe(201);
    const { credentialID, certificates } = response.json() as {
      credentialID: string;
      certificates: string[];
    };
    const hash = hashOf('implicit');
    const authorized = await post('/csc/v2/credentials/authorize', {
      credentialID,
      numSignatures: 1,
      hashes: [hash],
    });
    expect(authorized.statusCode).toBe(200);
    const signed = await post('/csc/v2/signatures/signHash', {
      credentialID,
      SAD: (authorized.json() as { SAD: string }).SAD,
      hashes: [hash],
      signAlgo: '1.2.840.113549.1.1.11',
    });
    const signature = Buffer.from((signed.json() as { signatures: string[] }).signatures[0]!, 'base64');
    const key = new X509Certificate(Buffer.from(certificates[0]!, 'base64')).publicKey;
    expect(verify('sha256', Buffer.from('implicit'), key, signature)).toBe(true);

    const qes = await post('/ra/v1/enrol', {
      givenName: 'Ida',
      surname: 'Implicit',
      email: 'ida@example.ch',
      quality: 'qes',
      legislation: 'eidas',
      authMode: 'implicit',
    });
    expect(qes.statusCode).toBe(400);
    const explicitWithoutMobile = await post('/ra/v1/enrol', {
      givenName: 'Ida',
      surname: 'Implicit',
      email: 'ida@example.ch',
      quality: 'aes',
      legislation: 'eidas',
    });
    expect(explicitWithoutMobile.statusCode).toBe(400);
  });
});
