import { afterEach, describe, expect, it } from 'vitest';
import { cscClient, hashOf } from '../test-support/csc-client.js';
import { useSandboxApp } from '../test-support/sandbox-app.js';

// The QES step-up over HTTP: SMS codes, their limits and lifetimes (the other CSC calls are in
// trust-services-plugin.test.ts).

const sandbox = useSandboxApp({ name: 'step-up', services: true });
afterEach(() => sandbox.services.control.resetClock());
const { post, enrol, latestSms, signHash, stepUpStatus } = cscClient(sandbox);

/** A step-up of a fresh QES signer for the hash of `text`, and the code texted to them. */
async function startedStepUp(text: string) {
  const signer = await enrol({ quality: 'qes' });
  const started = await post('/csc/v2/stepup', { credentialID: signer.credentialID, hashes: [hashOf(text)] });
  const { responseId } = started.json() as { responseId: string };
  return { responseId, code: (await latestSms(signer.mobile)).code };
}

describe('the QES step-up over HTTP', () => {
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
    expect(await stepUpStatus(responseId)).toMatchObject({
      status: 'PENDING',
    });
    const done = await post(`/csc/v2/stepup/${responseId}/respond`, { secret: second.code });
    expect(done.statusCode).toBe(200);
    const polled = (await stepUpStatus(responseId)) as {
      status: string;
      SAD: string;
    };
    expect(polled.status).toBe('SUCCESS');
    const signed = await signHash(signer.credentialID, polled.SAD, hashes);
    expect(signed.statusCode).toBe(200);
  });

  it('locks the step-up after three wrong codes', async () => {
    const { responseId, code } = await startedStepUp('l');
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
    const polled = await stepUpStatus(responseId);
    expect(polled).toMatchObject({ status: 'FAILED', errorCode: 'TAN_LOCKED' });
  });

  it('expires a code after five minutes and times the authorization out after ten', async () => {
    const { responseId, code } = await startedStepUp('e');
    sandbox.services.control.setClock({ offsetMs: 5 * 60_000 + 1_000 });
    const expired = await post(`/csc/v2/stepup/${responseId}/respond`, { secret: code });
    expect(expired.json()).toMatchObject({ code: 'TAN_EXPIRED' });
    sandbox.services.control.setClock({ offsetMs: 10 * 60_000 + 1_000 });
    const polled = await stepUpStatus(responseId);
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
    expect(sandbox.services.sms.list({ to: signer.mobile })).toHaveLength(0);

    const { responseId } = (
      await post('/csc/v2/stepup', { credentialID: signer.credentialID, hashes: [hashOf('c')] })
    ).json();
    expect((await post(`/csc/v2/stepup/${responseId}/cancel`, {})).json()).toMatchObject({
      status: 'USER_CANCEL',
    });
    expect((await post(`/csc/v2/stepup/${responseId}/respond`, { secret: '123456' })).statusCode).toBe(409);
  });
});
