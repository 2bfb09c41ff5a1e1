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

// Mobile ID: a phone registered as the QTSP's second factor, confirmed and asked to release signings
// on the sandbox's approval page instead of a code.
const auth = { authorization: `Bearer ${sandbox.clientToken}` };

const registration = (userID: string, method: 'GET' | 'PUT' | 'DELETE', mobile?: string) =>
  sandbox.app.inject({
    method,
    url: `/sandbox/mobile-id/v1/registrations/${encodeURIComponent(userID)}`,
    headers: auth,
    ...(mobile ? { payload: { mobile } } : {}),
  });

interface Approval {
  id: string;
  kind: string;
  mobile: string;
  status: string;
}
const approvals = async () =>
  (
    (await sandbox.app.inject({ url: '/sandbox/mobile-id.json' })).json() as {
      approvals: Approval[];
    }
  ).approvals;
const decide = (id: string, decision: 'approve' | 'decline') =>
  sandbox.app.inject({
    method: 'POST',
    url: '/sandbox/mobile-id/decisions',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ id, decision }).toString(),
  });

/** A QES signer whose phone is registered and confirmed on the approval page. */
async function registeredSigner(userID: string) {
  const signer = await enrol({ quality: 'qes', userID });
  expect((await registration(userID, 'PUT', signer.mobile)).statusCode).toBe(201);
  const [asked] = await approvals();
  expect((await decide(asked!.id, 'approve')).statusCode).toBe(303);
  return signer;
}

const startMobileId = async (credentialID: string) =>
  (
    await post('/csc/v2/stepup', { credentialID, hashes: [hashOf('mobile')], secondFactor: 'mobile-id' })
  ).json() as { responseId: string; status: string; secondFactor: string };

describe('Mobile ID in the sandbox', () => {
  it('registers a phone: pending until approved on the approval page, then registered; removed on request', async () => {
    expect((await registration('user:a', 'GET')).statusCode).toBe(404);
    const put = await registration('user:a', 'PUT', '+41790001111');
    expect(put.json()).toMatchObject({ mobile: '+41790001111', status: 'PENDING' });
    const [asked] = await approvals();
    expect(asked).toMatchObject({ kind: 'registration', mobile: '+41790001111', status: 'PENDING' });

    const page = await sandbox.app.inject({ url: '/sandbox/mobile-id' });
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('+41790001111');
    expect(page.body).toContain(`value="${asked!.id}"`);

    expect((await decide(asked!.id, 'approve')).headers.location).toBe(`../mobile-id#approval-${asked!.id}`);
    expect((await registration('user:a', 'GET')).json()).toMatchObject({ status: 'REGISTERED' });
    // An approval is answered once.
    expect((await decide(asked!.id, 'decline')).statusCode).toBe(409);

    expect((await registration('user:a', 'DELETE')).statusCode).toBe(204);
    expect((await registration('user:a', 'GET')).statusCode).toBe(404);
    expect((await registration('user:a', 'DELETE')).statusCode).toBe(404);
  });

  it('re-registering replaces the phone and withdraws the open question; a declined one stays pending', async () => {
    await registration('user:b', 'PUT', '+41790002222');
    const [first] = await approvals();
    await registration('user:b', 'PUT', '+41790003333');
    const [second] = await approvals();
    expect((await approvals()).find((a) => a.id === first!.id)?.status).toBe('WITHDRAWN');
    await decide(second!.id, 'decline');
    expect((await registration('user:b', 'GET')).json()).toMatchObject({
      mobile: '+41790003333',
      status: 'PENDING',
    });
  });

  it('refuses bad numbers and callers without the client token', async () => {
    const bad = await registration('user:c', 'PUT', '0791234567');
    expect(bad.statusCode).toBe(400);
    const anonymous = await sandbox.app.inject({ url: '/sandbox/mobile-id/v1/registrations/user:c' });
    expect(anonymous.statusCode).toBe(401);
  });

  it('releases a signing when the phone approves: no SMS, a SAD on the next status', async () => {
    const signer = await registeredSigner('user:d');
    const started = await startMobileId(signer.credentialID);
    expect(started).toMatchObject({ status: 'PENDING', secondFactor: 'mobile-id' });
    await expect(latestSms(signer.mobile)).rejects.toThrow('no code sent');
    // No code was sent, so none is taken.
    const typed = await post(`/csc/v2/stepup/${started.responseId}/respond`, { secret: '123456' });
    expect(typed.statusCode).toBe(409);
    const [asked] = await approvals();
    expect(asked).toMatchObject({ kind: 'signing', status: 'PENDING' });
    await decide(asked!.id, 'approve');
    expect(await stepUpStatus(started.responseId)).toMatchObject({
      status: 'SUCCESS',
      SAD: expect.any(String),
    });
  });

  it('ends a signing the phone declines, and times it out when nobody answers', async () => {
    const signer = await registeredSigner('user:e');
    const declined = await startMobileId(signer.credentialID);
    await decide((await approvals())[0]!.id, 'decline');
    expect(await stepUpStatus(declined.responseId)).toMatchObject({ status: 'DECLINED' });
    expect(await stepUpStatus(declined.responseId)).not.toHaveProperty('SAD');

    const unanswered = await startMobileId(signer.credentialID);
    // Past the five minutes a phone has to answer.
    sandbox.services.control.setClock({ offsetMs: 6 * 60_000 });
    expect(await stepUpStatus(unanswered.responseId)).toMatchObject({ status: 'TIMEOUT' });
  });

  it('goes on by SMS code when the signer asks for one, withdrawing the question to the phone', async () => {
    const signer = await registeredSigner('user:f');
    const started = await startMobileId(signer.credentialID);
    const resent = await post(`/csc/v2/stepup/${started.responseId}/resend`, {});
    expect(resent.json()).toMatchObject({ status: 'PENDING', secondFactor: 'sms' });
    expect((await approvals())[0]!.status).toBe('WITHDRAWN');
    const { code } = await latestSms(signer.mobile);
    const done = await post(`/csc/v2/stepup/${started.responseId}/respond`, { secret: code });
    expect(done.json()).toMatchObject({ status: 'SUCCESS' });
  });

  it('refuses a Mobile ID signing to a signer without a confirmed registration', async () => {
    const signer = await enrol({ quality: 'qes', userID: 'user:g' });
    const refused = await post('/csc/v2/stepup', {
      credentialID: signer.credentialID,
      hashes: [hashOf('g')],
      secondFactor: 'mobile-id',
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'MOBILE_ID_NOT_REGISTERED' });
  });
});
