import { afterEach, describe, expect, it } from 'vitest';
import type { SignatureRequest } from '@signet/contracts/signature-requests';
import { databaseKinds, json, samplePdf } from '../../../test/helpers.ts';
import { cast, useTestApp, type TestUser } from '../../../test/factories.ts';
import { latestSmsCode, lockStatus, smsTo } from './signing-fixtures.test-support.ts';

// Mobile ID: the phone registered at the QTSP through Signet, confirmed on the sandbox's approval
// page (the phone app's stand-in), and then asked to approve each qualified signing instead of a code.

interface Approval {
  id: string;
  kind: 'registration' | 'signing';
  mobile: string;
  status: string;
}

describe.each(databaseKinds)('Mobile ID on %s', (kind) => {
  const t = useTestApp(kind, { listen: true, users: cast('owner') });
  const { owner } = t.users;
  const sandbox = (path: string, init?: RequestInit) => fetch(`${t.config.publicUrl}/sandbox${path}`, init);
  afterEach(async () => {
    await sandbox('/control/clock', { method: 'DELETE' });
  });

  /** The newest open question to `mobile` on the sandbox's approval page, answered as `decision`. */
  async function answerOnPhone(mobile: string, decision: 'approve' | 'decline'): Promise<Approval> {
    const { approvals } = (await (await sandbox('/mobile-id.json')).json()) as { approvals: Approval[] };
    const asked = approvals.find((a) => a.mobile === mobile && a.status === 'PENDING');
    if (!asked) throw new Error(`nothing asked to ${mobile}`);
    const answered = await sandbox('/mobile-id/decisions', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ id: asked.id, decision }).toString(),
      redirect: 'manual',
    });
    expect(answered.status).toBe(303);
    return asked;
  }

  const mobileId = (as: TestUser | null, method: 'GET' | 'PUT' | 'DELETE', mobile?: string) =>
    t.call(method, '/v1/user/mobile-id', as, mobile === undefined ? undefined : { mobile });

  /** An identified account whose Mobile ID is registered and confirmed on the phone. */
  async function mobileIdSigner(mobile: string): Promise<TestUser> {
    const signer = await t.identifiedUser('zertes', { mobile });
    await mobileId(signer, 'PUT', mobile);
    await answerOnPhone(mobile, 'approve');
    return signer;
  }

  const openFor = (signer: TestUser) =>
    t.request(owner, {
      title: 'Qualified',
      quality: 'qes',
      legislation: 'zertes',
      documents: [{ title: 'c', content: samplePdf }],
      signatures: [signer.email],
    });
  const start = async (signer: TestUser, request: SignatureRequest) =>
    json<{ status: string; responseId: string }>(
      await t.call('POST', '/v3/sign', signer, { signatureRequests: [{ id: request.id }] }),
    );
  const check = (signer: TestUser, responseId: string) =>
    t.call('POST', `/v3/sign/approval/${responseId}`, signer);
  /** A Mobile ID signer's QES signing, started: the phone is asked. */
  async function waitingForPhone(mobile: string) {
    const signer = await mobileIdSigner(mobile);
    const request = await openFor(signer);
    return { signer, request, started: await start(signer, request) };
  }
  const statusOf = async (request: SignatureRequest) =>
    json<SignatureRequest>(await t.call('GET', `/v3/signature-requests/${request.id}`, owner)).status_overall;

  it('registers a phone: pending until approved on the phone, masked, replaced and removed', async () => {
    const user = await t.user({ email: 'mo@example.ch' });
    expect(json(await mobileId(user, 'GET'))).toEqual({ status: 'none', mobile: null, registeredAt: null });

    const pending = await mobileId(user, 'PUT', '+41 79 000 61 01');
    expect(pending.statusCode).toBe(200);
    expect(json(pending)).toEqual({ status: 'pending', mobile: '+41*******01', registeredAt: null });
    await answerOnPhone('+41790006101', 'approve');
    expect(json(await mobileId(user, 'GET'))).toMatchObject({
      status: 'registered',
      mobile: '+41*******01',
      registeredAt: expect.any(String),
    });

    // Another phone replaces it, pending again until that phone approves; a decline leaves it pending.
    expect(json(await mobileId(user, 'PUT', '0041 79 000 61 02'))).toMatchObject({ status: 'pending' });
    await answerOnPhone('+41790006102', 'decline');
    expect(json(await mobileId(user, 'GET'))).toMatchObject({ status: 'pending', mobile: '+41*******02' });

    expect((await mobileId(user, 'DELETE')).statusCode).toBe(204);
    expect(json(await mobileId(user, 'GET'))).toMatchObject({ status: 'none' });
    const again = await mobileId(user, 'DELETE');
    expect(again.statusCode).toBe(404);
    expect(json(again).code).toBe('NOT_FOUND');
  });

  it.each([
    ['not a phone number', 'call me'],
    ['too short for an international number', '123456'],
  ])('refuses a mobile that is %s, naming the field', async (_why, mobile) => {
    const user = await t.user();
    const refused = await mobileId(user, 'PUT', mobile);
    expect(refused.statusCode).toBe(400);
    expect(json(refused)).toMatchObject({ code: 'VALIDATION_FAILED', field: 'body.mobile' });
    expect(json(await mobileId(user, 'GET'))).toMatchObject({ status: 'none' });
  });

  it('is for signed-in users only', async () => {
    for (const method of ['GET', 'PUT', 'DELETE'] as const)
      expect((await mobileId(null, method, method === 'PUT' ? '+41790006103' : undefined)).statusCode).toBe(
        401,
      );
  });

  it('signs at QES once the phone approves, without sending a code', async () => {
    const mobile = '+41790006201';
    const { signer, request, started } = await waitingForPhone(mobile);
    expect(started.status).toBe('APPROVAL_REQUIRED');
    expect((await smsTo(t, mobile)).messages).toHaveLength(0);
    expect(json(await check(signer, started.responseId))).toMatchObject({ status: 'APPROVAL_REQUIRED' });
    // Only the signer may ask about their signing.
    expect(json(await check(owner, started.responseId)).code).toBe('SIGNING_NOT_FOUND');

    const asked = await answerOnPhone(mobile, 'approve');
    expect(asked.kind).toBe('signing');
    const done = await check(signer, started.responseId);
    expect(json(done)).toMatchObject({ status: 'SUCCESS', signed: [{ status_overall: 'SIGNED' }] });
    expect(await statusOf(request)).toBe('SIGNED');
    expect(json(await check(signer, started.responseId)).code).toBe('SIGNING_NOT_FOUND');
  });

  it('signs nothing when the phone declines, and frees the request', async () => {
    const mobile = '+41790006202';
    const { signer, request, started } = await waitingForPhone(mobile);
    await answerOnPhone(mobile, 'decline');
    const declined = await check(signer, started.responseId);
    expect(declined.statusCode).toBe(409);
    expect(json(declined).code).toBe('MOBILE_ID_DECLINED');
    expect(await statusOf(request)).toBe('OPEN');
    expect(await lockStatus(t, owner, request.id)).toMatchObject({ locked: false });
  });

  it('ends the signing when the phone does not answer in time', async () => {
    const mobile = '+41790006203';
    const { signer, request, started } = await waitingForPhone(mobile);
    await sandbox('/control/clock', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ offsetMs: 6 * 60_000 }),
    });
    expect(json(await check(signer, started.responseId)).code).toBe('TAN_EXPIRED');
    expect(await lockStatus(t, owner, request.id)).toMatchObject({ locked: false });
  });

  it('goes on with an SMS code when the signer asks for one', async () => {
    const mobile = '+41790006204';
    const { signer, request, started } = await waitingForPhone(mobile);
    expect(await lockStatus(t, owner, request.id)).toMatchObject({ locked: true });
    expect(json(await t.call('POST', `/resend/${started.responseId}`, signer))).toMatchObject({
      status: 'PENDING',
    });
    expect(json(await check(signer, started.responseId))).toMatchObject({ status: 'TAN_REQUIRED' });
    const done = await t.call('POST', `/respond/${started.responseId}`, signer, {
      secret: await latestSmsCode(t, mobile),
    });
    expect(json(done)).toMatchObject({ status: 'SUCCESS' });
  });

  it('keeps the SMS code for a signer whose registration the phone has not approved', async () => {
    const mobile = '+41790006205';
    const signer = await t.identifiedUser('zertes', { mobile });
    await mobileId(signer, 'PUT', mobile);
    const started = await start(signer, await openFor(signer));
    expect(started.status).toBe('TAN_REQUIRED');
    expect((await smsTo(t, mobile)).messages).toHaveLength(1);
  });
});
