import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as pkijs from 'pkijs';
import { createTestTrustServices } from '../testing.js';
import { makeTempDir, openssl, removeDir, writeFiles } from '../test-support/openssl.js';
import type { TrustServices } from '../trust-services.js';
import { toArrayBuffer } from '../pki/pem.js';
import { TsaUnavailableError } from './tsa-responder.js';

let dir: string;
let services: TrustServices;

beforeAll(async () => {
  dir = await makeTempDir('tsa');
  services = await createTestTrustServices({ dataDir: dir });
  await writeFiles(dir, { 'trust.pem': services.pki.trustListPem(), 'document.txt': 'the signed bytes' });
});
afterAll(() => removeDir(dir));

async function query(name: string, extra: string[] = []): Promise<Uint8Array> {
  await openssl(['ts', '-query', '-data', 'document.txt', '-sha256', ...extra, '-out', name], dir);
  return new Uint8Array(await readFile(join(dir, name)));
}

describe('RFC 3161 TSA', () => {
  it('answers a query with a token openssl verifies against the trust list (nonce, cert, ESS v2)', async () => {
    const request = await query('req.tsq', ['-cert']);
    await writeFiles(dir, { 'resp.tsr': await services.tsa.respond(request) });
    const verify = await openssl(
      ['ts', '-verify', '-in', 'resp.tsr', '-queryfile', 'req.tsq', '-CAfile', 'trust.pem'],
      dir,
    );
    expect(verify.output).toContain('Verification: OK');
    const text = await openssl(['ts', '-reply', '-in', 'resp.tsr', '-text'], dir);
    expect(text.stdout).toContain('Status: Granted.');
    expect(text.stdout).toContain('Policy OID: 2.999.1.2');
    expect(text.stdout).toMatch(/Nonce: 0x[0-9A-F]+/);
  });

  it('takes genTime from the settable clock', async () => {
    services.control.setClock({ fixed: '2027-03-04T05:06:07.890Z' });
    try {
      const response = pkijs.TimeStampResp.fromBER(
        toArrayBuffer(await services.tsa.respond(await query('t.tsq'))),
      );
      const signedData = new pkijs.SignedData({ schema: response.timeStampToken!.content });
      const tstInfo = pkijs.TSTInfo.fromBER(
        toArrayBuffer(signedData.encapContentInfo.eContent!.valueBlock.valueHexView),
      );
      expect(tstInfo.genTime.toISOString()).toBe('2027-03-04T05:06:07.000Z');
      // certReq was not set, so the TSA certificate is left out.
      expect(signedData.certificates).toBeUndefined();
    } finally {
      services.control.resetClock();
    }
  });

  it('rejects a malformed request with a PKIStatus instead of failing', async () => {
    const response = pkijs.TimeStampResp.fromBER(
      toArrayBuffer(await services.tsa.respond(new TextEncoder().encode('not DER'))),
    );
    expect(response.status.status).toBe(pkijs.PKIStatus.rejection);
    expect(response.timeStampToken).toBeUndefined();
  });

  it('refuses service while the tsaDown fault is on', async () => {
    services.control.setFaults({ tsaDown: true });
    await expect(services.tsa.respond(await query('down.tsq'))).rejects.toBeInstanceOf(TsaUnavailableError);
    services.control.clearFaults();
    const response = pkijs.TimeStampResp.fromBER(
      toArrayBuffer(await services.tsa.respond(await query('up.tsq'))),
    );
    expect(response.status.status).toBe(pkijs.PKIStatus.granted);
  });
});
