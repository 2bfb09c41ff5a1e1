import { describe, expect, it } from 'vitest';
import { bearer, databaseKinds, json, strongPassword } from '../../../test/helpers.ts';
import { cast, useTestApp, type Caller } from '../../../test/factories.ts';
import { guessingBound, qesLimits } from './signing-limits.ts';
import { latestSmsCode, lockStatus, openQesRequest, smsTo } from './signing-fixtures.test-support.ts';

const hourMs = 60 * 60 * 1000;

describe('QES guessing bound', () => {
  it('is what the comment beside the limits says', () => {
    expect(qesLimits).toMatchObject({
      startsPerSigner: 5,
      startsPerRequest: 20,
      resendsPerSigner: 5,
      resendsPerRequest: 20,
      smsPerMobile: 10,
      answersPerCode: 3,
      answersPerSignerPerDay: 9,
      window: hourMs,
      answerWindow: 24 * hourMs,
    });
    expect(guessingBound.codesPerHourWindow).toBe(15);
    expect(guessingBound.codesInAnyHour).toBe(18);
    expect(guessingBound.codesInAnyDay).toBe(18);
    expect(guessingBound.successPerDay).toBeLessThan(0.000_018_1);
  });
});

describe.each(databaseKinds)('TAN guessing and SMS flooding limits on %s', (kind) => {
  const t = useTestApp(kind, { listen: true, users: cast('owner') });
  const { owner } = t.users;

  const post = (url: string, as: Caller, payload?: object) => t.call('POST', url, as, payload);
  const sign = (as: Caller, id: string) => post('/v3/sign', as, { signatureRequests: [{ id }] });
  const startAndCancel = async (token: Caller, id: string) => {
    const started = await sign(token, id);
    expect(json(started), started.body).toMatchObject({ status: 'TAN_REQUIRED' });
    const { responseId } = json<{ responseId: string }>(started);
    expect((await post(`/cancel/${responseId}`, token)).statusCode).toBe(204);
  };
  const expectLimited = (response: Awaited<ReturnType<typeof sign>>, code: string, maxSeconds: number) => {
    expect(response.statusCode, response.body).toBe(429);
    expect(json(response).code).toBe(code);
    const retryAfter = Number(response.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(maxSeconds - 120);
    expect(retryAfter).toBeLessThanOrEqual(maxSeconds);
  };

  it('refuses a signer’s sixth QES signing in an hour with 429 and Retry-After, and sends no SMS for it', async () => {
    const mobile = '+41790004001';
    const signer = await t.identifiedUser('zertes', { email: 'starts@example.ch', mobile });
    const request = await openQesRequest(t, owner, ['starts@example.ch']);
    for (let i = 0; i < qesLimits.startsPerSigner; i++) await startAndCancel(signer, request.id);
    expectLimited(await sign(signer, request.id), 'SIGNING_RATE_LIMITED', 3600);
    expect((await smsTo(t, mobile)).messages).toHaveLength(qesLimits.startsPerSigner);
    // The request is not left locked by the refused attempt, and the next hour has a new budget.
    expect(await lockStatus(t, owner, request.id)).toMatchObject({ locked: false });
    t.clock.advance(hourMs);
    await startAndCancel(signer, request.id);
  });

  it('refuses a sixth resend of the code within the hour', async () => {
    const mobile = '+41790004002';
    const signer = await t.identifiedUser('zertes', { email: 'resends@example.ch', mobile });
    const request = await openQesRequest(t, owner, ['resends@example.ch']);
    const { responseId } = json<{ responseId: string }>(await sign(signer, request.id));
    for (let i = 0; i < qesLimits.resendsPerSigner; i++)
      expect(json(await post(`/resend/${responseId}`, signer))).toMatchObject({ status: 'PENDING' });
    expectLimited(await post(`/resend/${responseId}`, signer), 'SIGNING_RATE_LIMITED', 3600);
    expect((await smsTo(t, mobile)).messages).toHaveLength(1 + qesLimits.resendsPerSigner);
    // The latest code still signs.
    const done = await post(`/respond/${responseId}`, signer, { secret: await latestSmsCode(t, mobile) });
    expect(json(done)).toMatchObject({ status: 'SUCCESS' });
  });

  it('limits the codes sent for one request, whoever its signers are', async () => {
    const emails = Array.from({ length: 5 }, (_, i) => `many${i}@example.ch`);
    const tokens: Caller[] = [];
    for (const [i, email] of emails.entries())
      tokens.push(await t.identifiedUser('zertes', { email, mobile: `+4179000410${i}` }));
    const request = await openQesRequest(t, owner, emails);
    for (const token of tokens.slice(0, 4))
      for (let i = 0; i < qesLimits.startsPerRequest / 4; i++) await startAndCancel(token, request.id);
    expectLimited(await sign(tokens[4]!, request.id), 'SIGNING_RATE_LIMITED', 3600);
    // Another request of the same signer is not affected.
    const other = await openQesRequest(t, owner, [emails[4]!]);
    await startAndCancel(tokens[4]!, other.id);
  }, 120_000);

  it('blocks a signer for a day after three codes’ worth of answers, even when each signing is cancelled before it locks', async () => {
    const mobile = '+41790004003';
    let signer: Caller = await t.identifiedUser('zertes', { email: 'guesser@example.ch', mobile });
    const request = await openQesRequest(t, owner, ['guesser@example.ch']);
    const wrongFor = async () => {
      const code = await latestSmsCode(t, mobile);
      return code === '000000' ? '111111' : '000000';
    };
    let answers = 0;
    let responseId = '';
    for (let attempt = 0; answers < qesLimits.answersPerSignerPerDay; attempt++) {
      ({ responseId } = json<{ responseId: string }>(await sign(signer, request.id)));
      for (let i = 0; i < 2 && answers < qesLimits.answersPerSignerPerDay; i++, answers++)
        expect(json(await post(`/respond/${responseId}`, signer, { secret: await wrongFor() })).code).toBe(
          'TAN_INVALID',
        );
      if (answers < qesLimits.answersPerSignerPerDay)
        expect((await post(`/cancel/${responseId}`, signer)).statusCode).toBe(204);
    }
    // The next answer does not reach the QTSP, even the right one, and the signing ends.
    const right = await post(`/respond/${responseId}`, signer, { secret: await latestSmsCode(t, mobile) });
    expectLimited(right, 'SIGNING_BLOCKED', 24 * 3600);
    expect(json(await post(`/respond/${responseId}`, signer, { secret: '123456' })).code).toBe(
      'SIGNING_NOT_FOUND',
    );
    const smsBefore = (await smsTo(t, mobile)).messages.length;
    expectLimited(await sign(signer, request.id), 'SIGNING_BLOCKED', 24 * 3600);
    expect((await smsTo(t, mobile)).messages).toHaveLength(smsBefore);

    // A day later the signer may try again (a new session: the old one has expired by then).
    t.clock.advance(24 * hourMs);
    signer = bearer(
      json<{ value: string }>(
        await t.call('POST', '/v1/login', null, { email: 'guesser@example.ch', password: strongPassword }),
      ).value,
    );
    ({ responseId } = json<{ responseId: string }>(await sign(signer, request.id)));
    const done = await post(`/respond/${responseId}`, signer, { secret: await latestSmsCode(t, mobile) });
    expect(json(done)).toMatchObject({ status: 'SUCCESS' });
  }, 120_000);
});
