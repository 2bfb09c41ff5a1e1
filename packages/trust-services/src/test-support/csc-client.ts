// Test-only: what a host's QTSP client does over HTTP, against a sandbox mounted by useSandboxApp.
import { createHash } from 'node:crypto';
import { expect } from 'vitest';
import type { SandboxApp } from './sandbox-app.js';
import type { Legislation } from '../pki/sandbox-pki.js';
import { verifiedIdentification } from './identification.js';
import { presence } from './signer-assertions.js';

export const sha256Oid = '2.16.840.1.101.3.4.2.1';
export const sha256WithRsaOid = '1.2.840.113549.1.1.11';

export const hashOf = (text: string) => createHash('sha256').update(text).digest('base64');

/** Calls that authorize carry the client's signer assertion, as the API sends it (signer-assertion.test.ts covers its absence). */
const authorizing = new Set(['/csc/v2/credentials/authorize', '/csc/v2/stepup']);

/** The CSC, RA and step-up calls of the sandbox's client (its client token), to the sandbox of a test file. */
export function cscClient(sandbox: SandboxApp) {
  const auth = { authorization: `Bearer ${sandbox.clientToken}` };

  async function post(url: string, payload: Record<string, unknown>, headers: Record<string, string> = auth) {
    const { credentialID, hashes } = payload;
    const withPresence =
      authorizing.has(url) && typeof credentialID === 'string' && Array.isArray(hashes)
        ? {
            ...payload,
            authData: await presence(sandbox.services, credentialID, hashes as string[]).catch(() => []),
          }
        : payload;
    return sandbox.app.inject({ method: 'POST', url: `/sandbox${url}`, headers, payload: withPresence });
  }

  let signerCount = 0;
  /**
   * Enrols a fresh signer (unique mobile, so outbox reads are unambiguous); for QES, after an
   * identification of them, as the RA requires.
   */
  async function enrol(extra: Record<string, unknown> = {}) {
    signerCount += 1;
    const mobile = `+4179000${String(signerCount).padStart(4, '0')}`;
    const request = {
      givenName: 'Erika',
      surname: 'Muster',
      email: 'erika@example.ch',
      mobile,
      quality: 'aes',
      legislation: 'zertes' as Legislation,
      ...extra,
    };
    const identified =
      request.quality === 'qes'
        ? {
            identificationId: await verifiedIdentification(sandbox.services, request.legislation, {
              firstName: request.givenName,
              lastName: request.surname,
            }),
          }
        : {};
    const response = await post('/ra/v1/enrol', { ...identified, ...request });
    expect(response.statusCode).toBe(201);
    return {
      ...(response.json() as { credentialID: string; certificates: string[]; serialNumber: string }),
      mobile,
    };
  }

  /** The newest SMS to `mobile` and the six-digit code in it. */
  async function latestSms(mobile: string): Promise<{ text: string; code: string }> {
    const response = await sandbox.app.inject({ url: `/sandbox/sms.json?to=${encodeURIComponent(mobile)}` });
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

  /** Signs `hashes` with a SAD (RSA with SHA-256 unless `extra` says otherwise). */
  function signHash(
    credentialID: string,
    SAD: string,
    hashes: string[],
    extra: Record<string, unknown> = {},
  ) {
    return post('/csc/v2/signatures/signHash', {
      credentialID,
      SAD,
      hashes,
      signAlgo: sha256WithRsaOid,
      ...extra,
    });
  }

  /** Where a step-up stands (GET /csc/v2/stepup/{responseId}). */
  async function stepUpStatus(responseId: string) {
    return (await sandbox.app.inject({ url: `/sandbox/csc/v2/stepup/${responseId}`, headers: auth })).json();
  }

  return { auth, post, enrol, latestSms, authorizeWithOtp, signHash, stepUpStatus };
}
