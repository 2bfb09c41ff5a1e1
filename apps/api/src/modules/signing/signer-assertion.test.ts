import { createHash } from 'node:crypto';
import { importJWK, jwtVerify, type JWK } from 'jose';
import { describe, expect, it } from 'vitest';
import { json } from '../../../test/helpers.ts';
import { useTestApp } from '../../../test/factories.ts';
import { SignerAssertions } from '../../adapters/signer-assertion.ts';
import { installationSecret } from '../../installation-secrets.ts';

const digest = (text: string) => createHash('sha256').update(text).digest();

describe('signer assertions between Signet and its QTSP', () => {
  const t = useTestApp('pglite');
  const qtsp = (url: string, payload: object) =>
    t.app.inject({
      method: 'POST',
      url: `/sandbox${url}`,
      headers: { authorization: `Bearer ${installationSecret(t.config.dataDir, 'qtsp-client-token')}` },
      payload,
    });

  async function visitorCredential(): Promise<string> {
    const enrolled = await qtsp('/ra/v1/enrol', {
      givenName: 'Vera',
      surname: 'Visitor',
      email: 'vera@example.ch',
      quality: 'aes',
      legislation: 'eidas',
      authMode: 'implicit',
      userID: 'visitor:3f0c',
    });
    expect(enrolled.statusCode).toBe(201);
    return json<{ credentialID: string }>(enrolled).credentialID;
  }

  it("no longer signs a visitor's hash for whoever holds the client token", async () => {
    const credentialID = await visitorCredential();
    const forged = await qtsp('/csc/v2/credentials/authorize', {
      credentialID,
      numSignatures: 1,
      hashes: [digest('a document the visitor never saw').toString('base64')],
    });
    expect(forged.statusCode).toBe(403);
    expect(json(forged)).toMatchObject({ error: 'access_denied', code: 'SIGNER_ASSERTION_INVALID' });
  });

  it("publishes the installation's assertion key as a JWKS, and the sandbox QTSP trusts exactly that key", async () => {
    const response = await t.call('GET', '/v1/signer-assertion-keys.json');
    expect(response.statusCode).toBe(200);
    const { keys } = json<{ keys: JWK[] }>(response);
    expect(keys).toHaveLength(1);
    expect(keys[0]).toMatchObject({ kty: 'OKP', crv: 'Ed25519', alg: 'EdDSA', use: 'sig' });
    expect(keys[0]).not.toHaveProperty('d');

    const credentialID = await visitorCredential();
    const hashes = [digest('the page the visitor signs')];
    const assertions = await SignerAssertions.forInstallation(t.config.dataDir);
    const assertion = await assertions.issue({ signer: 'visitor:3f0c', credentialID, hashes }, new Date());
    const { payload, protectedHeader } = await jwtVerify(assertion, await importJWK(keys[0]!, 'EdDSA'));
    expect(protectedHeader).toMatchObject({ typ: 'signer-assertion+jwt', kid: keys[0]!.kid });
    expect(payload.exp! - payload.iat!).toBeLessThanOrEqual(120);
    const authorized = await qtsp('/csc/v2/credentials/authorize', {
      credentialID,
      numSignatures: 1,
      hashes: hashes.map((h) => h.toString('base64')),
      authData: [{ id: 'signer_assertion', value: assertion }],
    });
    expect(authorized.statusCode, authorized.body).toBe(200);
  });
});
