import { createPublicKey, verify, X509Certificate } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { useSandboxApp } from '../test-support/sandbox-app.js';
import { openssl, writeFiles } from '../test-support/openssl.js';
import { toPem } from '../pki/pem.js';
import { cscClient, hashOf, sha256Oid, sha256WithRsaOid } from '../test-support/csc-client.js';

const routes: { url: string; auth: unknown }[] = [];
const sandbox = useSandboxApp({
  name: 'http',
  services: true,
  beforeRegister: (app) =>
    app.addHook('onRoute', (route) => {
      routes.push({
        url: route.url,
        get auth() {
          return (route.config as { auth?: unknown } | undefined)?.auth;
        },
      });
    }),
});
beforeAll(() => writeFiles(sandbox.dir, { 'trust.pem': sandbox.services.pki.trustListPem() }));
afterEach(() => {
  sandbox.services.control.resetClock();
  sandbox.services.control.clearFaults();
});

const { post, enrol, latestSms, authorizeWithOtp, signHash } = cscClient(sandbox);

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
    expect(info.key.algo).toContain(sha256WithRsaOid);
    expect(info.cert.subjectDN).toContain('CN=Erika Muster');
    expect(info.cert.subjectDN).toContain('serialNumber=IDCH-7');
    expect(info.cert.certificates).toHaveLength(3);
    await writeFiles(sandbox.dir, {
      'signer.pem': toPem('CERTIFICATE', Buffer.from(info.cert.certificates[0]!, 'base64')),
    });
    expect((await openssl(['verify', '-CAfile', 'trust.pem', 'signer.pem'], sandbox.dir)).output).toContain(
      'signer.pem: OK',
    );

    const hashes = [hashOf('page one'), hashOf('page two')];
    const authorized = await authorizeWithOtp(signer.credentialID, signer.mobile, hashes);
    expect((await latestSms(signer.mobile)).text).toContain('Signatur-Code');
    expect(authorized.statusCode).toBe(200);
    const { SAD } = authorized.json() as { SAD: string };

    const signed = await signHash(signer.credentialID, SAD, hashes, { hashAlgorithmOID: sha256Oid });
    expect(signed.statusCode).toBe(200);
    const { signatures } = signed.json() as { signatures: string[] };
    const publicKey = createPublicKey(await readFile(join(sandbox.dir, 'signer.pem')));
    expect(verify('sha256', Buffer.from('page one'), publicKey, Buffer.from(signatures[0]!, 'base64'))).toBe(
      true,
    );
    expect(verify('sha256', Buffer.from('page two'), publicKey, Buffer.from(signatures[1]!, 'base64'))).toBe(
      true,
    );

    // Single use: the same SAD cannot sign again.
    const replay = await signHash(signer.credentialID, SAD, hashes);
    expect(replay.statusCode).toBe(400);
    expect(replay.json()).toMatchObject({ error: 'invalid_request' });
  });

  it('binds the SAD to the authorized hashes and lets it expire after five minutes', async () => {
    const signer = await enrol();
    const hashes = [hashOf('contract')];
    const { SAD } = (await authorizeWithOtp(signer.credentialID, signer.mobile, hashes)).json() as {
      SAD: string;
    };
    const sign = (h: string[]) => signHash(signer.credentialID, SAD, h);

    const other = await sign([hashOf('another contract')]);
    expect(other.statusCode).toBe(400);
    expect(other.json().error_description).toContain('hashes differ');

    sandbox.services.control.setClock({ offsetMs: 5 * 60_000 + 1_000 });
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
    const credentialID = sandbox.services.pki.platform.eidas.id;
    const hashes = [hashOf('platform document')];
    const authorized = await post('/csc/v2/credentials/authorize', {
      credentialID,
      numSignatures: 1,
      hashes,
    });
    expect(authorized.statusCode).toBe(200);
    const signed = await signHash(credentialID, authorized.json().SAD, hashes, {
      hashAlgorithmOID: sha256Oid,
      signAlgo: '1.2.840.113549.1.1.1',
    });
    const publicKey = createPublicKey(sandbox.services.pki.platform.eidas.certificatePem);
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

    await writeFiles(sandbox.dir, {
      'qseal.pem': toPem('CERTIFICATE', Buffer.from(qualified.info.cert.certificates[0]!, 'base64')),
      'aseal.pem': toPem('CERTIFICATE', Buffer.from(advanced.info.cert.certificates[0]!, 'base64')),
    });
    const text = async (file: string) =>
      (await openssl(['x509', '-in', file, '-noout', '-text'], sandbox.dir)).stdout;
    expect(await text('qseal.pem')).toContain('Policy: 0.4.0.194112.1.3');
    expect(await text('qseal.pem')).toContain('qcStatements');
    expect(await text('aseal.pem')).not.toContain('qcStatements');
    expect(
      (await openssl(['verify', '-CAfile', 'trust.pem', 'qseal.pem', 'aseal.pem'], sandbox.dir)).code,
    ).toBe(0);

    const hashes = [hashOf('invoice 42')];
    const { SAD } = (
      await post('/csc/v2/credentials/authorize', {
        credentialID: qualified.credentialID,
        numSignatures: 1,
        hashes,
      })
    ).json() as { SAD: string };
    const signed = await signHash(qualified.credentialID, SAD, hashes);
    const [signature] = (signed.json() as { signatures: string[] }).signatures;
    const publicKey = createPublicKey(await readFile(join(sandbox.dir, 'qseal.pem')));
    expect(verify('sha256', Buffer.from('invoice 42'), publicKey, Buffer.from(signature!, 'base64'))).toBe(
      true,
    );

    // Without a userID the client sees its own credentials: the platform's and the valid unowned seals.
    const own = async () =>
      ((await post('/csc/v2/credentials/list', {})).json() as { credentialIDs: string[] }).credentialIDs;
    expect(await own()).toEqual(
      expect.arrayContaining(['platform-eidas', 'platform-zertes', qualified.credentialID]),
    );
    sandbox.services.control.setClock({ offsetMs: 400 * 24 * 3600_000 });
    expect(await own()).not.toContain(qualified.credentialID);
    sandbox.services.control.resetClock();

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

  it('shows the outbox as HTML, newest first, filtered by number', async () => {
    const signer = await enrol();
    await post('/csc/v2/credentials/sendOTP', { credentialID: signer.credentialID });
    await post('/csc/v2/credentials/sendOTP', { credentialID: signer.credentialID });
    const page = await sandbox.app.inject({ url: `/sandbox/sms?to=${encodeURIComponent(signer.mobile)}` });
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('2 message(s)');
    const newest = sandbox.services.sms.latestCode(signer.mobile)!;
    expect(page.body.indexOf(newest)).toBeLessThan(page.body.lastIndexOf('your signing code'));
  });

  it('serves TSA replies openssl verifies, and 503 while the TSA is down', async () => {
    await writeFiles(sandbox.dir, { 'doc.txt': 'timestamp me' });
    await openssl(['ts', '-query', '-data', 'doc.txt', '-sha256', '-cert', '-out', 'http.tsq'], sandbox.dir);
    const query = await readFile(join(sandbox.dir, 'http.tsq'));
    const headers = { 'content-type': 'application/timestamp-query' };
    const reply = await sandbox.app.inject({ method: 'POST', url: '/sandbox/tsa', headers, payload: query });
    expect(reply.headers['content-type']).toBe('application/timestamp-reply');
    await writeFiles(sandbox.dir, { 'http.tsr': reply.rawPayload });
    const verified = await openssl(
      ['ts', '-verify', '-in', 'http.tsr', '-queryfile', 'http.tsq', '-CAfile', 'trust.pem'],
      sandbox.dir,
    );
    expect(verified.output).toContain('Verification: OK');

    await post('/control/faults', { tsaDown: true }, {});
    expect(
      (await sandbox.app.inject({ method: 'POST', url: '/sandbox/tsa', headers, payload: query })).statusCode,
    ).toBe(503);
    await sandbox.app.inject({ method: 'DELETE', url: '/sandbox/control/faults' });
    expect(
      (await sandbox.app.inject({ method: 'POST', url: '/sandbox/tsa', headers, payload: query })).statusCode,
    ).toBe(200);
  });

  it('answers OCSP by GET and POST, serves CRLs and CA certificates, and revokes over the control API', async () => {
    const signer = await enrol();
    await writeFiles(sandbox.dir, {
      'ee.pem': toPem('CERTIFICATE', Buffer.from(signer.certificates[0]!, 'base64')),
      'ca.pem': toPem('CERTIFICATE', Buffer.from(signer.certificates[1]!, 'base64')),
    });
    await openssl(['ocsp', '-issuer', 'ca.pem', '-cert', 'ee.pem', '-reqout', 'http-req.der'], sandbox.dir);
    const request = await readFile(join(sandbox.dir, 'http-req.der'));
    const check = async (response: Buffer) => {
      await writeFiles(sandbox.dir, { 'http-resp.der': response });
      const result = await openssl(
        ['ocsp', '-reqin', 'http-req.der', '-respin', 'http-resp.der', '-CAfile', 'trust.pem', '-resp_text'],
        sandbox.dir,
      );
      expect(result.output).toContain('Response verify OK');
      return result.stdout;
    };
    const byPost = await sandbox.app.inject({
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
    const byGet = await sandbox.app.inject({
      url: `/sandbox/ocsp/${encodeURIComponent(request.toString('base64'))}`,
    });
    expect(await check(byGet.rawPayload)).toContain('Revocation Reason: superseded');

    const crl = await sandbox.app.inject({ url: '/sandbox/crl/zertes-aes.crl' });
    expect(crl.headers['content-type']).toBe('application/pkix-crl');
    await writeFiles(sandbox.dir, { 'http.crl': crl.rawPayload });
    const crlCheck = await openssl(
      ['crl', '-inform', 'DER', '-in', 'http.crl', '-CAfile', 'trust.pem', '-noout', '-text'],
      sandbox.dir,
    );
    expect(crlCheck.output).toContain('verify OK');
    expect(crlCheck.output).toContain(signer.serialNumber.toUpperCase());
    expect((await sandbox.app.inject({ url: '/sandbox/crl/nope.crl' })).statusCode).toBe(404);

    const caCert = await sandbox.app.inject({ url: '/sandbox/ca/zertes-aes.cer' });
    expect(caCert.rawPayload.equals(Buffer.from(signer.certificates[1]!, 'base64'))).toBe(true);
    const list = await sandbox.app.inject({ url: '/sandbox/trust-list.pem' });
    expect(list.body).toBe(sandbox.services.pki.trustListPem());

    // A revoked credential cannot be authorized any more.
    expect((await authorizeWithOtp(signer.credentialID, signer.mobile, [hashOf('r')])).statusCode).toBe(400);
  });

  it('sets and resets the clock over HTTP and validates the body', async () => {
    const set = await post('/control/clock', { fixed: '2027-01-02T03:04:05Z' }, {});
    expect(set.json().clock.now).toBe('2027-01-02T03:04:05.000Z');
    expect(sandbox.services.control.clock.now().toISOString()).toBe('2027-01-02T03:04:05.000Z');
    const bad = await post('/control/clock', { fixed: 'tomorrow' }, {});
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toBe('invalid_request');
    await sandbox.app.inject({ method: 'DELETE', url: '/sandbox/control/clock' });
    expect(Math.abs(sandbox.services.control.clock.now().getTime() - Date.now())).toBeLessThan(5_000);
  });
});

describe('implicitly authorized advanced credentials', () => {
  /** Enrols Ida, who gives no mobile number. */
  const enrolIda = (extra: Record<string, unknown>) =>
    post('/ra/v1/enrol', {
      givenName: 'Ida',
      surname: 'Implicit',
      email: 'ida@example.ch',
      legislation: 'eidas',
      ...extra,
    });

  it('sign without an SMS code when enrolled implicit, for AES only', async () => {
    const response = await enrolIda({ quality: 'aes', authMode: 'implicit' });
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
    const signed = await signHash(credentialID, (authorized.json() as { SAD: string }).SAD, [hash]);
    const signature = Buffer.from((signed.json() as { signatures: string[] }).signatures[0]!, 'base64');
    const key = new X509Certificate(Buffer.from(certificates[0]!, 'base64')).publicKey;
    expect(verify('sha256', Buffer.from('implicit'), key, signature)).toBe(true);

    const qes = await enrolIda({ quality: 'qes', authMode: 'implicit' });
    expect(qes.statusCode).toBe(400);
    const explicitWithoutMobile = await enrolIda({ quality: 'aes' });
    expect(explicitWithoutMobile.statusCode).toBe(400);
  });
});
