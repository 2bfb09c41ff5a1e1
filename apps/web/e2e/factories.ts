import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import type { Legislation } from '@signet/contracts/common';
import {
  offerFor,
  type IdentificationKind,
  type IdentificationState,
} from '@signet/contracts/identification';
import type { SetupIntent } from '@signet/contracts/billing';
import type { SignatureRequest } from '@signet/contracts/signature-requests';
import { api, baseUrl, mailedLink, uniqueEmail } from './support.ts';

/**
 * Test data made through the API, as the API tests' factories make it: people, businesses and
 * requests, so that a browser test starts where its journey starts instead of clicking there.
 */

export const testPassword = 'Correct-Horse-42-battery';

/** A signed-up, confirmed account with the session token its registration gave. */
export interface TestAccount {
  email: string;
  password: string;
  token: string;
}

/** Creates a confirmed account through the API (signup, mailed token, register). */
export async function createUser(
  firstName = 'Ada',
  lastName = 'Lovelace',
  email = uniqueEmail(firstName.toLowerCase()),
): Promise<TestAccount> {
  const requested = await api('/v1/request-confirmation', { method: 'POST', body: { email, lang: 'en-gb' } });
  if (requested.status !== 204) throw new Error(`request-confirmation: ${requested.status}`);
  const link = await mailedLink(email, '/signup/confirm');
  const token = new URL(link).searchParams.get('token') ?? '';
  const registered = await api<{ value: string }>('/v1/register', {
    method: 'POST',
    body: { token, firstName, lastName, password: testPassword, gtc: true, lang: 'en-gb' },
  });
  if (registered.status !== 200 && registered.status !== 201)
    throw new Error(`register: ${registered.status} ${JSON.stringify(registered.body)}`);
  return { email, password: testPassword, token: registered.body.value };
}

/** Logs in through the API and returns the new session's token. */
export async function loginToken(email: string, password: string): Promise<string> {
  const login = await api<{ value: string }>('/v1/login', { method: 'POST', body: { email, password } });
  assert.equal(login.status, 200, JSON.stringify(login.body));
  return login.body.value;
}

/** A business that a new account creates, and so administers. */
export async function createBusiness(
  name: string,
  adminName: [string, string] = ['Ada', 'Admin'],
): Promise<{ id: string; admin: TestAccount }> {
  const admin = await createUser(...adminName);
  const created = await api<{ id: string }>('/v2/businesses', {
    method: 'POST',
    token: admin.token,
    body: { name, email: admin.email, gtc: true },
  });
  assert.equal(created.status, 201, JSON.stringify(created.body));
  return { id: created.body.id, admin };
}

/** The secret of the newest business invitation link mailed to `email`. */
export async function invitationSecret(email: string): Promise<string> {
  return new URL(await mailedLink(email, '/invite/')).pathname.split('/').pop()!;
}

/** The admin invites addresses to the business (an invitation mail each); nobody joins yet. */
export async function invite(
  business: { id: string; admin: TestAccount },
  emails: string[],
  role: 'member' | 'admin' = 'member',
): Promise<void> {
  const invited = await api(`/v1/businesses/${business.id}/members`, {
    method: 'POST',
    token: business.admin.token,
    body: { users: emails.map((email) => ({ email, role })) },
  });
  assert.equal(invited.status, 200, JSON.stringify(invited.body));
}

/**
 * Brings somebody into a business as people join one: the admin invites their address, and they
 * accept from the mailed link with their own account.
 */
export async function inviteAndAccept(
  business: { id: string; admin: TestAccount },
  person: TestAccount,
  role: 'member' | 'admin' = 'member',
): Promise<void> {
  await invite(business, [person.email], role);
  const secret = await invitationSecret(person.email);
  const accepted = await api(`/v1/business-invitations/${secret}/accept`, {
    method: 'POST',
    token: person.token,
  });
  assert.equal(accepted.status, 200, JSON.stringify(accepted.body));
}

/** A file of the shared PDF corpus, base64 as the create call takes documents. */
export function corpusPdf(name = 'basic-pdf15-libreoffice-writer.pdf'): string {
  return readFileSync(new URL(`../../../../shared/pdf-corpus/${name}`, import.meta.url)).toString('base64');
}

/**
 * A request of the account with `token`, as the create call takes it (`documents` default to one
 * page of the sample PDF under the request's title), and then sent unless `draft`.
 */
export async function createRequest(
  token: string,
  body: { title: string; documents?: Array<{ title: string; content: string }> } & Record<string, unknown>,
  options: { draft?: boolean } = {},
): Promise<SignatureRequest> {
  const created = await api<SignatureRequest>('/v3/signature-requests', {
    method: 'POST',
    token,
    body: { documents: [{ title: body.title, content: corpusPdf() }], ...body },
  });
  assert.equal(created.status, 201, JSON.stringify(created.body));
  if (options.draft) return created.body;
  const sent = await api<SignatureRequest>(`/v3/signature-requests/${created.body.id}/initiate`, {
    method: 'POST',
    token,
  });
  assert.equal(sent.status, 200, JSON.stringify(sent.body));
  return sent.body;
}

/** An account (its session token) or a direct-sign visitor (their Basic credentials). */
export type Identifiable = { token: string } | { basic: string };

/**
 * `who` identifies for `legislation` at the sandbox provider, over HTTP as the API tests'
 * factory does: starts it (the direct call for a visitor), opens the provider's page and ends it
 * as `outcome` says, with the name the page shows unless `documentName` replaces it. Answers the
 * identification's state from the status call. For journeys that begin with someone identified.
 */
export async function identify(
  who: Identifiable,
  legislation: Legislation,
  options: {
    kind?: IdentificationKind;
    outcome?: 'success' | 'failure' | 'abandoned';
    documentName?: { firstName: string; lastName: string };
    signatureRequestId?: string;
  } = {},
): Promise<IdentificationState> {
  const offer = offerFor(legislation, options.kind ?? (legislation === 'eidas' ? 'self' : 'auto'));
  assert.ok(offer, `no such identification for ${legislation}`);
  const visitor = 'basic' in who;
  const base = `${baseUrl}/api/v1${visitor ? '/direct' : ''}/user/identification`;
  const headers = {
    authorization: visitor ? who.basic : `Bearer ${who.token}`,
    'content-type': 'application/json',
  };
  const started = await fetch(`${base}/${offer.provider}/${offer.method}`, {
    method: 'POST',
    headers,
    body: JSON.stringify(
      options.signatureRequestId ? { signatureRequestId: options.signatureRequestId } : {},
    ),
  });
  const state = (await started.json()) as IdentificationState;
  assert.equal(started.status, 200, JSON.stringify(state));
  const html = await (await fetch(state.url!)).text();
  const shown = (name: string) => new RegExp(`name="${name}"[^>]*? value="([^"]*)"`).exec(html)?.[1] ?? '';
  const outcome = options.outcome ?? 'success';
  const form = new URLSearchParams({ outcome });
  if (outcome === 'success') {
    form.set('firstName', options.documentName?.firstName ?? shown('firstName'));
    form.set('lastName', options.documentName?.lastName ?? shown('lastName'));
    form.set('birthDate', shown('birthDate'));
    form.set('documentType', 'identity-card');
  }
  const done = await fetch(state.url!, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: form.toString(),
    redirect: 'manual',
  });
  assert.equal(done.status, 303, await done.text());
  const after = await fetch(`${base}/status/${state.id}`, { headers });
  return (await after.json()) as IdentificationState;
}

/**
 * The admin adds a card as the browser's payment form does: a setup intent, the card sent to the
 * payments provider with the publishable key (test card `pm_card_visa`), the intent finished (the
 * card becomes the default). Answers the finished setup intent.
 */
export async function addCard(
  business: { id: string; admin: TestAccount },
  paymentMethod = 'pm_card_visa',
): Promise<SetupIntent> {
  const token = business.admin.token;
  const base = `/v1/businesses/${business.id}/billing/setup-intent`;
  const started = await api<{ setupIntent: SetupIntent }>(base, {
    method: 'POST',
    token,
    body: { country: 'CH' },
  });
  assert.equal(started.status, 200, JSON.stringify(started.body));
  const intent = started.body.setupIntent;
  const confirmed = await fetch(`${intent.apiUrl}/v1/setup_intents/${intent.id}/confirm`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${intent.publishableKey}`,
      'content-type': 'application/x-www-form-urlencoded',
    },
    body: new URLSearchParams({
      client_secret: intent.clientSecret ?? '',
      payment_method: paymentMethod,
      return_url: `${baseUrl}/upgrade`,
    }),
  });
  assert.equal(confirmed.status, 200, await confirmed.text());
  const finished = await api<{ setupIntent: SetupIntent }>(`${base}/${intent.id}`, {
    method: 'POST',
    token,
    body: { country: 'CH' },
  });
  assert.equal(finished.body.setupIntent?.status, 'succeeded', JSON.stringify(finished.body));
  return finished.body.setupIntent;
}
