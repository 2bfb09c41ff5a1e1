import type { SignatureRequest } from '@signet/contracts/signature-requests';
import { json, samplePdf, type TestApp } from '../../../test/helpers.ts';
import type { Caller, FactoryApp, TestUser } from '../../../test/factories.ts';

/** A sent QES request of `owner` for the given account signers, in any order. */
export function openQesRequest(
  t: FactoryApp,
  owner: TestUser,
  signerEmails: string[],
): Promise<SignatureRequest> {
  return t.request(owner, {
    title: 'Qualified',
    quality: 'qes',
    documents: [{ title: 'contract', content: samplePdf }],
    signatures: signerEmails,
  });
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

/** What lock-status tells `as` about the request. */
export async function lockStatus(
  t: FactoryApp,
  as: Caller,
  id: string,
): Promise<{ locked: boolean; retry_after_seconds: number | null }> {
  return json(await t.call('GET', `/v3/signature-requests/${id}/lock-status`, as));
}
