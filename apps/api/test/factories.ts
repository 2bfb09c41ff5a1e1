import { afterAll, beforeAll, expect } from 'vitest';
import type { z } from 'zod';
import type { LightMyRequestResponse } from 'fastify';
import type { Language } from '@signet/contracts/common';
import type { User } from '@signet/contracts/accounts';
import type { CreateBusinessBody, UserBusiness } from '@signet/contracts/businesses';
import type {
  CreateSignatureRequestBody,
  SignatureInput,
  SignatureRequest,
  SignerIdentityData,
} from '@signet/contracts/signature-requests';
import type { SignBody, SignResult } from '@signet/contracts/signing';
import type { Legislation } from '@signet/contracts/common';
import {
  offerFor,
  type IdentificationKind,
  type IdentificationState,
} from '@signet/contracts/identification';
import {
  bearer,
  createTestApp,
  json,
  linkFromMail,
  multipart,
  samplePdf,
  strongPassword,
  visitorLink,
  type TestApp,
  type TestAppOptions,
  type VisitorLink,
} from './helpers.ts';

/**
 * Test data factories on the real app and database (issue 11): every person, business and request
 * a test needs is made through the public calls, as people make them, so a test reads as a few
 * lines of "given" and then what it checks. `useTestApp` builds the app for a describe block and
 * signs its people up before the first test.
 */

/** Who a person is when signed up; everything has a default. */
export interface Person {
  /** A fresh person<n>@example.ch when omitted. */
  email?: string;
  firstName?: string;
  lastName?: string;
  password?: string;
  lang?: Language;
  mobile?: string;
}

/**
 * The people the tests meet again and again, by their role. Their names are part of what some
 * tests check (mail subjects, the signer list); the observer and the stranger keep the defaults.
 */
const regulars = {
  owner: { email: 'owner@example.ch', firstName: 'Olga', lastName: 'Owner' },
  signer: { email: 'signer@example.ch', firstName: 'Sam', lastName: 'Signer' },
  observer: { email: 'watch@example.ch' },
  stranger: { email: 'stranger@example.ch' },
  admin: { email: 'admin@example.ch', firstName: 'Alma', lastName: 'Test' },
  member: { email: 'member@example.ch', firstName: 'Max', lastName: 'Test' },
  second: { email: 'second@example.ch', firstName: 'Sina', lastName: 'Test' },
  loner: { email: 'loner@example.ch', firstName: 'Lou', lastName: 'Test' },
  rival: { email: 'rival@example.ch', firstName: 'Rita', lastName: 'Test' },
} satisfies Record<string, Person>;

/** Some of the regulars, for `useTestApp`'s `users`: `cast('owner', 'signer')`. */
export function cast<Name extends keyof typeof regulars>(...names: Name[]): Record<Name, Person> {
  return Object.fromEntries(names.map((name) => [name, regulars[name]])) as Record<Name, Person>;
}

/** A signed-up, confirmed and signed-in account. */
export interface TestUser {
  id: string;
  email: string;
  password: string;
  firstName: string;
  lastName: string;
  /** The session token of the sign-up; `headers` carries it. */
  token: string;
  headers: { authorization: string };
}

/**
 * Who makes a call: a user or a visitor's link (anything with `headers`), headers as they are
 * (a forged Basic pair, say), or nobody.
 */
export type Caller = { headers: Record<string, string> } | Record<string, string> | null | undefined;

export type TestBusiness = UserBusiness & { admin: TestUser };

interface IdentifyOptions {
  /** The way to identify (the spec's pages): video, or self-service (eIDAS) / automatic (ZertES). */
  kind?: IdentificationKind;
  /** How the person ends it at the provider; success by default. */
  outcome?: 'success' | 'failure' | 'abandoned';
  /** The name on the document as the person confirms it; the name Signet expects by default. */
  documentName?: { firstName: string; lastName: string };
  signatureRequestId?: string;
}

/**
 * A signature request as the create call takes it, with test defaults: a title, one page of the
 * sample PDF, and `signatures` where a plain string is an account signer's e-mail. It is sent
 * (OPEN) unless `status` says DRAFT.
 */
export type RequestSpec = Partial<
  Omit<z.input<typeof CreateSignatureRequestBody>, 'signatures' | 'documents'>
> & {
  documents?: Array<{ title: string; content: Buffer } | { id: string }>;
  signatures?: Array<string | z.input<typeof SignatureInput>>;
  status?: 'DRAFT' | 'OPEN';
};

/**
 * A visitor's slot (no account) for `RequestSpec.signatures`: who they are, with more of their
 * identity (mobile, language) in `identity`.
 */
export function visitorSignature(
  email: string,
  firstName: string,
  lastName: string,
  identity: Omit<z.input<typeof SignerIdentityData>, 'email_address' | 'first_name' | 'last_name'> = {},
): z.input<typeof SignatureInput> {
  return {
    signer_identity_data: { email_address: email, first_name: firstName, last_name: lastName, ...identity },
  };
}

interface Factories {
  /** A call under /api as `as`; a payload is sent as JSON. */
  call(
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    as?: Caller,
    payload?: unknown,
  ): Promise<LightMyRequestResponse>;
  /** A multipart/form-data POST under /api as `as` (documents, attachments). */
  upload(url: string, as: Caller, parts: Parameters<typeof multipart>[0]): Promise<LightMyRequestResponse>;
  /** An address nobody else in this app has: `${prefix}${n}@example.ch`. */
  email(prefix?: string): string;
  /** Signs a new account up through the public calls (confirmation mail included). */
  user(person?: Person): Promise<TestUser>;
  /** A new session of `user` (POST /v1/login): the same person with another token. */
  login(user: TestUser): Promise<TestUser>;
  /** A business that `admin` creates (and so administers), its terms accepted. */
  business(admin: TestUser, fields?: Partial<z.input<typeof CreateBusinessBody>>): Promise<TestBusiness>;
  /** Brings `person` in as people join: the admin invites their address, they accept the mailed link. */
  member(
    business: { id: string; admin: TestUser },
    person: TestUser,
    role?: 'member' | 'admin',
  ): Promise<void>;
  /** A new business of two new people: its admin and a member. */
  team(): Promise<{ admin: TestUser; member: TestUser; business: TestBusiness }>;
  /** A request of `owner`, created and (unless a draft) sent. */
  request(owner: TestUser, spec?: RequestSpec): Promise<SignatureRequest>;
  /** `owner` sends (initiates) their draft; the request as it is then. */
  send(draft: { id: string }, owner: TestUser): Promise<SignatureRequest>;
  /**
   * `who` identifies for `legislation` through the real sandbox provider over HTTP: starts the
   * identification (the direct call for a visitor's link), opens the provider's page and ends it
   * there as `outcome` says, with the name the document shows (the person's own by default); the
   * state afterwards, as the status call gives it. Needs `listen: true`.
   */
  identify(
    who: TestUser | { sid: string; headers: Record<string, string> },
    legislation: Legislation,
    options?: IdentifyOptions,
  ): Promise<IdentificationState>;
  /** A new account identified for `legislation` (QES available) through the sandbox provider. */
  identifiedUser(legislation: Legislation, person?: Person): Promise<TestUser>;
  /** `signer` signs the request: an account through /v3/sign, a visitor's link through /v3/direct/sign. */
  sign(
    request: { id: string },
    signer: TestUser | { sid: string; headers: Record<string, string> },
    body?: Partial<z.input<typeof SignBody>>,
  ): Promise<z.infer<typeof SignResult>>;
}

export type FactoryApp = TestApp & Factories;

/** Throws with the answer's body when a set-up call did not get the status it needs. */
function expectStatus(response: LightMyRequestResponse, status: number, what: string): void {
  if (response.statusCode !== status) throw new Error(`${what}: ${response.statusCode} ${response.body}`);
}

function headersOf(as: Caller): Record<string, string> {
  if (!as) return {};
  return 'headers' in as && typeof as.headers === 'object' ? as.headers : (as as Record<string, string>);
}

/**
 * What a person does on the sandbox provider's page: opens it, then confirms the document (as it
 * reads, or with another name), makes the check fail, or abandons it. The page sends them back to
 * Signet (303).
 */
export async function finishAtProvider(
  pageUrl: string,
  outcome: 'success' | 'failure' | 'abandoned',
  documentName?: { firstName: string; lastName: string },
): Promise<Response> {
  const page = await fetch(pageUrl);
  if (page.status !== 200) throw new Error(`provider page: ${page.status}`);
  const html = await page.text();
  const entities: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'" };
  const field = (name: string) =>
    new RegExp(`name="${name}"[^>]*? value="([^"]*)"`)
      .exec(html)?.[1]
      ?.replace(/&(amp|lt|gt|quot|#39);/g, (_, entity: string) => entities[entity]!);
  const form = new URLSearchParams({ outcome });
  if (outcome === 'success') {
    form.set('firstName', documentName?.firstName ?? field('firstName') ?? '');
    form.set('lastName', documentName?.lastName ?? field('lastName') ?? '');
    form.set('birthDate', field('birthDate') ?? '');
    form.set('documentType', 'identity-card');
  }
  const done = await fetch(pageUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: form.toString(),
    redirect: 'manual',
  });
  if (done.status !== 303) throw new Error(`provider page answered ${done.status}: ${await done.text()}`);
  return done;
}

/** The factories of one running test app. */
export function withFactories(t: TestApp): FactoryApp {
  const counters = new Map<string, number>();

  const call: Factories['call'] = (method, url, as, payload) =>
    t.app.inject({
      method,
      url: `/api${url}`,
      headers: headersOf(as),
      ...(payload === undefined ? {} : { payload: payload as object }),
    });

  const upload: Factories['upload'] = (url, as, parts) => {
    const body = multipart(parts);
    return t.app.inject({
      method: 'POST',
      url: `/api${url}`,
      headers: { ...headersOf(as), ...body.headers },
      payload: body.payload,
    });
  };

  const email: Factories['email'] = (prefix = 'person') => {
    const n = (counters.get(prefix) ?? 0) + 1;
    counters.set(prefix, n);
    return `${prefix}${n}@example.ch`;
  };

  const user: Factories['user'] = async (person = {}) => {
    const address = (person.email ?? email()).toLowerCase();
    const password = person.password ?? strongPassword;
    const firstName = person.firstName ?? 'Ada';
    const lastName = person.lastName ?? 'Muster';
    const requested = await call('POST', '/v1/request-confirmation', null, {
      email: person.email ?? address,
      lang: person.lang ?? 'en-gb',
    });
    expectStatus(requested, 204, 'request-confirmation');
    const link = await linkFromMail(t, address, '/signup/confirm');
    const registered = await call('POST', '/v1/register', null, {
      token: link.searchParams.get('token'),
      firstName,
      lastName,
      password,
      gtc: true,
      ...(person.mobile ? { mobile: person.mobile } : {}),
    });
    expectStatus(registered, 201, 'register');
    const token = json<{ value: string }>(registered).value;
    const headers = bearer(token) as { authorization: string };
    const { id } = json<User>(await call('GET', '/v1/user', { headers }));
    return { id, email: address, password, firstName, lastName, token, headers };
  };

  const login: Factories['login'] = async (person) => {
    const response = await call('POST', '/v1/login', null, {
      email: person.email,
      password: person.password,
    });
    expectStatus(response, 200, 'login');
    const token = json<{ value: string }>(response).value;
    return { ...person, token, headers: bearer(token) as { authorization: string } };
  };

  const business: Factories['business'] = async (admin, fields = {}) => {
    const created = await call('POST', '/v2/businesses', admin, {
      name: 'Acme AG',
      email: 'info@acme.ch',
      gtc: true,
      ...fields,
    });
    expectStatus(created, 201, 'create business');
    return { ...json<UserBusiness>(created), admin };
  };

  const member: Factories['member'] = async (business, person, role = 'member') => {
    const invited = await call('POST', `/v1/businesses/${business.id}/members`, business.admin, {
      users: [{ email: person.email, role }],
    });
    expectStatus(invited, 200, 'invite');
    const secret = (await linkFromMail(t, person.email, '/invite/')).pathname.split('/').pop();
    expectStatus(await call('POST', `/v1/business-invitations/${secret}/accept`, person), 200, 'accept');
  };

  const team: Factories['team'] = async () => {
    const [admin, teamMember] = [await user(), await user()];
    const created = await business(admin);
    await member(created, teamMember);
    return { admin, member: teamMember, business: created };
  };

  const request: Factories['request'] = async (owner, spec = {}) => {
    const { status = 'OPEN', title = 'Request', documents, signatures = [], ...fields } = spec;
    const created = await call('POST', '/v3/signature-requests', owner, {
      title,
      documents: (documents ?? [{ title: 'document', content: samplePdf }]).map((document) =>
        'content' in document ? { ...document, content: document.content.toString('base64') } : document,
      ),
      signatures: signatures.map((entry) => (typeof entry === 'string' ? { account_email: entry } : entry)),
      ...fields,
    });
    expectStatus(created, 201, 'create request');
    const draft = json<SignatureRequest>(created);
    return status === 'DRAFT' ? draft : send(draft, owner);
  };

  const send: Factories['send'] = async (draft, owner) => {
    const sent = await call('POST', `/v3/signature-requests/${draft.id}/initiate`, owner);
    expectStatus(sent, 200, 'initiate');
    return json<SignatureRequest>(sent);
  };

  const sign: Factories['sign'] = async (signed, signer, body = {}) => {
    const url = 'token' in signer ? '/v3/sign' : '/v3/direct/sign';
    const response = await call('POST', url, signer, { signatureRequests: [{ id: signed.id }], ...body });
    expectStatus(response, 200, 'sign');
    return json(response);
  };

  const identify: Factories['identify'] = async (who, legislation, options = {}) => {
    const kind = options.kind ?? (legislation === 'eidas' ? 'self' : 'auto');
    const offer = offerFor(legislation, kind);
    if (!offer) throw new Error(`no ${kind} identification for ${legislation}`);
    const base = `/v1${'token' in who ? '' : '/direct'}/user/identification`;
    const started = await call('POST', `${base}/${offer.provider}/${offer.method}`, who, {
      ...(options.signatureRequestId ? { signatureRequestId: options.signatureRequestId } : {}),
    });
    expectStatus(started, 200, 'start identification');
    const state = json<IdentificationState>(started);
    await finishAtProvider(state.url!, options.outcome ?? 'success', options.documentName);
    const after = await call('GET', `${base}/status/${state.id}`, who);
    expectStatus(after, 200, 'identification status');
    return json<IdentificationState>(after);
  };

  const identifiedUser: Factories['identifiedUser'] = async (legislation, person) => {
    const identified = await user(person);
    const state = await identify(identified, legislation);
    if (state.status !== 'activatingQES') throw new Error(`identification: ${JSON.stringify(state)}`);
    return identified;
  };

  return {
    ...t,
    call,
    upload,
    email,
    user,
    login,
    business,
    member,
    team,
    request,
    send,
    sign,
    identify,
    identifiedUser,
  };
}

/**
 * The link a signature handed to the visitor `email` (answered by `handed`) gives them: for slot
 * `sid`, in their own mail only (the answer does not show its secret), and it opens the request.
 */
export async function expectHandedLink(
  t: FactoryApp,
  handed: LightMyRequestResponse,
  email: string,
  request: { id: string },
  sid: string,
): Promise<VisitorLink> {
  const link = await visitorLink(t, email, request.id);
  expect(link.sid).toBe(sid);
  expect(handed.body).not.toContain(link.secret);
  expect((await t.call('GET', `/v3/direct/signature-requests/${request.id}`, link.headers)).statusCode).toBe(
    200,
  );
  return link;
}

/**
 * The app with its factories for one describe block: built before its first test and closed after
 * its last. `users` are signed up before the first test too; their objects (like the app's own
 * fields) are filled in then, so read them inside tests and hooks only.
 */
export function useTestApp<Name extends string = never>(
  kind: 'pglite' | 'postgres',
  options: TestAppOptions & { users?: Record<Name, Person> } = {},
): FactoryApp & { users: Record<Name, TestUser> } {
  const { users: people = {} as Record<Name, Person>, ...appOptions } = options;
  const users = Object.fromEntries(Object.keys(people).map((name) => [name, {}])) as Record<Name, TestUser>;
  const handle = { users } as FactoryApp & { users: Record<Name, TestUser> };
  let running: TestApp | undefined;
  beforeAll(async () => {
    running = await createTestApp(kind, appOptions);
    Object.assign(handle, withFactories(running));
    for (const name of Object.keys(people) as Name[])
      Object.assign(users[name], await handle.user(people[name]));
  });
  afterAll(() => running?.close());
  return handle;
}
