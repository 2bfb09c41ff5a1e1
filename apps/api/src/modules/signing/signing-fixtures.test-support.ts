import { readFileSync } from 'node:fs';
import type { SignatureRequest } from '@signet/contracts/signature-requests';
import { bearer, corpusDir, json, signUp, type TestApp } from '../../../test/helpers.ts';

const samplePdf = readFileSync(`${corpusDir}basic-pdf15-libreoffice-writer.pdf`);

/** An account with a mobile number, ready to sign QES (the code goes to that number). */
export async function qesSigner(t: TestApp, email: string, mobile: string): Promise<string> {
  const { token } = await signUp(t, { email });
  const updated = await t.app.inject({
    method: 'PUT',
    url: '/api/v1/user',
    headers: bearer(token),
    payload: { attributes: { mobile } },
  });
  if (updated.statusCode !== 200) throw new Error(`mobile: ${updated.body}`);
  return token;
}

/** A sent QES request of `ownerToken` for the given account signers, in any order. */
export async function openQesRequest(
  t: TestApp,
  ownerToken: string,
  signerEmails: string[],
): Promise<SignatureRequest> {
  const created = await t.app.inject({
    method: 'POST',
    url: '/api/v3/signature-requests',
    headers: bearer(ownerToken),
    payload: {
      title: 'Qualified',
      quality: 'qes',
      documents: [{ title: 'contract', content: samplePdf.toString('base64') }],
      signatures: signerEmails.map((email) => ({ account_email: email })),
    },
  });
  if (created.statusCode !== 201) throw new Error(`create: ${created.body}`);
  const sent = await t.app.inject({
    method: 'POST',
    url: `/api/v3/signature-requests/${json<SignatureRequest>(created).id}/initiate`,
    headers: bearer(ownerToken),
  });
  if (sent.statusCode !== 200) throw new Error(`initiate: ${sent.body}`);
  return json<SignatureRequest>(sent);
}

/** The newest six-digit code the sandbox sent by SMS to `mobile`. */
export async function latestSmsCode(t: TestApp, mobile: string): Promise<string> {
  const { messages } = await smsTo(t, mobile);
  return /\b(\d{6})\b/.exec(messages[0]!.text)![1]!;
}

/** Every SMS the sandbox sent to `mobile`, newest first. */
export async function smsTo(t: TestApp, mobile: string): Promise<{ messages: Array<{ text: string }> }> {
  const response = await fetch(`${t.config.publicUrl}/sandbox/sms.json?to=${encodeURIComponent(mobile)}`);
  return (await response.json()) as { messages: Array<{ text: string }> };
}

/** What lock-status tells `token` about the request. */
export async function lockStatus(
  t: TestApp,
  token: string,
  id: string,
): Promise<{ locked: boolean; retry_after_seconds: number | null }> {
  const response = await t.app.inject({
    method: 'GET',
    url: `/api/v3/signature-requests/${id}/lock-status`,
    headers: bearer(token),
  });
  return json(response);
}
