import { describe, expect, it } from 'vitest';
import type { SignatureRequest } from '@signet/contracts/signature-requests';
import { databaseKinds, json, samplePdf, strongPassword, visitorLink } from '../../../test/helpers.ts';
import { cast, useTestApp, visitorSignature } from '../../../test/factories.ts';
import type { Caller, RequestSpec } from '../../../test/factories.ts';
import { latestSmsCode } from './signing-fixtures.test-support.ts';

describe.each(databaseKinds)('TAN and Part 11 on %s', (kind) => {
  const t = useTestApp(kind, {
    listen: true,
    users: {
      ...cast('owner'),
      signer: { email: 'pat@example.ch', firstName: 'Pat', lastName: 'Eleven' },
    },
  });
  const { owner, signer } = t.users;

  const call = (url: string, as: Caller, payload?: unknown) => t.call('POST', url, as, payload);
  const open = (spec: RequestSpec) =>
    t.request(owner, { title: 'T', documents: [{ title: 'd', content: samplePdf }], ...spec });
  const latestCode = (mobile: string) => latestSmsCode(t, mobile);

  it('resends, locks after three wrong codes, frees the request, and signs on a new attempt', async () => {
    const mobile = '+41790001111';
    const request = await open({
      quality: 'qes',
      signatures: [visitorSignature('q@example.ch', 'Q', 'Es', { mobile_number: mobile })],
    });
    const { sid, headers: direct } = await visitorLink(t, 'q@example.ch', request.id);
    await t.identify({ sid, headers: direct }, 'zertes');
    const first = json<{ responseId: string }>(
      await call('/v3/direct/sign', direct, { signatureRequests: [{ id: request.id }] }),
    );
    const oldCode = await latestCode(mobile);
    expect(json(await call('/v1/direct/tan/resend', direct, { responseId: first.responseId }))).toMatchObject(
      { status: 'PENDING' },
    );
    const newCode = await latestCode(mobile);
    // Someone else meets the lock meanwhile.
    const lock = json<{ locked: boolean }>(
      await t.call('GET', `/v3/signature-requests/${request.id}/lock-status`, owner),
    );
    expect(lock.locked).toBe(true);

    const wrong = ['000001', '000002', '000003'].filter((c) => c !== newCode && c !== oldCode);
    if (oldCode !== newCode) wrong[0] = oldCode; // the replaced code no longer works
    expect(
      json(await call('/v1/direct/tan/check', direct, { responseId: first.responseId, secret: wrong[0] })),
    ).toMatchObject({ code: 'TAN_INVALID' });
    expect(
      json(await call('/v1/direct/tan/check', direct, { responseId: first.responseId, secret: wrong[1] })),
    ).toMatchObject({ code: 'TAN_INVALID' });
    const locked = await call('/v1/direct/tan/check', direct, {
      responseId: first.responseId,
      secret: wrong[2],
    });
    expect(locked.statusCode).toBe(423);
    expect(json(locked).code).toBe('TAN_LOCKED');
    expect(
      json(await call('/v1/direct/tan/check', direct, { responseId: first.responseId, secret: newCode }))
        .code,
    ).toBe('SIGNING_NOT_FOUND');

    // The visitor cancels a new attempt: the request is free again and that code is dead.
    const cancelled = json<{ responseId: string }>(
      await call('/v3/direct/sign', direct, { signatureRequests: [{ id: request.id }] }),
    );
    expect(
      (await call('/v1/direct/tan/cancel', direct, { responseId: cancelled.responseId })).statusCode,
    ).toBe(204);
    expect(
      json(await t.call('GET', `/v3/signature-requests/${request.id}/lock-status`, owner)),
    ).toMatchObject({ locked: false });
    expect(
      json(
        await call('/v1/direct/tan/check', direct, {
          responseId: cancelled.responseId,
          secret: await latestCode(mobile),
        }),
      ).code,
    ).toBe('SIGNING_NOT_FOUND');

    const again = json<{ responseId: string }>(
      await call('/v3/direct/sign', direct, { signatureRequests: [{ id: request.id }] }),
    );
    const done = await call('/v1/direct/tan/check', direct, {
      responseId: again.responseId,
      secret: await latestCode(mobile),
    });
    expect(json(done)).toMatchObject({ status: 'SUCCESS', signed: [{ status_overall: 'SIGNED' }] });

    // Every step is in the audit trail, with where the visitor acted from (issue 10).
    const trail = json<{ events: Array<{ type: string; actor: string; data: Record<string, unknown> }> }>(
      await t.call('GET', `/v3/signature-requests/${request.id}/events`, owner),
    );
    const steps = trail.events.filter((e) => e.type.startsWith('tan ') || e.type === 'signed');
    expect(steps.map((e) => [e.type, e.data.code ?? null])).toEqual([
      ['tan sent', null],
      ['tan resent', null],
      ['tan refused', 'TAN_INVALID'],
      ['tan refused', 'TAN_INVALID'],
      ['tan refused', 'TAN_LOCKED'],
      ['tan sent', null],
      ['tan cancelled', null],
      ['tan sent', null],
      ['signed', null],
    ]);
    for (const step of steps)
      expect(step).toMatchObject({
        actor: `visitor:${sid}`,
        data: { client_ip: '127.0.0.1', user_agent: 'lightMyRequest' },
      });
  });

  it('cancels a pending signing and reports an expired code', async () => {
    const mobile = '+41790002222';
    await t.call('PUT', '/v1/user', signer, { attributes: { mobile } });
    await t.identify(signer, 'zertes');
    const request = await open({ quality: 'qes', signatures: [{ account_email: 'pat@example.ch' }] });
    const started = json<{ responseId: string; status: string }>(
      await call('/v3/sign', signer, { signatureRequests: [{ id: request.id }] }),
    );
    expect(started.status).toBe('TAN_REQUIRED');
    expect((await call(`/cancel/${started.responseId}`, signer)).statusCode).toBe(204);
    expect(json(await call(`/respond/${started.responseId}`, signer, { secret: '123456' })).code).toBe(
      'SIGNING_NOT_FOUND',
    );

    const second = json<{ responseId: string }>(
      await call('/v3/sign', signer, { signatureRequests: [{ id: request.id }] }),
    );
    await fetch(`${t.config.publicUrl}/sandbox/control/clock`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ offsetMs: 6 * 60_000 }),
    });
    const expired = await call(`/v3/swisscom/proceed/${second.responseId}`, signer, {
      pwdotp: await latestCode(mobile),
    });
    await fetch(`${t.config.publicUrl}/sandbox/control/clock`, { method: 'DELETE' });
    expect(json(expired)).toMatchObject({ statusCode: 400, code: 'TAN_EXPIRED' });
    // The request stays open and unsigned, and nobody else's signing is blocked.
    const after = json<SignatureRequest>(await t.call('GET', `/v3/signature-requests/${request.id}`, owner));
    expect(after).toMatchObject({ status_overall: 'OPEN', signed_count: 0 });
  });

  it('needs a signing name, a reason and the password for Part 11, and records them', async () => {
    const request = await open({
      quality: 'part11',
      signatures: [
        { account_email: 'pat@example.ch', visual_signatures: [{ position: { page: 1, x: 40, y: 40 } }] },
      ],
    });
    const missing = await call('/v3/sign', signer, {
      signatureRequests: [{ id: request.id }],
      password: strongPassword,
    });
    expect(json(missing)).toMatchObject({ statusCode: 400, code: 'PART11_DATA_REQUIRED' });
    const item = { id: request.id, signingName: 'Dr. Pat Eleven', signingReason: 'Approved as author' };
    const wrongPassword = await call('/v3/sign', signer, {
      signatureRequests: [item],
      password: 'Not-my-password-1',
    });
    expect(json(wrongPassword)).toMatchObject({ code: 'PART11_DATA_REQUIRED', field: 'password' });
    const signed = await call('/v3/sign', signer, {
      signatureRequests: [item],
      password: strongPassword,
    });
    expect(json(signed)).toMatchObject({ status: 'SUCCESS' });
    const events = json<{ events: Array<{ type: string; data: Record<string, unknown> }> }>(
      await t.call('GET', `/v3/signature-requests/${request.id}/events`, owner),
    );
    expect(events.events.find((e) => e.type === 'signed')!.data).toMatchObject({
      quality: 'part11',
      signingName: 'Dr. Pat Eleven',
      signingReason: 'Approved as author',
      // Where the signer acted from (issue 10): app.inject's own address and agent.
      client_ip: '127.0.0.1',
      user_agent: 'lightMyRequest',
    });
  });
});
