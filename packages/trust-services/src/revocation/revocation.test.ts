import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestTrustServices } from '../testing.js';
import { makeTempDir, openssl, removeDir, writeFiles } from '../test-support/openssl.js';
import { createTrustServices, UnknownCertificateError, type TrustServices } from '../trust-services.js';
import type { IssuedEndEntity } from '../pki/sandbox-pki.js';
import { toPem } from '../pki/pem.js';

let dir: string;
let services: TrustServices;
let alice: IssuedEndEntity;
let bob: IssuedEndEntity;

beforeAll(async () => {
  dir = await makeTempDir('revocation');
  services = await createTestTrustServices({ dataDir: dir });
  const issue = (commonName: string) =>
    services.pki.issueEndEntity({
      subject: { commonName },
      profile: 'aes',
      legislation: 'eidas',
      validityMinutes: 60,
    });
  [alice, bob] = await Promise.all([issue('Alice Example'), issue('Bob Example')]);
  await writeFiles(dir, {
    'trust.pem': services.pki.trustListPem(),
    'issuer.pem': services.pki.authority('eidas-aes').certificatePem,
    'alice.pem': alice.certificatePem,
    'bob.pem': bob.certificatePem,
  });
});
afterAll(() => removeDir(dir));

/** Builds a request with openssl (nonce included), answers it in-process, and lets openssl check the answer. */
async function ocspStatus(cert: string): Promise<string> {
  await openssl(['ocsp', '-issuer', 'issuer.pem', '-cert', cert, '-reqout', 'req.der'], dir);
  const response = await services.ocsp.respond(new Uint8Array(await readFile(join(dir, 'req.der'))));
  await writeFiles(dir, { 'resp.der': response });
  // With -reqin openssl also checks that the response echoes the request's nonce.
  const result = await openssl(
    ['ocsp', '-reqin', 'req.der', '-respin', 'resp.der', '-CAfile', 'trust.pem', '-resp_text'],
    dir,
  );
  expect(result.output).toContain('Response verify OK');
  expect(result.stdout).toContain('OCSP Nonce');
  expect(result.output).not.toContain('WARNING');
  return result.stdout;
}

/** openssl's rendering of a GeneralizedTime, e.g. "Mar  4 05:06:07 2027 GMT". */
function ocspTime(date: Date): string {
  const month = date.toLocaleString('en-US', { month: 'short', timeZone: 'UTC' });
  const time = date.toISOString().slice(11, 19);
  return `${month} ${String(date.getUTCDate()).padStart(2, ' ')} ${time} ${date.getUTCFullYear()} GMT`;
}

async function crlText(): Promise<string> {
  await writeFiles(dir, { 'aes.crl': await services.crl.get('eidas-aes') });
  const result = await openssl(
    ['crl', '-inform', 'DER', '-in', 'aes.crl', '-CAfile', 'trust.pem', '-noout', '-text'],
    dir,
  );
  expect(result.output).toContain('verify OK');
  return result.output;
}

describe('OCSP and CRL', () => {
  it('reports an issued certificate as good, in a response signed by the delegated responder', async () => {
    expect(await ocspStatus('alice.pem')).toContain('Cert Status: good');
  });

  it('reports a revocation with its time and reason in OCSP and in the signed CRL', async () => {
    const at = new Date(Date.now() - 60_000);
    await services.revokeCertificate(alice.serialHex.toUpperCase(), 'keyCompromise', at);
    const status = await ocspStatus('alice.pem');
    expect(status).toContain('Cert Status: revoked');
    expect(status).toContain('Revocation Reason: keyCompromise (0x1)');
    expect(status).toContain(`Revocation Time: ${ocspTime(at)}`);
    expect(await ocspStatus('bob.pem')).toContain('Cert Status: good');

    const text = await crlText();
    expect(text).toContain(`Serial Number: ${alice.serialHex.toUpperCase()}`);
    expect(text).toContain('Key Compromise');
    expect(text).not.toContain(bob.serialHex.toUpperCase());

    // A relying party checking the chain with this CRL rejects Alice and accepts Bob.
    await writeFiles(dir, { 'aes.crl.pem': toPem('X509 CRL', await services.crl.get('eidas-aes')) });
    await writeFiles(dir, { 'root.crl.pem': toPem('X509 CRL', await services.crl.get('eidas-root')) });
    const args = [
      'verify',
      '-crl_check_all',
      '-CAfile',
      'trust.pem',
      '-CRLfile',
      'aes.crl.pem',
      '-CRLfile',
      'root.crl.pem',
    ];
    expect((await openssl([...args, 'alice.pem'], dir)).output).toContain('certificate revoked');
    expect((await openssl([...args, 'bob.pem'], dir)).output).toContain('bob.pem: OK');
  });

  it('shares state between instances on one data dir (a restart, or a second helper in the same process)', async () => {
    const restarted = await createTrustServices({ dataDir: dir });
    await writeFiles(dir, { 'again.crl': await restarted.crl.get('eidas-aes') });
    const text = await openssl(['crl', '-inform', 'DER', '-in', 'again.crl', '-noout', '-text'], dir);
    expect(text.stdout).toContain(alice.serialHex.toUpperCase());

    // What the second instance issues and revokes, the first one reports.
    const carol = await restarted.pki.issueEndEntity({
      subject: { commonName: 'Carol Example' },
      profile: 'aes',
      legislation: 'eidas',
      validityMinutes: 60,
    });
    await writeFiles(dir, { 'carol.pem': carol.certificatePem });
    expect(await ocspStatus('carol.pem')).toContain('Cert Status: good');
    await restarted.revokeCertificate(carol.serialHex, 'cessationOfOperation');
    expect(await ocspStatus('carol.pem')).toContain('Revocation Reason: cessationOfOperation');
  });

  it('answers unknown while the ocspUnknown fault is on', async () => {
    services.control.setFaults({ ocspUnknown: true });
    try {
      expect(await ocspStatus('bob.pem')).toContain('Cert Status: unknown');
    } finally {
      services.control.clearFaults();
    }
  });

  it('answers unknown for a serial it never issued, and unauthorized for a CA it does not run', async () => {
    await openssl(['ocsp', '-issuer', 'issuer.pem', '-serial', '0x1234567890', '-reqout', 'never.der'], dir);
    await writeFiles(dir, {
      'never-resp.der': await services.ocsp.respond(await readFile(join(dir, 'never.der'))),
    });
    const never = await openssl(
      ['ocsp', '-reqin', 'never.der', '-respin', 'never-resp.der', '-CAfile', 'trust.pem', '-resp_text'],
      dir,
    );
    expect(never.output).toContain('Response verify OK');
    expect(never.stdout).toContain('Cert Status: unknown');

    await openssl(
      [
        'req',
        '-x509',
        '-newkey',
        'rsa:2048',
        '-nodes',
        '-subj',
        '/CN=Foreign CA',
        '-keyout',
        'foreign.key',
        '-out',
        'foreign.pem',
      ],
      dir,
    );
    await openssl(['ocsp', '-issuer', 'foreign.pem', '-serial', '0x01', '-reqout', 'foreign.der'], dir);
    await writeFiles(dir, {
      'foreign-resp.der': await services.ocsp.respond(await readFile(join(dir, 'foreign.der'))),
    });
    const foreign = await openssl(['ocsp', '-respin', 'foreign-resp.der', '-resp_text', '-noverify'], dir);
    expect(foreign.output).toContain('unauthorized');
  });

  it('refuses to revoke a serial it never issued', async () => {
    await expect(services.revokeCertificate('0badc0de')).rejects.toBeInstanceOf(UnknownCertificateError);
  });

  it('answers a malformed request with malformedRequest', async () => {
    const response = await services.ocsp.respond(new Uint8Array([1, 2, 3]));
    await writeFiles(dir, { 'bad.der': response });
    expect((await openssl(['ocsp', '-respin', 'bad.der', '-resp_text', '-noverify'], dir)).output).toContain(
      'malformedrequest',
    );
  });
});
