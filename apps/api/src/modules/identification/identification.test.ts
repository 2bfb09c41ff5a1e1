import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { SignatureQualitiesDetail, User } from '@signet/contracts/accounts';
import type { IdentificationState } from '@signet/contracts/identification';
import type { z } from 'zod';
import { users } from '../../db/schema/accounts.ts';
import { databaseKinds, json, visitorLink } from '../../../test/helpers.ts';
import { cast, finishAtProvider, useTestApp, visitorSignature } from '../../../test/factories.ts';

type Detail = z.infer<typeof SignatureQualitiesDetail>;

describe.each(databaseKinds)('identification on %s', (kind) => {
  const t = useTestApp(kind, { listen: true, users: cast('owner', 'stranger') });
  const { owner, stranger } = t.users;
  const base = '/v1/user/identification';

  const qualities = async (as: { headers: Record<string, string> }) =>
    json<Detail>(await t.call('GET', '/v3/user/signature-qualities-detail', as));
  const qesOf = (detail: Detail, legislation: 'eidas' | 'zertes') =>
    detail.qualities.find((q) => q.quality === 'qes' && q.legislation === legislation)!;

  it('answers status null before anyone started, with the legislation of the provider and method', async () => {
    const none = await t.call('GET', `${base}/srs/robo`, owner);
    expect(none.statusCode).toBe(200);
    expect(json(none)).toMatchObject({ id: null, status: null, url: null, legislation: 'eidas' });
    expect(json(await t.call('GET', `${base}/intrum/video`, owner))).toMatchObject({ legislation: 'zertes' });
  });

  it('identifies automatically for ZertES: the page, the evidence, and QES under ZertES only (demo)', async () => {
    const person = await t.user({ firstName: 'Zoe', lastName: 'Muller' });
    const started = await t.call('POST', `${base}/intrum/autoident`, person, {});
    expect(started.statusCode, started.body).toBe(200);
    const state = json<IdentificationState>(started);
    expect(state).toMatchObject({ status: 'initialized', provider: 'intrum', method: 'autoident' });
    expect(state.url).toMatch(new RegExp(`^${t.config.publicUrl}/sandbox/ident/sessions/ids_`));
    // Starting again resumes the one under way.
    expect(json(await t.call('POST', `${base}/intrum/autoident`, person))).toMatchObject({ id: state.id });

    const page = await (await fetch(state.url!)).text();
    expect(page).toContain('Automatic identification');
    expect(page).toContain('SAMPLE');
    expect(page).toContain('value="Zoe"');
    expect(json(await t.call('GET', `${base}/intrum/autoident`, person))).toMatchObject({
      status: 'inprogress',
    });

    // The document reads with accents: the names still match (case and accents aside).
    const back = await finishAtProvider(state.url!, 'success', { firstName: 'Zoë', lastName: 'MÜLLER' });
    expect(back.headers.get('location')).toBe(
      `${t.config.publicUrl}/profile/signature-standards/zertes/auto?identification=${state.id}`,
    );
    const done = json<IdentificationState>(await t.call('GET', `${base}/status/${state.id}`, person));
    expect(done).toMatchObject({
      status: 'activatingQES',
      url: null,
      failureReason: null,
      legislation: 'zertes',
      verified: {
        firstName: 'Zoë',
        lastName: 'MÜLLER',
        birthDate: '1985-04-12',
        documentType: 'identity-card',
        documentExpiry: '2034-12-31',
      },
    });

    const detail = await qualities(person);
    expect(qesOf(detail, 'zertes')).toMatchObject({ available: true, demo: true, reason: null });
    expect(qesOf(detail, 'eidas')).toMatchObject({ available: false, reason: 'IDENTIFICATION_REQUIRED' });
    expect(detail.highestQuality).toBe('demo');
    expect(detail.identification.zertes.auto).toEqual({
      status: 'activatingQES',
      url: null,
      failureReason: null,
    });
    expect(detail.identification.eidas.self.status).toBeNull();
    const user = json<User>(await t.call('GET', '/v1/user', person));
    expect(user.signatureQualities).toMatchObject({
      aes: { any: true },
      qes: { eidas: false, zertes: true },
    });

    const again = await t.call('POST', `${base}/intrum/video`, person);
    expect(again.statusCode).toBe(409);
    expect(json(again).code).toBe('ALREADY_IDENTIFIED');
  });

  it('shows a failed, an abandoned and a cancelled identification, and unlocks nothing', async () => {
    const person = await t.user();
    expect(await t.identify(person, 'eidas', { kind: 'video', outcome: 'failure' })).toMatchObject({
      status: 'failure',
      failureReason: 'failed',
      verified: null,
    });
    expect(await t.identify(person, 'eidas', { kind: 'self', outcome: 'abandoned' })).toMatchObject({
      status: 'failure',
      failureReason: 'abandoned',
    });
    const ongoing = json<IdentificationState>(await t.call('POST', `${base}/intrum/video`, person));
    expect(qesOf(await qualities(person), 'zertes').reason).toBe('IDENTIFICATION_ONGOING');
    expect((await t.call('DELETE', `${base}/intrum/video`, person)).statusCode).toBe(204);
    expect(json(await t.call('GET', `${base}/status/${ongoing.id}`, person))).toMatchObject({
      status: 'failure',
      failureReason: 'cancelled',
      url: null,
    });
    // Nothing is under way any more; its page is closed too.
    expect((await t.call('DELETE', `${base}/intrum/video`, person)).statusCode).toBe(404);
    expect(await (await fetch(ongoing.url!)).text()).toContain('This identification has ended');

    const detail = await qualities(person);
    expect(detail.highestQuality).toBe('ses');
    expect(detail.qualities.filter((q) => q.available).map((q) => q.quality)).toEqual(['ses']);
    expect(detail.identification).toEqual({
      eidas: {
        video: { status: 'failure', url: null, failureReason: 'failed' },
        self: { status: 'failure', url: null, failureReason: 'abandoned' },
      },
      zertes: {
        video: { status: 'failure', url: null, failureReason: 'cancelled' },
        auto: { status: null, url: null, failureReason: null },
      },
    });
  });

  it('does not unlock QES for a document in another name, and says so', async () => {
    const person = await t.user({ firstName: 'Ada', lastName: 'Muster' });
    const state = await t.identify(person, 'eidas', {
      documentName: { firstName: 'Eve', lastName: 'Muster' },
    });
    expect(state).toMatchObject({ status: 'failure', failureReason: 'nameMismatch' });
    expect(qesOf(await qualities(person), 'eidas')).toMatchObject({
      available: false,
      reason: 'IDENTIFICATION_NAME_MISMATCH',
    });
    // Identifying again in the right name unlocks it.
    expect(await t.identify(person, 'eidas')).toMatchObject({ status: 'activatingQES' });
    expect(qesOf(await qualities(person), 'eidas').available).toBe(true);
  });

  it('locks QES again when the account changes its name after identification, and unlocks it on the way back', async () => {
    const person = await t.user({ firstName: 'Ada', lastName: 'Muster' });
    expect(await t.identify(person, 'eidas')).toMatchObject({ status: 'activatingQES' });
    const rename = async (lastName: string) => {
      const answer = await t.call('PUT', '/v1/user', person, { firstName: 'Ada', lastName });
      expect(answer.statusCode, answer.body).toBe(200);
      return json<User>(answer).signatureQualities.qes.eidas;
    };
    expect(await rename('Married')).toBe(false);
    expect(qesOf(await qualities(person), 'eidas')).toMatchObject({
      available: false,
      reason: 'IDENTIFICATION_NAME_MISMATCH',
    });
    expect(await rename('Muster')).toBe(true);
  });

  it("answers 404 for someone else's identification and an unknown one", async () => {
    const mine = json<IdentificationState>(await t.call('POST', `${base}/srs/video`, owner));
    expect((await t.call('GET', `${base}/status/${mine.id}`, owner)).statusCode).toBe(200);
    const theirs = await t.call('GET', `${base}/status/${mine.id}`, stranger);
    expect(theirs.statusCode).toBe(404);
    expect(theirs.body).not.toContain(mine.url!);
    expect(
      (await t.call('GET', `${base}/status/00000000-0000-4000-8000-000000000000`, owner)).statusCode,
    ).toBe(404);
    expect((await t.call('DELETE', `${base}/srs/video`, stranger)).statusCode).toBe(404);
    expect((await t.call('DELETE', `${base}/srs/video`, owner)).statusCode).toBe(204);
  });

  it('refuses bad input, naming the field, and callers without a session', async () => {
    const unknownProvider = await t.call('GET', `${base}/acme/video`, owner);
    expect(json(unknownProvider)).toMatchObject({
      statusCode: 400,
      code: 'VALIDATION_FAILED',
      field: 'params.provider',
    });
    const notOffered = await t.call('POST', `${base}/srs/autoident`, owner);
    expect(json(notOffered)).toMatchObject({
      statusCode: 400,
      code: 'VALIDATION_FAILED',
      field: 'params.method',
    });
    const badRequestId = await t.call('POST', `${base}/srs/video`, owner, { signatureRequestId: 'nope' });
    expect(json(badRequestId)).toMatchObject({ code: 'VALIDATION_FAILED', field: 'body.signatureRequestId' });
    const extra = await t.call('POST', `${base}/srs/video`, owner, { legislation: 'eidas' });
    expect(json(extra).code).toBe('VALIDATION_FAILED');
    const badId = await t.call('GET', `${base}/status/not-a-uuid`, owner);
    expect(json(badId)).toMatchObject({ code: 'VALIDATION_FAILED', field: 'params.id' });
    expect((await t.call('GET', `${base}/srs/video`, null)).statusCode).toBe(401);
    expect((await t.call('POST', `${base}/srs/video`, null)).statusCode).toBe(401);
    // A request the caller does not sign is not one to return to.
    const request = await t.request(owner, { signatures: ['someone@example.ch'] });
    const foreign = await t.call('POST', `${base}/srs/video`, stranger, { signatureRequestId: request.id });
    expect(json(foreign)).toMatchObject({ statusCode: 404, code: 'NOT_FOUND' });
  });

  it('needs a verified e-mail address to start', async () => {
    const person = await t.user();
    await t.database.db.update(users).set({ emailVerified: false }).where(eq(users.id, person.id));
    const refused = await t.call('POST', `${base}/srs/video`, person);
    expect(json(refused)).toMatchObject({ statusCode: 403, code: 'EMAIL_NOT_VERIFIED' });
  });

  it('returns the signer to the request they identify for', async () => {
    const signer = await t.user();
    const request = await t.request(owner, {
      quality: 'qes',
      legislation: 'eidas',
      signatures: [signer.email],
    });
    const started = json<IdentificationState>(
      await t.call('POST', `${base}/srs/robo`, signer, { signatureRequestId: request.id }),
    );
    expect(started.signatureRequestId).toBe(request.id);
    const back = await finishAtProvider(started.url!, 'success');
    expect(back.headers.get('location')).toBe(
      `${t.config.publicUrl}/profile/signature-standards/eidas/self?identification=${started.id}&sr=${request.id}`,
    );
  });

  it('identifies a visitor as the signer of their request, not the account of the same address', async () => {
    const request = await t.request(owner, {
      quality: 'qes',
      legislation: 'eidas',
      signatures: [visitorSignature(stranger.email, 'Vic', 'Visitor')],
    });
    const link = await visitorLink(t, stranger.email, request.id);
    const direct = '/v1/direct/user/identification';
    expect(json(await t.call('GET', `${direct}/srs/video`, link))).toMatchObject({ status: null });
    const started = json<IdentificationState>(await t.call('POST', `${direct}/srs/video`, link));
    expect(started.signatureRequestId).toBe(request.id);
    const page = await (await fetch(started.url!)).text();
    expect(page).toContain('Video identification');
    expect(page).toContain('value="Vic"');
    const back = await finishAtProvider(started.url!, 'success');
    expect(back.headers.get('location')).toBe(
      `${t.config.publicUrl}/direct-sign/identification/eidas/video?identification=${started.id}&sr=${request.id}`,
    );
    expect(json(await t.call('GET', `${direct}/status/${started.id}`, link))).toMatchObject({
      status: 'activatingQES',
    });
    // The account with the visitor's address gains nothing, and cannot read the visitor's evidence.
    expect(qesOf(await qualities(stranger), 'eidas').available).toBe(false);
    expect((await t.call('GET', `${base}/status/${started.id}`, stranger)).statusCode).toBe(404);
    // Another request of theirs is not the visitor's to name.
    const other = await t.request(owner, { signatures: ['x@example.ch'] });
    const foreign = await t.call('POST', `${direct}/srs/video`, link, { signatureRequestId: other.id });
    expect(json(foreign).code).toBe('NOT_FOUND');
    expect(
      (await t.call('GET', `${direct}/srs/video`, { authorization: 'Basic bm9ib2R5Om5vdGhpbmc=' }))
        .statusCode,
    ).toBe(401);
  });
});

describe.each(databaseKinds)('identification with its provider unreachable on %s', (kind) => {
  const t = useTestApp(kind, {
    listen: true,
    env: { IDENTIFICATION_URL: 'http://127.0.0.1:9/ident', LOG_LEVEL: 'silent' },
    users: cast('owner'),
  });

  it('answers 503 TRUST_SERVICE_UNAVAILABLE and records nothing', async () => {
    const refused = await t.call('POST', '/v1/user/identification/srs/video', t.users.owner);
    expect(json(refused)).toMatchObject({ statusCode: 503, code: 'TRUST_SERVICE_UNAVAILABLE' });
    expect(json(await t.call('GET', '/v1/user/identification/srs/video', t.users.owner))).toMatchObject({
      status: null,
    });
  });
});
