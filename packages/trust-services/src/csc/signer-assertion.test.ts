import { generateKeyPairSync } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { cscClient, hashOf } from '../test-support/csc-client.js';
import { useSandboxApp } from '../test-support/sandbox-app.js';
import { presence, signerAssertion, type AssertionClaims } from '../test-support/signer-assertions.js';
import { signerAssertionAuthDataId } from './signer-assertion.js';

const sandbox = useSandboxApp({ name: 'assertion', services: true });
afterEach(() => sandbox.services.control.resetClock());

// Enrolment through the test client; the calls under test go without the assertion it would add.
const { auth, enrol, signHash } = cscClient(sandbox);
const post = (url: string, payload: object) =>
  sandbox.app.inject({ method: 'POST', url: `/sandbox${url}`, headers: auth, payload });

/** An advanced credential Signet authorizes on its own word (no SMS code), for `userID`. */
const implicitCredential = async (userID: string) =>
  (await enrol({ authMode: 'implicit', userID })).credentialID;

const authorize = (credentialID: string, hashes: string[], authData?: object[]) =>
  post('/csc/v2/credentials/authorize', {
    credentialID,
    numSignatures: hashes.length,
    hashes,
    ...(authData ? { authData } : {}),
  });

const withAssertion = async (claims: AssertionClaims) => [
  { id: signerAssertionAuthDataId, value: await signerAssertion(claims) },
];

function expectRefused(response: { statusCode: number; json: () => unknown }, reason: RegExp) {
  expect(response.statusCode).toBe(403);
  const body = response.json() as { error: string; error_description: string; code: string };
  expect(body).toMatchObject({ error: 'access_denied', code: 'SIGNER_ASSERTION_INVALID' });
  expect(body.error_description).toMatch(reason);
}

describe('signer assertions: the client token alone authorizes nothing', () => {
  it("refuses an implicit AES credential, the platform's and a seal's with only the client token", async () => {
    const visitor = await implicitCredential('visitor:alice');
    expectRefused(await authorize(visitor, [hashOf('forged')]), /authData "signer_assertion"/);
    const platform = sandbox.services.pki.platform.eidas.id;
    expectRefused(await authorize(platform, [hashOf('forged')]), /signer_assertion/);
    const seal = await post('/ra/v1/enrol', {
      quality: 'seal',
      legislation: 'eidas',
      organization: 'Acme AG',
      userID: 'seal:acme',
    });
    expectRefused(await authorize(seal.json().credentialID, [hashOf('forged')]), /signer_assertion/);
  });

  it('refuses a QES step-up without an assertion, and sends no code', async () => {
    const { credentialID, mobile } = await enrol({ quality: 'qes', userID: 'user:quinn' });
    const stepUp = await post('/csc/v2/stepup', { credentialID, hashes: [hashOf('qes')] });
    expectRefused(stepUp, /signer_assertion/);
    expect(sandbox.services.sms.list({ to: mobile })).toEqual([]);
  });

  it('refuses an explicit (OTP) authorization without an assertion, before the code is checked', async () => {
    const { credentialID, mobile } = await enrol({ userID: 'user:otto' });
    expect((await post('/csc/v2/credentials/sendOTP', { credentialID })).statusCode).toBe(204);
    const code = sandbox.services.sms.latestCode(mobile)!;
    const response = await post('/csc/v2/credentials/authorize', {
      credentialID,
      numSignatures: 1,
      hashes: [hashOf('otp')],
      OTP: code,
    });
    expectRefused(response, /signer_assertion/);
    // The code was not spent: with the assertion it still authorizes.
    const allowed = await post('/csc/v2/credentials/authorize', {
      credentialID,
      numSignatures: 1,
      hashes: [hashOf('otp')],
      OTP: code,
      authData: await presence(sandbox.services, credentialID, [hashOf('otp')]),
    });
    expect(allowed.statusCode).toBe(200);
  });

  it('authorizes with an assertion for that signer and exactly those hashes, once', async () => {
    const credentialID = await implicitCredential('visitor:bob');
    const hashes = [hashOf('page one'), hashOf('page two')];
    const authData = await withAssertion({ credentialID, subject: 'visitor:bob', hashes });
    const first = await authorize(credentialID, [...hashes].reverse(), authData);
    expect(first.statusCode).toBe(200);
    const signed = await signHash(credentialID, first.json().SAD, hashes);
    expect(signed.statusCode).toBe(200);
    expectRefused(await authorize(credentialID, hashes, authData), /used already/);
  });

  it('refuses assertions for other hashes, another credential, another signer, or another key', async () => {
    const credentialID = await implicitCredential('visitor:carol');
    const other = await implicitCredential('visitor:dave');
    const hashes = [hashOf('contract')];
    const claims = { credentialID, subject: 'visitor:carol', hashes };
    expectRefused(
      await authorize(credentialID, hashes, await withAssertion({ ...claims, hashes: [hashOf('other')] })),
      /other hashes/,
    );
    expectRefused(
      await authorize(credentialID, [...hashes, hashOf('more')], await withAssertion(claims)),
      /other hashes/,
    );
    // Carol's assertion does not open Dave's key, nor does an assertion naming Dave for Carol's credential.
    expectRefused(await authorize(other, hashes, await withAssertion(claims)), /another credential/);
    expectRefused(
      await authorize(other, hashes, await withAssertion({ ...claims, credentialID: other })),
      /someone other/,
    );
    const stranger = generateKeyPairSync('ed25519').privateKey;
    expectRefused(
      await authorize(credentialID, hashes, await withAssertion({ ...claims, key: stranger })),
      /signature verification failed/,
    );
    expectRefused(
      await authorize(credentialID, hashes, await withAssertion({ ...claims, type: 'JWT' })),
      /typ/,
    );
    expect((await authorize(credentialID, hashes, await withAssertion(claims))).statusCode).toBe(200);
  });

  it('refuses an expired assertion and one that claims to last more than two minutes', async () => {
    const credentialID = await implicitCredential('visitor:erin');
    const hashes = [hashOf('late')];
    const claims = { credentialID, subject: 'visitor:erin', hashes };
    const authData = await withAssertion(claims);
    sandbox.services.control.setClock({ offsetMs: 2 * 60_000 });
    expectRefused(await authorize(credentialID, hashes, authData), /expired/);
    sandbox.services.control.resetClock();
    expectRefused(
      await authorize(credentialID, hashes, await withAssertion({ ...claims, lifetimeSeconds: 600 })),
      /120 seconds at most/,
    );
  });
});
