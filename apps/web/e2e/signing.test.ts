import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { after, afterEach, before, test } from 'node:test';
import type { Page } from 'playwright-core';
import type { SignatureRequest } from '@signet/contracts/signature-requests';
import {
  corpusPdf,
  createRequest,
  createUser,
  identify,
  type TestAccount,
  testPassword,
} from './factories.ts';
import {
  api,
  baseUrl,
  cspViolations,
  loginThroughUi,
  mailedLink,
  mailedVisitorLinks,
  newContext,
  uniqueEmail,
  usePages,
} from './support.ts';
import { seriousViolations } from './axe.ts';
import { downloadFromMenu } from './signing-flow.ts';

// Issue 6 items 4 and 5: view and sign (/view/{srid}) and direct sign (/view/{id}/{userid}) in the
// browser against the real server and its sandbox trust services (QTSP, SMS and mail outboxes).

const shots = join(import.meta.dirname, 'screenshots');
mkdirSync(shots, { recursive: true });
const pdf = corpusPdf();

const pages = usePages();
const { browser, contexts } = pages;
let owner: TestAccount;
let bea: TestAccount;
let lastPage: Page | null = null;

/** Creates and sends a request of the owner through the API. */
function openRequest(body: Record<string, unknown>): Promise<SignatureRequest> {
  return createRequest(owner.token, {
    title: 'Service agreement',
    documents: [{ title: 'Agreement', content: pdf }],
    ...body,
  });
}

const field = (y: number) => [{ position: { page: 1, x: 60, y } }];

/** A page signed in as `token` (usePages), kept for the screenshot after the test. */
async function pageAs(token: string | null, width = 1280): Promise<Page> {
  lastPage = await pages.pageAs(token, width);
  return lastPage;
}

/**
 * A new request of the owner with Bea as its signer, opened as `viewer` (usePages), who clicks `button`
 * there: the request, the page and the dialog the button opens.
 */
async function dialogOnNewRequest(viewer: TestAccount, button: string) {
  const request = await openRequest({ signatures: [{ account_email: bea.email }] });
  const page = await pageAs(viewer.token);
  await page.goto(`/view/${request.id}`);
  await page.getByRole('button', { name: button }).click();
  return { request, page, dialog: page.getByRole('dialog') };
}

/** The visible page at 1280 px and at 390 px (phone), then back. */
async function shoot(page: Page, name: string): Promise<void> {
  const size = page.viewportSize() ?? { width: 1280, height: 900 };
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await page.waitForTimeout(250);
    await page.screenshot({ path: join(shots, `signing-${name}-${width}.png`) });
    // Nothing may stick out sideways at either width.
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    assert.ok(overflow <= 0, `${name} at ${width}px overflows by ${overflow}px`);
  }
  await page.setViewportSize(size);
  // The page, dialog or overlay shown must be usable with assistive technology.
  assert.deepEqual(await seriousViolations(page), [], `axe on ${name}`);
}

const overlayTitle = (page: Page) => page.locator('#signet-overlay-title');

async function expectOverlay(page: Page, title: string): Promise<void> {
  await overlayTitle(page).filter({ hasText: title }).waitFor({ timeout: 30_000 });
}

async function latestCode(mobile: string): Promise<string> {
  const response = await fetch(`${baseUrl}/sandbox/sms.json?to=${encodeURIComponent(mobile)}`);
  const { messages } = (await response.json()) as { messages: Array<{ text: string }> };
  const code = /\b(\d{6})\b/.exec(messages[0]?.text ?? '')?.[1];
  assert.ok(code, `an SMS code to ${mobile}`);
  return code;
}

async function mailsTo(to: string): Promise<Array<{ subject: string; text: string }>> {
  const response = await fetch(`${baseUrl}/sandbox/mail.json?to=${encodeURIComponent(to)}`);
  return (await response.json()) as Array<{ subject: string; text: string }>;
}

async function waitForMail(to: string, subject: RegExp, text: string): Promise<void> {
  for (let i = 0; i < 100; i++) {
    if ((await mailsTo(to)).some((mail) => subject.test(mail.subject) && mail.text.includes(text))) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  assert.fail(`no mail to ${to} with subject ${subject} and text "${text}"`);
}

async function faults(body: Record<string, unknown> | null): Promise<void> {
  const response = await fetch(`${baseUrl}/sandbox/control/faults`, {
    method: body ? 'POST' : 'DELETE',
    headers: body ? { 'content-type': 'application/json' } : {},
    body: body ? JSON.stringify(body) : undefined,
  });
  assert.equal(response.status, 200);
}

before(async () => {
  owner = await createUser('Olivia', 'Owner');
  bea = await createUser('Bea', 'Signer');
});
afterEach(async (t) => {
  // What the browser showed at the end of each test, for a look when one fails.
  const name = t.name.slice(0, 40).replace(/[^a-z0-9]+/gi, '-');
  await lastPage?.screenshot({ path: join(shots, `signing-end-${name}.png`) }).catch(() => undefined);
  lastPage = null;
});
after(async () => {
  await faults(null).catch(() => undefined);
});

test('an account signer signs AES on /view/{srid}, sees success, and downloads a valid signed PDF', async () => {
  const request = await openRequest({
    quality: 'aes',
    signatures: [{ account_email: bea.email, visual_signatures: field(60) }],
  });
  const context = await newContext(browser());
  contexts.push(context);
  const page = await context.newPage();
  lastPage = page;
  await page.goto(`/view/${request.id}`);
  await page.waitForURL((url) => url.pathname === '/login');
  await loginThroughUi(page, bea.email, testPassword, `/view/${request.id}`);

  await page.getByRole('heading', { name: 'Service agreement' }).waitFor();
  await page.getByText('Please read the document, then sign it.').waitFor();
  // The page is rendered by the API and the signer's own field is highlighted on it.
  await page.locator('figure[data-page="1"] img').waitFor();
  await page.getByTestId('my-signature-field').waitFor();
  await page.getByText('Bea Signer (you)').waitFor();
  await page.getByText('Sent to the signers').waitFor();
  await shoot(page, 'view');

  const sign = page.getByRole('button', { name: 'Sign', exact: true });
  const started = performance.now();
  await sign.click();
  await expectOverlay(page, 'Signed');
  console.log(`BENCH click-to-success-ms ${Math.round(performance.now() - started)}`);
  await shoot(page, 'overlay-signing-success');

  await page.getByRole('button', { name: 'Back to the document' }).click();
  await page.getByTestId('request-status').filter({ hasText: 'Signed' }).waitFor();
  await page.getByText('Everybody has signed.').waitFor();

  const signed = await downloadFromMenu(page, 'Signed PDF: Agreement');
  const report = execFileSync('pdfsig', [signed], { encoding: 'utf8' });
  assert.equal(report.match(/Signature is Valid/g)?.length, 1, report);

  // ZIP and report downloads come from the same menu.
  await page.getByRole('button', { name: 'Download' }).click();
  const zipping = page.waitForEvent('download');
  await page.getByRole('menuitem', { name: 'All files (ZIP)' }).click();
  assert.match((await zipping).suggestedFilename(), /\.zip$/);
});

test('a visitor signs QES in Italian from the mailed link, a wrong TAN shows TAN invalid, then the exit countdown leaves for the exit URL', async () => {
  const visitor = uniqueEmail('visitor');
  const mobile = `+4179${String(Date.now()).slice(-7)}`;
  const request = await openRequest({
    quality: 'qes',
    exit_url: `${baseUrl}/bye`,
    redirect_timeout: 10,
    signatures: [
      {
        signer_identity_data: {
          email_address: visitor,
          first_name: 'Vera',
          last_name: 'Visitatrice',
          mobile_number: mobile,
          language: 'it',
        },
        visual_signatures: field(220),
      },
    ],
  });
  const link = await mailedLink(visitor, `/view/${request.id}/`);
  // Identified beforehand (QES needs it; the identification journey is a test of its own).
  await identify({ basic: (await mailedVisitorLinks(visitor, request.id)).basic }, 'zertes');
  const page = await pageAs(null);
  await page.goto(link);
  await page.getByRole('heading', { name: 'Service agreement' }).waitFor();
  // The visitor's language is Italian (offered in direct sign only).
  const sign = page.getByRole('button', { name: 'Firma', exact: true });
  await sign.waitFor();
  await page.getByTestId('my-signature-field').waitFor();
  await shoot(page, 'direct-view');

  await sign.click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('heading', { name: 'Inserisca il codice' }).waitFor({ timeout: 30_000 });
  await shoot(page, 'dialog-tan-entry');
  const code = await latestCode(mobile);
  const wrong = code === '000000' ? '111111' : '000000';
  await dialog.getByLabel('Codice ricevuto via SMS').fill(wrong);
  await dialog.getByRole('button', { name: 'Firma', exact: true }).click();
  await expectOverlay(page, 'Codice errato');
  await page.getByText('Tentativi rimasti: 2.').waitFor();
  await shoot(page, 'overlay-tan-invalid');

  await page.getByRole('button', { name: 'Inserisci di nuovo il codice' }).click();
  await dialog.getByLabel('Codice ricevuto via SMS').fill(code);
  await dialog.getByRole('button', { name: 'Firma', exact: true }).click();
  await expectOverlay(page, 'Firmato');
  const countdown = page.getByTestId('exit-countdown');
  await countdown.waitFor();
  const first = await countdown.textContent();
  assert.match(first ?? '', /tra (10|9) s/);
  await page.waitForTimeout(2100);
  const later = /tra (\d+) s/.exec((await countdown.textContent()) ?? '')?.[1];
  assert.ok(later && Number(later) <= 8 && Number(later) >= 6, `ticks each second: ${later}`);
  await shoot(page, 'overlay-signing-success-exit');
  await page.waitForURL((url) => url.pathname === '/bye', { timeout: 15_000 });

  const done = await api<SignatureRequest>(`/v3/signature-requests/${request.id}`, { token: owner.token });
  assert.equal(done.body.status_overall, 'SIGNED');
});

test('a signer declines with a message and the owner withdraws another request; both are mailed', async () => {
  const { page, dialog } = await dialogOnNewRequest(bea, 'Decline');
  await dialog.getByLabel('Reason (optional)').fill('The fee in clause 4 is wrong.');
  await dialog.getByRole('button', { name: 'Decline' }).click();
  await page.getByTestId('request-status').filter({ hasText: 'Declined' }).waitFor();
  await page.getByText('“The fee in clause 4 is wrong.”').waitFor();
  await waitForMail(owner.email, /declined to sign "Service agreement"/, 'The fee in clause 4 is wrong.');

  const { page: ownerPage, dialog: withdrawDialog } = await dialogOnNewRequest(owner, 'Withdraw');
  await withdrawDialog.getByLabel('Message to the signers (optional)').fill('Replaced by a new version.');
  await shoot(ownerPage, 'dialog-withdraw');
  await withdrawDialog.getByRole('button', { name: 'Withdraw' }).click();
  await ownerPage.getByTestId('request-status').filter({ hasText: 'Withdrawn' }).waitFor();
  await waitForMail(bea.email, /"Service agreement" was withdrawn/, 'Replaced by a new version.');
});

test('the owner adds an observer and a signer, and removes the signer', async () => {
  const { request, page, dialog } = await dialogOnNewRequest(owner, 'Add observer');
  await dialog.getByRole('button', { name: 'Add observer' }).click();
  await dialog.getByText('This field is required').waitFor();
  const observer = uniqueEmail('observer');
  await dialog.getByLabel('E-mail address').fill(observer);
  await shoot(page, 'dialog-add-observer');
  await dialog.getByRole('button', { name: 'Add observer' }).click();
  await page.getByText(observer).waitFor();

  await page.getByRole('button', { name: 'Add signer' }).click();
  await dialog.getByLabel('Person without account').check();
  const extra = uniqueEmail('extra');
  await dialog.getByLabel('E-mail address').fill(extra);
  await dialog.getByLabel('First name').fill('Eli');
  await dialog.getByLabel('Last name').fill('Extra');
  await shoot(page, 'dialog-add-signer');
  await dialog.getByRole('button', { name: 'Add and invite' }).click();
  await page.getByText('Eli Extra').waitFor();
  await mailedLink(extra, `/view/${request.id}/`);

  await page.getByRole('button', { name: 'Remove Eli Extra' }).click();
  await shoot(page, 'dialog-remove-signer');
  await dialog.getByRole('button', { name: 'Remove' }).click();
  await page.getByText('Eli Extra').first().waitFor({ state: 'detached' });
  await page.getByText('Signer removed').waitFor();
});

test('overlays from real API answers: progress, failure, mobile AES, terms, signing locked, TAN locked and expired, Part 11, exhausted', async () => {
  // Progress (slow trust services) and failure (the timestamp authority is down).
  const aes = await openRequest({ quality: 'aes', signatures: [{ account_email: bea.email }] });
  const page = await pageAs(bea.token);
  await page.goto(`/view/${aes.id}`);
  await faults({ tsaDown: true });
  await page.getByRole('button', { name: 'Sign', exact: true }).click();
  await expectOverlay(page, 'Signing failed');
  await page.getByText('The timestamp or revocation service is not available').waitFor();
  await shoot(page, 'overlay-signing-failure');
  await faults({ tsaDown: false, slowMs: 4000 });
  await page.getByRole('button', { name: 'Try again' }).click();
  await expectOverlay(page, 'Signing');
  await page.getByRole('status').filter({ hasText: 'This takes a few seconds' }).waitFor();
  await shoot(page, 'overlay-signing');
  await expectOverlay(page, 'Signed');
  await faults(null);
  await page.getByRole('button', { name: 'Back to the document' }).click();

  // QES without a mobile number (mobile AES), the terms of use first; another signer holds the lock.
  const holderMobile = `+4178${String(Date.now()).slice(-7)}`;
  const qes = await openRequest({
    quality: 'qes',
    signatures: [
      { account_email: bea.email },
      {
        signer_identity_data: {
          email_address: uniqueEmail('holder'),
          first_name: 'Hold',
          last_name: 'Er',
          mobile_number: holderMobile,
        },
      },
    ],
  });
  const holder = qes.signatures.find((s) => s.signer_type === 'visitor')!;
  const { basic } = await mailedVisitorLinks(holder.email, qes.id);
  // Both are identified beforehand: QES needs it (the identification journey is a test of its own).
  await identify({ basic }, 'zertes');
  await identify(bea, 'zertes');
  const holding = await fetch(`${baseUrl}/api/v3/direct/sign`, {
    method: 'POST',
    headers: { authorization: basic, 'content-type': 'application/json' },
    body: JSON.stringify({ signatureRequests: [{ id: qes.id }] }),
  });
  const { responseId: holderResponse } = (await holding.json()) as { responseId: string };
  assert.ok(holderResponse);

  await page.goto(`/view/${qes.id}`);
  await page.getByRole('button', { name: 'Sign', exact: true }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('heading', { name: 'Terms of use' }).waitFor();
  await shoot(page, 'dialog-terms-of-use');
  await dialog.getByLabel('I accept the terms of use of the trust service provider').check();
  await dialog.getByRole('button', { name: 'Accept and continue' }).click();
  await expectOverlay(page, 'Mobile number needed');
  await page.getByRole('button', { name: 'Save and sign' }).click();
  await page.getByText('This field is required').waitFor();
  await page.getByRole('textbox', { name: 'Mobile number' }).fill('call me');
  await page.getByRole('button', { name: 'Save and sign' }).click();
  await page.getByText('Invalid format').waitFor();
  await shoot(page, 'overlay-mobile-aes');
  const beaMobile = `+4177${String(Date.now()).slice(-7)}`;
  await page.getByRole('textbox', { name: 'Mobile number' }).fill(beaMobile);
  await page.getByRole('button', { name: 'Save and sign' }).click();
  await expectOverlay(page, 'Someone else is signing');
  await page.getByRole('button', { name: /Try again in \d+ s/ }).waitFor();
  await shoot(page, 'overlay-signing-locked');

  // The holder gives up; Bea tries again once the wait is over and gets her code.
  const cancelled = await fetch(`${baseUrl}/api/v1/direct/tan/cancel`, {
    method: 'POST',
    headers: { authorization: basic, 'content-type': 'application/json' },
    body: JSON.stringify({ responseId: holderResponse }),
  });
  assert.equal(cancelled.status, 204);
  // The overlay sees the lock end (lock-status) long before the holder's Retry-After.
  await page.getByRole('button', { name: 'Try again', exact: true }).click({ timeout: 15_000 });
  await dialog.getByRole('heading', { name: 'Enter the code' }).waitFor({ timeout: 30_000 });
  await dialog.getByRole('button', { name: 'Send a new code' }).click();
  await dialog.getByText('A new code is on its way.').waitFor();
  const code = await latestCode(beaMobile);
  const wrongCodes = ['000001', '000002', '000003', '000004'].filter((c) => c !== code).slice(0, 3);
  for (const [index, wrong] of wrongCodes.entries()) {
    await dialog.getByLabel('Code from the SMS').fill(wrong);
    await dialog.getByRole('button', { name: 'Sign', exact: true }).click();
    if (index < 2) {
      await expectOverlay(page, 'Wrong code');
      await page.getByRole('button', { name: 'Enter the code again' }).click();
    }
  }
  await expectOverlay(page, 'Signing locked');
  await shoot(page, 'overlay-tan-locked');

  // Start again; the code expires (the sandbox QTSP's clock jumps six minutes) before it is entered.
  await page.getByRole('button', { name: 'Start again' }).click();
  await dialog.getByRole('heading', { name: 'Enter the code' }).waitFor({ timeout: 30_000 });
  await fetch(`${baseUrl}/sandbox/control/clock`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ offsetMs: 6 * 60_000 }),
  });
  try {
    await dialog.getByLabel('Code from the SMS').fill(await latestCode(beaMobile));
    await dialog.getByRole('button', { name: 'Sign', exact: true }).click();
    await expectOverlay(page, 'The code has expired');
  } finally {
    await fetch(`${baseUrl}/sandbox/control/clock`, { method: 'DELETE' });
  }
  await shoot(page, 'overlay-tan-expired');
  await page.getByRole('button', { name: 'Send a new code' }).click();
  await dialog.getByRole('heading', { name: 'Enter the code' }).waitFor({ timeout: 30_000 });
  await dialog.getByLabel('Code from the SMS').fill(await latestCode(beaMobile));
  await dialog.getByRole('button', { name: 'Sign', exact: true }).click();
  await expectOverlay(page, 'Signed');
  await page.getByRole('button', { name: 'Back to the document' }).click();

  // Part 11: name, reason and the password again.
  const part11 = await openRequest({
    quality: 'part11',
    signatures: [{ account_email: bea.email, visual_signatures: field(400) }],
  });
  await page.goto(`/view/${part11.id}`);
  await page.getByRole('button', { name: 'Sign', exact: true }).click();
  await expectOverlay(page, 'Part 11 verification');
  await page.getByLabel('Signing name').fill('Dr. Bea Signer');
  await page.getByLabel('Reason for signing').fill('Approved as author');
  await page.getByLabel('Password').fill('Not-the-password-1');
  await shoot(page, 'overlay-part11-verification');
  await page.getByRole('button', { name: 'Sign', exact: true }).click();
  await page.getByText('The password is wrong.').waitFor();
  await page.getByLabel('Signing name').fill('Dr. Bea Signer');
  await page.getByLabel('Reason for signing').fill('Approved as author');
  await page.getByLabel('Password').fill(testPassword);
  await page.getByRole('button', { name: 'Sign', exact: true }).click();
  await expectOverlay(page, 'Signed');

  // A free account that used its five free signatures.
  const carl = await createUser('Carl', 'Credit');
  for (let i = 0; i < 5; i++) {
    const spent = await openRequest({ quality: 'ses', signatures: [{ account_email: carl.email }] });
    const signed = await api('/v3/sign', {
      method: 'POST',
      token: carl.token,
      body: { signatureRequests: [{ id: spent.id }] },
    });
    assert.equal(signed.status, 200, JSON.stringify(signed.body));
  }
  const sixth = await openRequest({ quality: 'ses', signatures: [{ account_email: carl.email }] });
  const carlPage = await pageAs(carl.token);
  await carlPage.goto(`/view/${sixth.id}`);
  await carlPage.getByRole('button', { name: 'Sign', exact: true }).click();
  await expectOverlay(carlPage, 'No free signatures left');
  await carlPage.getByRole('link', { name: 'See plans' }).waitFor();
  await shoot(carlPage, 'overlay-exhausted-signatures');
});

test('serial-number mismatch overlay (the sandbox QTSP cannot produce this answer, so it is stubbed)', async () => {
  const request = await openRequest({ quality: 'aes', signatures: [{ account_email: bea.email }] });
  const page = await pageAs(bea.token, 390);
  await page.route('**/api/v3/sign', (route) =>
    route.fulfill({
      status: 409,
      contentType: 'application/json',
      body: JSON.stringify({
        statusCode: 409,
        code: 'SERIAL_NUMBER_MISMATCH',
        message: 'Your identity does not match the identification on record.',
      }),
    }),
  );
  await page.goto(`/view/${request.id}`);
  await page.getByRole('button', { name: 'Sign', exact: true }).click();
  await expectOverlay(page, 'Identity does not match');
  await shoot(page, 'overlay-serial-number-mismatch');
  await page.getByRole('button', { name: 'Close' }).click();
  await overlayTitle(page).waitFor({ state: 'detached' });
});

test('no signing page broke the Content-Security-Policy (scripts, Emotion styles, page images, downloads)', () => {
  assert.deepEqual(contexts.flatMap(cspViolations), []);
});
