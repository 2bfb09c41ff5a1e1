import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SignatureRequest } from '@signet/contracts/signature-requests';
import {
  bearer,
  corpusDir,
  createTestApp,
  databaseKinds,
  json,
  signUp,
  strongPassword,
  visitorLink,
  type TestApp,
} from '../../../test/helpers.ts';

const pdf = readFileSync(`${corpusDir}basic-pdf15-libreoffice-writer.pdf`).toString('base64');

describe.each(databaseKinds)('TAN and Part 11 on %s', (kind) => {
  let t: TestApp;
  let owner: string;
  let signer: string;
  beforeAll(async () => {
    t = await createTestApp(kind, { listen: true });
    owner = (await signUp(t, { email: 'owner@example.ch' })).token;
    signer = (await signUp(t, { email: 'pat@example.ch', firstName: 'Pat', lastName: 'Eleven' })).token;
  });
  afterAll(() => t.close());

  const call = (url: string, headers: Record<string, string>, payload?: unknown) =>
    t.app.inject({
      method: 'POST',
      url: `/api${url}`,
      headers,
      ...(payload ? { payload: payload as object } : {}),
    });

  async function open(extra: Record<string, unknown>): Promise<SignatureRequest> {
    const created = json<SignatureRequest>(
      await call('/v3/signature-requests', bearer(owner), {
        title: 'T',
        documents: [{ title: 'd', content: pdf }],
        ...extra,
      }),
    );
    return json<SignatureRequest>(await call(`/v3/signature-requests/${created.id}/initiate`, bearer(owner)));
  }

  async function latestCode(mobile: string): Promise<string> {
    const { messages } = (await (
      await fetch(`${t.config.publicUrl}/sandbox/sms.json?to=${encodeURIComponent(mobile)}`)
    ).json()) as { messages: Array<{ text: string }> };
    return /\b(\d{6})\b/.exec(messages[0]!.text)![1]!;
  }

  it('resends, locks after three wrong codes, frees the request, and signs on a new attempt', async () => {
    const mobile = '+41790001111';
    const request = await open({
      quality: 'qes',
      signatures: [
        {
          signer_identity_data: {
            email_address: 'q@example.ch',
            first_name: 'Q',
            last_name: 'Es',
            mobile_number: mobile,
          },
        },
      ],
    });
    const { sid, headers: direct } = await visitorLink(t, 'q@example.ch', request.id);
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
      await t.app.inject({
        method: 'GET',
        url: `/api/v3/signature-requests/${request.id}/lock-status`,
        headers: bearer(owner),
      }),
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
      json(
        await t.app.inject({
          method: 'GET',
          url: `/api/v3/signature-requests/${request.id}/lock-status`,
          headers: bearer(owner),
        }),
      ),
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
      await t.app.inject({
        method: 'GET',
        url: `/api/v3/signature-requests/${request.id}/events`,
        headers: bearer(owner),
      }),
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
    await t.app.inject({
      method: 'PUT',
      url: '/api/v1/user',
      headers: bearer(signer),
      payload: { attributes: { mobile } },
    });
    const request = await open({ quality: 'qes', signatures: [{ account_email: 'pat@example.ch' }] });
    const started = json<{ responseId: string; status: string }>(
      await call('/v3/sign', bearer(signer), { signatureRequests: [{ id: request.id }] }),
    );
    expect(started.status).toBe('TAN_REQUIRED');
    expect((await call(`/cancel/${started.responseId}`, bearer(signer))).statusCode).toBe(204);
    expect(
      json(await call(`/respond/${started.responseId}`, bearer(signer), { secret: '123456' })).code,
    ).toBe('SIGNING_NOT_FOUND');

    const second = json<{ responseId: string }>(
      await call('/v3/sign', bearer(signer), { signatureRequests: [{ id: request.id }] }),
    );
    await fetch(`${t.config.publicUrl}/sandbox/control/clock`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ offsetMs: 6 * 60_000 }),
    });
    const expired = await call(`/v3/swisscom/proceed/${second.responseId}`, bearer(signer), {
      pwdotp: await latestCode(mobile),
    });
    await fetch(`${t.config.publicUrl}/sandbox/control/clock`, { method: 'DELETE' });
    expect(json(expired)).toMatchObject({ statusCode: 400, code: 'TAN_EXPIRED' });
    // The request stays open and unsigned, and nobody else's signing is blocked.
    const after = json<SignatureRequest>(
      await t.app.inject({
        method: 'GET',
        url: `/api/v3/signature-requests/${request.id}`,
        headers: bearer(owner),
      }),
    );
    expect(after).toMatchObject({ status_overall: 'OPEN', signed_count: 0 });
  });

  it('needs a signing name, a reason and the password for Part 11, and records them', async () => {
    const request = await open({
      quality: 'part11',
      signatures: [
        { account_email: 'pat@example.ch', visual_signatures: [{ position: { page: 1, x: 40, y: 40 } }] },
      ],
    });
    const missing = await call('/v3/sign', bearer(signer), {
      signatureRequests: [{ id: request.id }],
      password: strongPassword,
    });
    expect(json(missing)).toMatchObject({ statusCode: 400, code: 'PART11_DATA_REQUIRED' });
    const item = { id: request.id, signingName: 'Dr. Pat Eleven', signingReason: 'Approved as author' };
    const wrongPassword = await call('/v3/sign', bearer(signer), {
      signatureRequests: [item],
      password: 'Not-my-password-1',
    });
    expect(json(wrongPassword)).toMatchObject({ code: 'PART11_DATA_REQUIRED', field: 'password' });
    const signed = await call('/v3/sign', bearer(signer), {
      signatureRequests: [item],
      password: strongPassword,
    });
    expect(json(signed)).toMatchObject({ status: 'SUCCESS' });
    const events = json<{ events: Array<{ type: string; data: Record<string, unknown> }> }>(
      await t.app.inject({
        method: 'GET',
        url: `/api/v3/signature-requests/${request.id}/events`,
        headers: bearer(owner),
      }),
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
