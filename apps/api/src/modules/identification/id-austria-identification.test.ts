import { describe, expect, it } from 'vitest';
import type { SignatureQualitiesDetail } from '@signet/contracts/accounts';
import type { EidIdentification } from '@signet/contracts/eid';
import type { SignatureRequest } from '@signet/contracts/signature-requests';
import type { z } from 'zod';
import { validatePdfSignatures } from '@signet/pdf';
import {
  databaseKinds,
  json,
  linkFromMail,
  samplePdf,
  strongPassword,
  visitorLink,
} from '../../../test/helpers.ts';
import { useTestApp, type Caller, visitorSignature } from '../../../test/factories.ts';
import { loginAtIdAustria } from '../../../test/sandbox-idp-login.ts';

type Detail = z.infer<typeof SignatureQualitiesDetail>;

describe.each(databaseKinds)('identification with ID Austria (%s)', (kind) => {
  const t = useTestApp(kind, {
    listen: true,
    users: {
      owner: { email: 'owner@example.ch', firstName: 'Olga', lastName: 'Owner' },
      lukas: { email: 'lukas@example.ch', firstName: 'Lukas', lastName: 'Huber', mobile: '+41790003333' },
    },
  });
  const { owner, lukas } = t.users;
  const eidasQes = async (as: Caller) =>
    json<Detail>(await t.call('GET', '/v3/user/signature-qualities-detail', as)).qualities.find(
      (q) => q.quality === 'qes' && q.legislation === 'eidas',
    )!;

  /** The code the sandbox QTSP sent by SMS to `mobile` (newest). */
  const smsCode = async (mobile: string) => {
    const outbox = await fetch(`${t.config.publicUrl}/sandbox/sms.json?to=${encodeURIComponent(mobile)}`);
    const { messages } = (await outbox.json()) as { messages: Array<{ text: string }> };
    return /\b(\d{6})\b/.exec(messages[0]!.text)![1]!;
  };

  /** Starts (as `as`, the direct call for a visitor's link), logs in at the sandbox, redeems. */
  async function identify(
    as: Caller,
    person: { givenName: string; familyName: string; birthDate: string },
    direct = false,
  ) {
    const base = direct ? '/v1/direct/user/eid/id-austria' : '/v1/user/eid/id-austria';
    const started = await t.call('POST', base, as, {});
    expect(started.statusCode).toBe(200);
    const answer = await loginAtIdAustria(json<{ url: string }>(started).url, person);
    return t.call('POST', `${base}/callback`, as, answer);
  }

  it('stores the verified person as eIDAS evidence: QES under eIDAS, and a qualified certificate in that name', async () => {
    expect((await eidasQes(lukas)).available).toBe(false);
    const done = await identify(lukas, { givenName: 'Lukas', familyName: 'Huber', birthDate: '1991-11-02' });
    expect(done.statusCode).toBe(200);
    expect(json<EidIdentification>(done)).toEqual({
      provider: 'id-austria',
      legislation: 'eidas',
      verified: { firstName: 'Lukas', lastName: 'Huber', birthDate: '1991-11-02' },
      qesAvailable: true,
      signatureRequestId: null,
    });
    expect(await eidasQes(lukas)).toMatchObject({ available: true, demo: true });
    // Nothing for ZertES: ID Austria is an eIDAS means.
    const user = json<{ signatureQualities: { qes: Record<string, boolean> } }>(
      await t.call('GET', '/v1/user', lukas),
    );
    expect(user.signatureQualities.qes).toEqual({ eidas: true, zertes: false });

    const request = await t.request(owner, {
      title: 'Qualified',
      quality: 'qes',
      legislation: 'eidas',
      documents: [{ title: 'contract', content: samplePdf }],
      signatures: [lukas.email],
    });
    const started = json<{ responseId: string; status: string }>(
      await t.call('POST', '/v3/sign', lukas, { signatureRequests: [{ id: request.id }] }),
    );
    expect(started.status).toBe('TAN_REQUIRED');
    const proceeded = await t.call('POST', `/v3/swisscom/proceed/${started.responseId}`, lukas, {
      pwdotp: await smsCode('+41790003333'),
    });
    expect(proceeded.statusCode).toBe(200);
    const after = json<SignatureRequest>(await t.call('GET', `/v3/signature-requests/${request.id}`, owner));
    const documentId = after.documents[0]!.id;
    const pdf = (await t.call('GET', `/v3/documents/${documentId}/download`, owner)).rawPayload;
    const report = await validatePdfSignatures(pdf, {
      trustAnchors: await (await fetch(`${t.config.publicUrl}/api/v1/trust-list.pem`)).text(),
    });
    const signature = report.signatures.find(
      (s) => s.kind === 'signature' && s.fieldName.startsWith('Signature-'),
    );
    expect(signature?.signer?.subject).toContain('Lukas');
    expect(signature?.signer?.subject).toContain('Huber');
  });

  it('keeps evidence in another name without unlocking QES, and says so', async () => {
    const person = await t.user({ firstName: 'Olivia', lastName: 'Other' });
    const done = await identify(person, {
      givenName: 'Maria',
      familyName: 'Gruber',
      birthDate: '1984-03-17',
    });
    expect(json<EidIdentification>(done)).toMatchObject({
      qesAvailable: false,
      verified: { lastName: 'Gruber' },
    });
    expect(await eidasQes(person)).toMatchObject({
      available: false,
      reason: 'IDENTIFICATION_NAME_MISMATCH',
    });
  });

  it("identifies a visitor as their request's signer, and returns them to it", async () => {
    const request = await t.request(owner, {
      quality: 'qes',
      legislation: 'eidas',
      signatures: [visitorSignature('anna@example.at', 'Anna-Lena', 'Steiner')],
    });
    const link = await visitorLink(t, 'anna@example.at', request.id);
    const started = await t.call('POST', '/v1/direct/user/eid/id-austria', link, {});
    expect(new URL(json<{ url: string }>(started).url).searchParams.get('redirect_uri')).toBe(
      `${t.config.publicUrl}/direct-sign/identification/id-austria-success`,
    );
    const done = await identify(
      link,
      { givenName: 'Anna-Lena', familyName: 'Steiner', birthDate: '1978-06-29' },
      true,
    );
    expect(json<EidIdentification>(done)).toMatchObject({
      qesAvailable: true,
      signatureRequestId: request.id,
    });
    // A visitor's login is not an account's to redeem, nor the other way round.
    const mine = await t.call('POST', '/v1/direct/user/eid/id-austria', link, {});
    const answer = await loginAtIdAustria(json<{ url: string }>(mine).url, {
      givenName: 'Anna-Lena',
      familyName: 'Steiner',
      birthDate: '1978-06-29',
    });
    expect(json(await t.call('POST', '/v1/user/eid/id-austria/callback', owner, answer)).code).toBe(
      'EID_LOGIN_INVALID',
    );
  });

  it('gives an eID signup eIDAS QES at once', async () => {
    const started = json<{ url: string }>(await t.call('POST', '/v1/signup/eid/id-austria', null, {}));
    const answer = await loginAtIdAustria(started.url, {
      givenName: 'Jürgen',
      familyName: 'Pichler',
      birthDate: '1965-01-08',
    });
    expect((await t.call('POST', '/v1/signup/eid/id-austria/callback', null, answer)).statusCode).toBe(200);
    const made = await t.call('POST', '/v1/signup/eid', null, {
      state: answer.state,
      email: 'juergen@example.at',
      password: strongPassword,
      gtc: true,
    });
    const headers = { authorization: `Bearer ${json<{ value: string }>(made).value}` };
    // Available once the e-mail address is confirmed, as every quality (spec §4).
    expect(await eidasQes({ headers })).toMatchObject({ available: false, reason: 'EMAIL_NOT_VERIFIED' });
    const link = await linkFromMail(t, 'juergen@example.at', '/profile/confirm');
    const confirmed = await t.call('POST', '/v1/valid-confirmation', null, {
      token: link.searchParams.get('token'),
    });
    expect(json(confirmed)).toMatchObject({ valid: true });
    expect(await eidasQes({ headers })).toMatchObject({ available: true, demo: true });
  });
});
