import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { test } from 'node:test';
import type { Page } from 'playwright-core';
import type { SignatureRequest } from '@signet/contracts/signature-requests';
import { corpusPdf, createRequest, createUser } from './factories.ts';
import {
  api,
  baseUrl,
  mailedLink,
  mailedVisitorLinks,
  settled,
  signedInPage,
  uniqueEmail,
  useBrowser,
} from './support.ts';
import { assertNear, dragBy, placedPoints, widgetRects } from './signing-flow.ts';
import { seriousViolations } from './axe.ts';

const run = promisify(execFile);
const corpusFile = 'pdf13-indesign-us-constitution-19p.pdf';
const shots = join(import.meta.dirname, 'screenshots');
mkdirSync(shots, { recursive: true });

const browser = useBrowser();

function createDraft(token: string, title: string): Promise<SignatureRequest> {
  return createRequest(
    token,
    { title, documents: [{ title, content: corpusPdf(corpusFile) }] },
    { draft: true },
  );
}

/** Opens the signed-in owner's draft in the editor. */
async function openInEditor(page: Page, draftId: string): Promise<void> {
  await page.goto(`/upload?sr=${draftId}`);
  await settled(page);
}

/** Runs a test's steps; on failure keeps a screenshot of where it stopped. */
async function shootOnFailure(page: Page, name: string, steps: () => Promise<void>): Promise<void> {
  try {
    await steps();
  } catch (error) {
    await page
      .screenshot({ path: join(shots, `request-editor-failure-${name}.png`), fullPage: true })
      .catch(() => {});
    throw error;
  }
}

/** Pages wider than the window are cut off or scroll sideways: neither may happen. */
async function assertNoHorizontalOverflow(page: Page, what: string) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  assert.ok(overflow <= 1, `${what}: the page is ${overflow}px wider than the window`);
}

test('the owner places two signatures, sends, both sign, and the signed widgets are where the boxes were', async () => {
  const owner = await createUser('Olivia', 'Owner');
  const signer = await createUser('Bruno', 'Signer');
  const visitorEmail = uniqueEmail('vera');
  const ownerToken = owner.token;
  const draft = await createDraft(ownerToken, 'Constitution');
  const document = draft.documents[0]!;
  const pageWidth = (n: number) => document.pages.find((p) => p.number === n)!.width;

  const { context, page } = await signedInPage(browser(), owner, { width: 1280 });
  const pageRequests: string[] = [];
  page.on('request', (request) => {
    if (/\/documents\/[^/]+\/pages\/\d+/.test(request.url())) pageRequests.push(request.url());
  });
  await shootOnFailure(page, 'send', async () => {
    await openInEditor(page, draft.id);
    await page.getByRole('heading', { name: 'Prepare the request' }).waitFor();
    await page.getByTestId('page-image').first().waitFor();
    // Pages are loaded as they come near: not all 19 at once.
    assert.ok(
      pageRequests.length > 0 && pageRequests.length < 19,
      `${pageRequests.length} pages loaded at first`,
    );

    // Sending without signers says what to do.
    await page.getByRole('button', { name: 'Send', exact: true }).click();
    await page.getByText('Add at least one signer before sending.').waitFor();

    await page.getByLabel('Title').fill('Constitution, amended');
    await page.getByLabel('Message to the signers').fill('Please sign by Friday.');

    await page.getByRole('button', { name: 'Add signer', exact: true }).click();
    const first = page.getByRole('listitem', { name: 'Signer 1' });
    await first.getByLabel('E-mail address').fill(signer.email);
    await page.getByRole('button', { name: 'Add visitor', exact: true }).click();
    const second = page.getByRole('listitem', { name: 'Signer 2' });
    await second.getByRole('button', { name: 'Visitor without account' }).waitFor();
    await second.getByLabel('E-mail address').fill('not-an-address');
    await second.getByLabel('First name').fill('Vera');
    await second.getByLabel('Last name').fill('Visitor');
    await second.getByLabel('Mobile number').fill('+41 79 555 12 34');
    // Field rules are shown on the field.
    await page.getByRole('button', { name: 'Save draft' }).click();
    await second.getByText('Please enter a valid email').waitFor();
    await second.getByLabel('E-mail address').fill(visitorEmail);

    // The account signer's box on page 1, the visitor's on page 2.
    await page.getByRole('button', { name: 'Add signature to page 1', exact: true }).click();
    await page.getByRole('menuitem', { name: signer.email }).click();
    const boxOne = page.getByRole('group', { name: signer.email });
    await boxOne.waitFor();
    assertNear(
      await placedPoints(page, boxOne, pageWidth(1)),
      { x: 36, y: 792 - 36 - 140, width: 300, height: 140 },
      'new box',
    );
    await dragBy(page, boxOne.getByTestId('signature-box-body'), 120, -200);
    await dragBy(page, boxOne.getByTestId('signature-box-resize'), 40, 20);
    // Keyboard: two steps right, one step taller.
    await boxOne.getByTestId('signature-box-body').focus();
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('Shift+ArrowDown');

    const pageTwo = page.getByRole('figure', { name: 'Page 2 of Constitution', exact: true });
    await pageTwo.scrollIntoViewIfNeeded();
    await pageTwo.getByRole('button', { name: 'Add signature to page 2', exact: true }).click();
    await page.getByRole('menuitem', { name: 'Vera Visitor' }).click();
    const boxTwo = page.getByRole('group', { name: 'Vera Visitor' });
    await boxTwo.waitFor();
    await dragBy(page, boxTwo.getByTestId('signature-box-body'), 200, -300);
    await dragBy(page, boxTwo.getByTestId('signature-box-resize'), -60, -30);

    const expectedOne = await placedPoints(page, boxOne, pageWidth(1));
    const expectedTwo = await placedPoints(page, boxTwo, pageWidth(2));
    // The box moved and grew as dragged: 120 px right and 200 px up at this page's scale, then +10 pt by keys.
    assert.ok(expectedOne.x > 36 + 100 && expectedOne.y < 616 - 150, JSON.stringify(expectedOne));
    assert.ok(expectedOne.width > 300 && expectedOne.height > 140, JSON.stringify(expectedOne));
    assert.ok(expectedTwo.width < 300 && expectedTwo.height < 140, JSON.stringify(expectedTwo));
    await page.getByText('Unsaved changes').waitFor();

    assert.deepEqual(await seriousViolations(page), []);
    await boxOne.scrollIntoViewIfNeeded();
    await page.screenshot({ path: join(shots, 'request-editor-1280.png'), fullPage: false });
    await assertNoHorizontalOverflow(page, '1280 px');

    // Leaving with unsaved changes asks first; staying keeps everything.
    await page
      .getByRole('link', { name: /dashboard/i })
      .first()
      .click();
    const leaveDialog = page.getByRole('dialog', { name: 'Leave this page?' });
    await leaveDialog.waitFor();
    await leaveDialog.getByRole('button', { name: 'Stay' }).click();
    await leaveDialog.waitFor({ state: 'hidden' });
    assert.equal(new URL(page.url()).pathname, '/upload');

    await page.getByRole('button', { name: 'Send', exact: true }).click();
    await page.waitForURL((url) => url.pathname === `/view/${draft.id}`, { timeout: 30_000 });

    // The API stored exactly what was placed.
    const sent = await api<SignatureRequest>(`/v3/signature-requests/${draft.id}`, { token: ownerToken });
    assert.equal(sent.body.status_overall, 'OPEN');
    const [account, visitor] = sent.body.signatures;
    assert.equal(account!.email, signer.email);
    assert.equal(visitor!.email, visitorEmail);
    assert.equal(account!.visual_signatures[0]!.position.page, 1);
    assert.equal(visitor!.visual_signatures[0]!.position.page, 2);
    assertNear(account!.visual_signatures[0]!.position, expectedOne, 'stored box 1');
    assertNear(visitor!.visual_signatures[0]!.position, expectedTwo, 'stored box 2');

    // Invitations: the account holder to the request, the visitor to their own link.
    assert.ok((await mailedLink(signer.email, `/view/${draft.id}`)).endsWith(`/view/${draft.id}`));
    const visitorLinks = await mailedVisitorLinks(visitorEmail, draft.id);
    assert.equal(visitorLinks.sid, visitor!.sid);

    // Both sign through the API.
    const signed = await api<{ status: string }>('/v3/sign', {
      method: 'POST',
      token: signer.token,
      body: { signatureRequests: [{ id: draft.id }], language: 'en-gb' },
    });
    assert.equal(signed.status, 200, JSON.stringify(signed.body));
    const direct = await fetch(`${baseUrl}/api/v3/direct/sign`, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        Authorization: visitorLinks.basic,
      },
      body: JSON.stringify({ signatureRequests: [{ id: draft.id }], language: 'en-gb' }),
    });
    assert.equal(direct.status, 200, await direct.clone().text());
    assert.equal(((await direct.json()) as { status: string }).status, 'SUCCESS');

    const download = await fetch(`${baseUrl}/api/v3/documents/${document.id}/download`, {
      headers: { Authorization: `Bearer ${ownerToken}` },
    });
    assert.equal(download.status, 200);
    const pdf = new Uint8Array(await download.arrayBuffer());

    // pdfsig: two signatures whose cryptography holds.
    const dir = mkdtempSync(join(tmpdir(), 'signet-editor-pdfsig-'));
    try {
      writeFileSync(join(dir, 'signed.pdf'), pdf);
      const pdfsig = await run('pdfsig', [join(dir, 'signed.pdf')]).catch(
        (error: { stdout?: string; stderr?: string }) => ({
          stdout: error.stdout ?? '',
          stderr: error.stderr ?? '',
        }),
      );
      const valid = pdfsig.stdout.match(/Signature Validation: Signature is Valid\./g) ?? [];
      assert.equal(valid.length, 2, pdfsig.stdout);
      for (const sid of [account!.sid, visitor!.sid])
        assert.ok(pdfsig.stdout.includes(`Signature-${sid}`), sid);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }

    // The widgets are where the boxes were placed (qpdf's /Rect, with pdfinfo's page box).
    const rects = await widgetRects(pdf);
    assert.equal(rects.get(account!.sid)?.page, 1);
    assert.equal(rects.get(visitor!.sid)?.page, 2);
    assertNear(rects.get(account!.sid)!, expectedOne, 'signed widget 1');
    assertNear(rects.get(visitor!.sid)!, expectedTwo, 'signed widget 2');
  });
  await context.close();
});

test('the editor works at 390 px: boxes are placed and moved on a phone', async () => {
  const owner = await createUser('Pia', 'Phone');
  const ownerToken = owner.token;
  const draft = await createDraft(ownerToken, 'Phone contract');
  const document = draft.documents[0]!;
  const { context, page } = await signedInPage(browser(), owner, { width: 390 });
  await shootOnFailure(page, 'phone', async () => {
    await openInEditor(page, draft.id);
    // The requester asks any quality, even one they cannot sign with themselves: the signer needs it.
    await page.getByRole('combobox', { name: 'Signature quality' }).click();
    await page.getByRole('option', { name: 'Qualified electronic signature (QES)', exact: true }).click();
    assert.match(
      await page.getByRole('combobox', { name: 'Signature quality' }).innerText(),
      /Qualified electronic signature/,
    );
    assert.equal(await page.getByRole('dialog').count(), 0);

    await page.getByRole('button', { name: 'Add visitor', exact: true }).click();
    const card = page.getByRole('listitem', { name: 'Signer 1' });
    await card.getByLabel('E-mail address').fill(uniqueEmail('mobile'));
    await card.getByLabel('First name').fill('Maximilian-Alexander');
    await card.getByLabel('Last name').fill('Schönenberger-Dubois');
    await card.getByRole('button', { name: 'Place on page 1' }).click();
    const box = page.getByRole('group', { name: 'Maximilian-Alexander Schönenberger-Dubois' });
    await box.waitFor();
    await box.scrollIntoViewIfNeeded();
    await page.getByTestId('page-image').first().waitFor();
    await dragBy(page, box.getByTestId('signature-box-body'), 30, -60);
    const placed = await placedPoints(page, box, document.pages[0]!.width);
    await page.screenshot({ path: join(shots, 'request-editor-390.png'), fullPage: false });
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: join(shots, 'request-editor-390-form.png'), fullPage: false });
    await assertNoHorizontalOverflow(page, '390 px');

    await page.getByRole('button', { name: 'Save draft' }).click();
    await page.getByText('All changes saved').waitFor();
    const saved = await api<SignatureRequest>(`/v3/signature-requests/${draft.id}`, { token: ownerToken });
    assert.equal(saved.body.status_overall, 'DRAFT');
    assertNear(saved.body.signatures[0]!.visual_signatures[0]!.position, placed, 'saved box');
  });
  await context.close();
});

test('send-to: a signed-in user takes a visitor signature into their account and lands on the request', async () => {
  const owner = await createUser('Otto', 'Sender');
  const taker = await createUser('Tina', 'Taker');
  const ownerToken = owner.token;
  const inbox = uniqueEmail('inbox');
  const created = await createRequest(ownerToken, {
    title: 'Sent to an address',
    documents: [{ title: 'Sent', content: corpusPdf(corpusFile) }],
    signatures: [{ signer_identity_data: { email_address: inbox, first_name: 'Ines', last_name: 'Inbox' } }],
  });
  // The send-to link comes with the visitor's invitation, under its own secret.
  const { sendTo } = await mailedVisitorLinks(inbox, created.id);

  const { context, page } = await signedInPage(browser(), taker, { width: 390 });
  await shootOnFailure(page, 'sendto', async () => {
    await page.goto(`/sendto/${sendTo}`);
    await settled(page);
    await page.getByRole('heading', { name: 'Sent to an address' }).waitFor();
    await page.getByText('Otto Sender').waitFor();
    await page.screenshot({ path: join(shots, 'sendto-390.png'), fullPage: true });
    assert.deepEqual(await seriousViolations(page), []);
    await assertNoHorizontalOverflow(page, 'send-to at 390 px');
    await page.getByRole('button', { name: 'Take it into my account' }).click();
    await page.waitForURL((url) => url.pathname === `/view/${created.id}`, { timeout: 15_000 });

    // The signature is the taker's now; the link cannot be taken again.
    const after = await api<SignatureRequest>(`/v3/signature-requests/${created.id}`, {
      token: ownerToken,
    });
    assert.equal(after.body.signatures[0]!.email, taker.email);
    assert.equal(after.body.signatures[0]!.signer_type, 'account');
    await page.goto(`/sendto/${sendTo}`);
    await settled(page);
    await page.getByText('This link is not valid').waitFor();
    await page.goto(`/sendto/${crypto.randomUUID()}`);
    await settled(page);
    await page.getByText('This link is not valid').waitFor();
  });
  await context.close();
});
