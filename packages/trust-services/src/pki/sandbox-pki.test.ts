import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';
import { makeTempDir, openssl, removeDir, writeFiles } from '../test-support/openssl.js';
import { seedSandboxKeys } from '../testing.js';
import { oid } from './oids.js';
import { fromPem, toArrayBuffer, toPem } from './pem.js';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { keyIdentifier } from './keys.js';
import { caIds, loadOrCreatePki, pkiKeysFolder, type SandboxPki } from './sandbox-pki.js';
import { stateDir } from './state-files.js';

let dir: string;
let pki: SandboxPki;

beforeAll(async () => {
  dir = await makeTempDir('pki');
  pki = await loadOrCreatePki(dir, { publicBaseUrl: 'http://sandbox.test/sandbox' });
  await writeFiles(dir, { 'trust.pem': pki.trustListPem() });
});
afterAll(() => removeDir(dir));

function extensionValue(certificate: pkijs.Certificate, extnID: string): asn1js.BaseBlock | undefined {
  const extension = certificate.extensions?.find((e) => e.extnID === extnID);
  return extension
    ? asn1js.fromBER(toArrayBuffer(extension.extnValue.valueBlock.valueHexView)).result
    : undefined;
}

describe('sandbox PKI', () => {
  it('exports every root and issuing CA in the trust list, each naming itself SIMULATED', () => {
    const bundle = pki.trustListPem();
    expect(fromPem(bundle, 'CERTIFICATE')).toHaveLength(caIds.length);
    expect(bundle).toContain('CN=Signet SIMULATED Root CA - eIDAS');
    expect(bundle).toContain('CN=Signet SIMULATED Root CA - ZertES');
  });

  it('issues infrastructure certificates that openssl verifies against the trust list', async () => {
    await writeFiles(dir, {
      'tsa.pem': pki.tsa.certificatePem,
      'platform.pem': pki.platform.eidas.certificatePem + pki.platform.zertes.certificatePem,
      'ocsp.pem': pki.ocspResponder('zertes-seal').certificatePem,
    });
    for (const file of ['tsa.pem', 'ocsp.pem']) {
      const result = await openssl(['verify', '-CAfile', 'trust.pem', file], dir);
      expect(result.output).toContain(`${file}: OK`);
    }
    const tsaText = await openssl(['x509', '-in', 'tsa.pem', '-noout', '-text'], dir);
    expect(tsaText.stdout).toMatch(/Extended Key Usage: critical\s+Time Stamping/);
    const ocspText = await openssl(['x509', '-in', 'ocsp.pem', '-noout', '-text'], dir);
    expect(ocspText.stdout).toContain('OCSP Signing');
    expect(ocspText.stdout).toContain('OCSP No Check');
  });

  it('issues a QES certificate with the signer identity, qcStatements and revocation pointers', async () => {
    const issued = await pki.issueEndEntity({
      subject: {
        commonName: 'Anna Muster',
        givenName: 'Anna',
        surname: 'Muster',
        email: 'anna@example.org',
        country: 'CH',
        serialNumber: 'IDCH-42',
      },
      profile: 'qes',
      legislation: 'zertes',
      validityMinutes: 60,
    });
    expect(issued.privateKeyPem).toContain('BEGIN PRIVATE KEY');
    await writeFiles(dir, {
      'qes.pem': issued.certificatePem,
      'qes-chain.pem': issued.chainDer
        .slice(1)
        .map((der) => toPem('CERTIFICATE', der))
        .join(''),
    });
    expect((await openssl(['verify', '-CAfile', 'trust.pem', 'qes.pem'], dir)).output).toContain(
      'qes.pem: OK',
    );
    // The chain carried with the certificate is enough on its own, given just the root as anchor.
    await writeFiles(dir, { 'root.pem': pki.authority('zertes-root').certificatePem });
    const chained = await openssl(
      ['verify', '-CAfile', 'root.pem', '-untrusted', 'qes-chain.pem', 'qes.pem'],
      dir,
    );
    expect(chained.output).toContain('qes.pem: OK');

    const text = (await openssl(['x509', '-in', 'qes.pem', '-noout', '-text', '-nameopt', 'RFC2253'], dir))
      .stdout;
    expect(text).toContain('CN=Anna Muster,serialNumber=IDCH-42,GN=Anna,SN=Muster');
    expect(text).toMatch(/Key Usage: critical\s+Digital Signature, Non Repudiation/);
    expect(text).toContain('OCSP - URI:http://sandbox.test/sandbox/ocsp');
    expect(text).toContain('CA Issuers - URI:http://sandbox.test/sandbox/ca/zertes-qes.cer');
    expect(text).toContain('URI:http://sandbox.test/sandbox/crl/zertes-qes.crl');
    expect(text).toContain('email:anna@example.org');
    expect(text).toContain('SIMULATED certificate of the Signet sandbox - not legally binding');
    expect(text).toContain('Policy: 0.4.0.194112.1.2');
    const notBefore = issued.certificate.notBefore.value.getTime();
    expect(issued.certificate.notAfter.value.getTime() - notBefore).toBe(61 * 60_000);

    const statements = extensionValue(issued.certificate, oid.qcStatements) as asn1js.Sequence;
    const ids = statements.valueBlock.value.map((s) =>
      ((s as asn1js.Sequence).valueBlock.value[0] as asn1js.ObjectIdentifier).valueBlock.toString(),
    );
    expect(ids).toEqual([oid.qcsQcCompliance, oid.qcsQcSscd, oid.qcsQcType]);
    const qcType = (statements.valueBlock.value[2] as asn1js.Sequence).valueBlock.value[1] as asn1js.Sequence;
    expect((qcType.valueBlock.value[0] as asn1js.ObjectIdentifier).valueBlock.toString()).toBe(
      oid.qcTypeEsign,
    );
  });

  it('certifies a caller-supplied public key without making a private key', async () => {
    const spki = new Uint8Array(pki.platform.eidas.certificate.subjectPublicKeyInfo.toSchema().toBER(false));
    const issued = await pki.issueEndEntity({
      subject: { commonName: 'Example Seal AG', organization: 'Example Seal AG', country: 'CH' },
      profile: 'seal',
      legislation: 'eidas',
      validityMinutes: 5,
      publicKey: spki,
    });
    expect(issued.privateKey).toBeUndefined();
    expect(issued.issuerId).toBe('eidas-seal');
    const qcType = extensionValue(issued.certificate, oid.qcStatements) as asn1js.Sequence;
    expect(JSON.stringify(qcType.toJSON())).toContain(oid.qcTypeEseal);
  });

  it('creates one hierarchy when two callers start on a fresh data dir at once', async () => {
    const fresh = await makeTempDir('pki-race');
    // Seeded keys keep this test fast; without the lock both callers would still issue their own certificates.
    await seedSandboxKeys(fresh);
    try {
      const [a, b] = await Promise.all([loadOrCreatePki(fresh), loadOrCreatePki(fresh)]);
      expect(a.trustListPem()).toBe(b.trustListPem());
      expect(a.tsa.certificatePem).toBe(b.tsa.certificatePem);
    } finally {
      await removeDir(fresh);
    }
  });

  it('gives each OCSP responder its own key, none shared with a CA or another responder', () => {
    const keyHash = (c: pkijs.Certificate) =>
      Buffer.from(keyIdentifier(c.subjectPublicKeyInfo)).toString('hex');
    const responderKeys = caIds.map((id) => keyHash(pki.ocspResponder(id).certificate));
    expect(new Set(responderKeys).size).toBe(caIds.length);
    for (const id of caIds) expect(responderKeys).not.toContain(keyHash(pki.authority(id).certificate));
  });

  it('generates the responder keys a data dir from before lacks, and re-issues only those responders', async () => {
    const older = await makeTempDir('pki-responders');
    try {
      await seedSandboxKeys(older);
      const first = await loadOrCreatePki(older);
      // Such a data dir has no key of its own for these responders (they shared one "ocsp" key).
      for (const id of ['eidas-qes', 'zertes-root'] as const)
        await rm(join(stateDir(older), pkiKeysFolder, `ocsp-${id}.pem`));
      const loaded = await loadOrCreatePki(older);
      for (const id of ['eidas-qes', 'zertes-root'] as const) {
        const responder = loaded.ocspResponder(id);
        expect(responder.serialHex).not.toBe(first.ocspResponder(id).serialHex);
        await writeFiles(older, {
          'trust.pem': loaded.trustListPem(),
          'responder.pem': responder.certificatePem,
        });
        expect((await openssl(['verify', '-CAfile', 'trust.pem', 'responder.pem'], older)).output).toContain(
          'OK',
        );
      }
      expect(loaded.ocspResponder('eidas-aes').serialHex).toBe(first.ocspResponder('eidas-aes').serialHex);
      expect(loaded.tsa.serialHex).toBe(first.tsa.serialHex);
    } finally {
      await removeDir(older);
    }
  });

  it('renews infrastructure certificates that are about to expire when loaded later', async () => {
    const later = await makeTempDir('pki-renew');
    try {
      await seedSandboxKeys(later);
      const first = await loadOrCreatePki(later);
      const twoYears = new Date(Date.now() + 2 * 365 * 24 * 3600_000);
      const renewed = await loadOrCreatePki(later, { clock: { now: () => twoYears } });
      const before = first.ocspResponder('eidas-qes');
      const after = renewed.ocspResponder('eidas-qes');
      expect(after.serialHex).not.toBe(before.serialHex);
      expect(after.certificate.notAfter.value.getTime()).toBeGreaterThan(twoYears.getTime());
      // Still the same CA key and name: the root stays, and the renewed certificate chains to it.
      expect(renewed.authority('eidas-root').certificatePem).toBe(
        first.authority('eidas-root').certificatePem,
      );
      await writeFiles(later, { 'trust.pem': first.trustListPem(), 'after.pem': after.certificatePem });
      const verified = await openssl(
        [
          'verify',
          '-CAfile',
          'trust.pem',
          '-attime',
          String(Math.floor(twoYears.getTime() / 1000)),
          'after.pem',
        ],
        later,
      );
      expect(verified.output).toContain('after.pem: OK');
    } finally {
      await removeDir(later);
    }
  });

  it('reloads the same hierarchy from disk, and re-issues URL-bearing certificates for a new base URL', async () => {
    const again = await loadOrCreatePki(dir, { publicBaseUrl: 'http://sandbox.test/sandbox' });
    expect(again.trustListPem()).toBe(pki.trustListPem());
    expect(again.tsa.serialHex).toBe(pki.tsa.serialHex);

    const moved = await loadOrCreatePki(dir, { publicBaseUrl: 'https://elsewhere.test/sandbox/' });
    expect(moved.authority('eidas-root').certificatePem).toBe(pki.authority('eidas-root').certificatePem);
    expect(moved.authority('eidas-qes').serialHex).not.toBe(pki.authority('eidas-qes').serialHex);
    await writeFiles(dir, { 'moved-tsa.pem': moved.tsa.certificatePem });
    const text = (await openssl(['x509', '-in', 'moved-tsa.pem', '-noout', '-text'], dir)).stdout;
    expect(text).toContain('URI:https://elsewhere.test/sandbox/crl/eidas-root.crl');
    // Same keys: certificates issued under the old intermediate still chain to the re-issued one.
    expect((await openssl(['verify', '-CAfile', 'trust.pem', 'moved-tsa.pem'], dir)).output).toContain('OK');
    await writeFiles(dir, { 'moved-trust.pem': moved.trustListPem() });
    expect((await openssl(['verify', '-CAfile', 'moved-trust.pem', 'qes.pem'], dir)).output).toContain(
      'qes.pem: OK',
    );
  });
});
