// Issue 6, "Done when": the end-to-end scenario through the UI, in English and in Swiss German.
// A uploads a corpus PDF, adds B (account, AES) and a visitor (QES), places and resizes both boxes and
// sends; B signs AES; the visitor signs QES from the mailed link with the SMS code and is sent to the
// exit URL after the countdown; A downloads the signed PDF: pdfsig finds two valid signatures whose
// widgets are where the boxes were placed. Only the outboxes (mail, SMS) and pdfsig/qpdf are outside.
import assert from 'node:assert/strict';
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import type { Page } from 'playwright-core';
import type { SignatureRequest } from '@signet/contracts/signature-requests';
import {
  assertNear,
  downloadFromMenu,
  dragBy,
  expectOverlay,
  pdfsig,
  placedPoints,
  smsCount,
  tanFromSms,
  widgetRects,
  withExitQuery,
  type Box,
} from './signing-flow.ts';
import { createUser, identify } from './factories.ts';
import {
  api,
  baseUrl,
  mailedLink,
  mailedVisitorLinks,
  newContext,
  settled,
  uniqueEmail,
  useBrowser,
} from './support.ts';

const corpusFile = 'pdf13-indesign-us-constitution-19p.pdf';
const corpus = join('/work/shared/pdf-corpus', corpusFile);
const documentTitle = corpusFile.replace(/\.pdf$/, '');
const shots = join(import.meta.dirname, 'screenshots');
mkdirSync(shots, { recursive: true });

type Lang = 'en-gb' | 'de-ch';

/** The visible names the steps use, from the features' locale files. */
const ui = {
  'en-gb': {
    locale: 'en-GB',
    languageName: 'English',
    email: 'E-mail address',
    password: 'Password',
    login: 'Log in',
    uploadHeading: 'Upload documents',
    continue: 'Continue',
    editorHeading: 'Prepare the request',
    title: 'Title',
    addSigner: 'Add signer',
    addVisitor: 'Add visitor',
    signer: (n: number) => `Signer ${n}`,
    visitorKind: 'Visitor without account',
    firstName: 'First name',
    lastName: 'Last name',
    mobile: 'Mobile number',
    language: 'Language',
    signerQuality: 'Quality for this signer',
    aes: 'Advanced electronic signature (AES)',
    qes: 'Qualified electronic signature (QES)',
    addSignature: 'Add signature',
    pageFigure: (n: number) => `Page ${n} of ${documentTitle}`,
    send: 'Send',
    sign: 'Sign',
    signed: 'Signed',
    tanHeading: 'Enter the code',
    tanCode: 'Code from the SMS',
    countdown: /in (\d+) s\./,
    download: 'Download',
    signedPdf: `Signed PDF: ${documentTitle}`,
    everybodySigned: 'Everybody has signed.',
  },
  'de-ch': {
    locale: 'de-CH',
    languageName: 'Deutsch',
    email: 'E-Mail-Adresse',
    password: 'Passwort',
    login: 'Anmelden',
    uploadHeading: 'Dokumente hochladen',
    continue: 'Weiter',
    editorHeading: 'Anfrage vorbereiten',
    title: 'Titel',
    addSigner: 'Unterzeichnende hinzufügen',
    addVisitor: 'Gast hinzufügen',
    signer: (n: number) => `Unterzeichnende Person ${n}`,
    visitorKind: 'Gast ohne Konto',
    firstName: 'Vorname',
    lastName: 'Nachname',
    mobile: 'Mobilnummer',
    language: 'Sprache',
    signerQuality: 'Qualität für diese Person',
    aes: 'Fortgeschrittene elektronische Signatur (FES)',
    qes: 'Qualifizierte elektronische Signatur (QES)',
    addSignature: 'Unterschrift hinzufügen',
    pageFigure: (n: number) => `Seite ${n} von ${documentTitle}`,
    send: 'Senden',
    sign: 'Signieren',
    signed: 'Signiert',
    tanHeading: 'Code eingeben',
    tanCode: 'Code aus der SMS',
    countdown: /in (\d+) s zu/,
    download: 'Herunterladen',
    signedPdf: `Signiertes PDF: ${documentTitle}`,
    everybodySigned: 'Alle haben signiert.',
  },
} as const;

const browser = useBrowser();

async function logIn(page: Page, lang: Lang, email: string, password: string, expectPath: string) {
  const t = ui[lang];
  await page.getByLabel(t.email).fill(email);
  await page.getByLabel(t.password, { exact: true }).fill(password);
  await page.getByRole('button', { name: t.login, exact: true }).click();
  await page.waitForURL((url) => url.pathname === expectPath, { timeout: 20_000 });
}

async function shot(page: Page, lang: Lang, name: string): Promise<void> {
  await page.screenshot({ path: join(shots, `scenario-${lang}-${name}.png`) });
}

/** Runs `step`, logs how long it took, and keeps a screenshot of `page` when it fails. */
async function timed<T>(lang: Lang, name: string, page: Page, step: () => Promise<T>): Promise<T> {
  const started = performance.now();
  try {
    const result = await step();
    console.log(`scenario ${lang} ${name}: ${Math.round(performance.now() - started)} ms`);
    return result;
  } catch (error) {
    await page.screenshot({ path: join(shots, `scenario-${lang}-failure-${name}.png`) }).catch(() => {});
    throw error;
  }
}

async function scenario(lang: Lang): Promise<void> {
  const t = ui[lang];
  const owner = await createUser('Alma', 'Absender');
  const signer = await createUser('Beat', 'Berger');
  const ownerToken = owner.token;
  const visitor = { email: uniqueEmail('vreni'), firstName: 'Vreni', lastName: 'Visitor' };
  const mobile = `+4179${String(Date.now()).slice(-7)}`;
  const exitUrl = `${baseUrl}/bye`;

  // 1. A uploads, adds B and the visitor, places both boxes, sends.
  const ownerContext = await newContext(browser(), { locale: t.locale });
  const ownerPage = await ownerContext.newPage();
  const { srid, expectedB, expectedVisitor } = await timed(lang, 'prepare-and-send', ownerPage, async () => {
    await ownerPage.goto('/login');
    await logIn(ownerPage, lang, owner.email, owner.password, '/dashboard');
    await ownerPage.goto('/upload');
    await settled(ownerPage);
    await ownerPage.getByRole('heading', { name: t.uploadHeading }).waitFor();
    await ownerPage.getByTestId('file-input').setInputFiles(corpus);
    await ownerPage.locator('[data-testid="upload-item"][data-status="done"]').waitFor({ timeout: 60_000 });
    await ownerPage.getByRole('button', { name: t.continue }).click();
    await ownerPage.waitForURL((url) => url.pathname === '/upload' && Boolean(url.searchParams.get('sr')));
    const id = new URL(ownerPage.url()).searchParams.get('sr')!;
    await ownerPage.getByRole('heading', { name: t.editorHeading }).waitFor({ timeout: 30_000 });

    await ownerPage.getByLabel(t.title).fill(`Scenario ${lang}`);
    await ownerPage.getByRole('button', { name: t.addSigner, exact: true }).click();
    const cardB = ownerPage.getByRole('listitem', { name: t.signer(1) });
    await cardB.getByLabel(t.email).fill(signer.email);
    await ownerPage.getByRole('button', { name: t.addVisitor, exact: true }).click();
    const cardV = ownerPage.getByRole('listitem', { name: t.signer(2) });
    await cardV.getByRole('button', { name: t.visitorKind }).waitFor();
    await cardV.getByLabel(t.email).fill(visitor.email);
    await cardV.getByLabel(t.firstName).fill(visitor.firstName);
    await cardV.getByLabel(t.lastName).fill(visitor.lastName);
    await cardV.getByLabel(t.mobile).fill(mobile);
    await cardV.getByRole('combobox', { name: t.language }).click();
    await ownerPage.getByRole('option', { name: t.languageName, exact: true }).click();

    // Per-signer quality: B signs AES, the visitor QES. The requester asks them without being
    // identified: the signers need the quality, not the sender.
    for (const [card, quality] of [
      [cardB, t.aes],
      [cardV, t.qes],
    ] as const) {
      await card.getByRole('combobox', { name: t.signerQuality }).click();
      await ownerPage.getByRole('option', { name: quality, exact: true }).click();
    }
    assert.equal(await ownerPage.getByRole('dialog').count(), 0);
    assert.match(await cardB.getByRole('combobox', { name: t.signerQuality }).innerText(), /AES|FES/);
    assert.match(await cardV.getByRole('combobox', { name: t.signerQuality }).innerText(), /QES/);

    // B's box on page 1, the visitor's on page 2: each dragged and resized.
    const draft = await api<SignatureRequest>(`/v3/signature-requests/${id}`, { token: ownerToken });
    const pageWidth = (n: number) => draft.body.documents[0]!.pages.find((p) => p.number === n)!.width;
    await ownerPage.getByTestId('page-image').first().waitFor({ timeout: 30_000 });
    // Each page's own button (its name starts with its visible text).
    const pageFigure = (n: number) => ownerPage.getByRole('figure', { name: t.pageFigure(n), exact: true });
    await pageFigure(1).getByRole('button', { name: t.addSignature }).click();
    await ownerPage.getByRole('menuitem', { name: signer.email }).click();
    const boxB = ownerPage.getByRole('group', { name: signer.email });
    await boxB.waitFor();
    await dragBy(ownerPage, boxB.getByTestId('signature-box-body'), 140, -220);
    await dragBy(ownerPage, boxB.getByTestId('signature-box-resize'), 50, 25);

    await pageFigure(2).scrollIntoViewIfNeeded();
    await pageFigure(2).getByRole('button', { name: t.addSignature }).click();
    const visitorName = `${visitor.firstName} ${visitor.lastName}`;
    await ownerPage.getByRole('menuitem', { name: visitorName }).click();
    const boxV = ownerPage.getByRole('group', { name: visitorName });
    await boxV.waitFor();
    await dragBy(ownerPage, boxV.getByTestId('signature-box-body'), 180, -280);
    await dragBy(ownerPage, boxV.getByTestId('signature-box-resize'), -50, -30);

    const placedB = await placedPoints(ownerPage, boxB, pageWidth(1));
    const placedV = await placedPoints(ownerPage, boxV, pageWidth(2));
    // Moved and resized as dragged (the default box is 300 x 140 pt at the lower left).
    assert.ok(placedB.x > 100 && placedB.width > 300 && placedB.height > 140, JSON.stringify(placedB));
    assert.ok(placedV.x > 100 && placedV.width < 300 && placedV.height < 140, JSON.stringify(placedV));
    await boxV.scrollIntoViewIfNeeded();
    await shot(ownerPage, lang, 'editor');

    await ownerPage.getByRole('button', { name: t.send, exact: true }).click();
    await ownerPage.waitForURL((url) => url.pathname === `/view/${id}`, { timeout: 30_000 });
    return { srid: id, expectedB: placedB, expectedVisitor: placedV };
  });

  const sent = await api<SignatureRequest>(`/v3/signature-requests/${srid}`, { token: ownerToken });
  assert.equal(sent.body.status_overall, 'OPEN');
  const sigB = sent.body.signatures.find((s) => s.account_email === signer.email)!;
  const sigV = sent.body.signatures.find((s) => s.email === visitor.email)!;
  assert.equal(sigB.quality, 'aes');
  assert.equal(sigV.quality, 'qes');

  // 2. B opens the invitation, logs in, signs AES.
  const bContext = await newContext(browser(), { locale: t.locale });
  const bPage = await bContext.newPage();
  await timed(lang, 'b-signs-aes', bPage, async () => {
    const link = await mailedLink(signer.email, `/view/${srid}`);
    await bPage.goto(link);
    await bPage.waitForURL((url) => url.pathname === '/login');
    await logIn(bPage, lang, signer.email, signer.password, `/view/${srid}`);
    await bPage.getByTestId('my-signature-field').waitFor({ timeout: 30_000 });
    const started = performance.now();
    await bPage.getByRole('button', { name: t.sign, exact: true }).click();
    await expectOverlay(bPage, t.signed);
    console.log(`scenario ${lang} b click-to-success: ${Math.round(performance.now() - started)} ms`);
    await shot(bPage, lang, 'b-signed');
  });
  await bContext.close();

  // 3. The visitor opens the mailed direct link with an exit URL, signs QES with the SMS code.
  // They identified beforehand (QES needs it; the identification journey is a test of its own).
  await identify({ basic: (await mailedVisitorLinks(visitor.email, srid)).basic }, 'zertes');
  const vContext = await newContext(browser(), { locale: t.locale });
  const vPage = await vContext.newPage();
  await timed(lang, 'visitor-signs-qes', vPage, async () => {
    const link = await mailedLink(visitor.email, `/view/${srid}/${sigV.sid}`);
    await vPage.goto(withExitQuery(link, { exit: exitUrl, redirectTimeout: 10 }));
    await vPage.getByTestId('my-signature-field').waitFor({ timeout: 30_000 });
    const before = await smsCount(mobile);
    await vPage.getByRole('button', { name: t.sign, exact: true }).click();
    const dialog = vPage.getByRole('dialog');
    await dialog.getByRole('heading', { name: t.tanHeading }).waitFor({ timeout: 60_000 });
    await dialog.getByLabel(t.tanCode).fill(await tanFromSms(mobile, before));
    await shot(vPage, lang, 'visitor-tan');
    await dialog.getByRole('button', { name: t.sign, exact: true }).click();
    await expectOverlay(vPage, t.signed, 90_000);
    const countdown = vPage.getByTestId('exit-countdown');
    await countdown.waitFor();
    const shownAt = performance.now();
    const first = Number(t.countdown.exec((await countdown.textContent()) ?? '')?.[1]);
    assert.ok(first >= 8 && first <= 10, `the countdown starts at 10 s: ${first}`);
    await shot(vPage, lang, 'visitor-countdown');
    await vPage.waitForURL((url) => url.pathname === '/bye', { timeout: 20_000 });
    const waited = performance.now() - shownAt;
    assert.ok(waited >= (first - 1) * 1000, `left after the countdown (${Math.round(waited)} ms)`);
    assert.equal(new URL(vPage.url()).origin, baseUrl);
  });
  await vContext.close();

  // 4. A downloads the signed PDF from the request page.
  const pdf = await timed(lang, 'owner-downloads', ownerPage, async () => {
    await ownerPage.goto(`/view/${srid}`);
    await ownerPage.getByText(t.everybodySigned).waitFor({ timeout: 30_000 });
    await shot(ownerPage, lang, 'owner-signed');
    return new Uint8Array(readFileSync(await downloadFromMenu(ownerPage, t.signedPdf, t.download)));
  });
  await ownerContext.close();

  const report = await pdfsig(pdf);
  assert.equal(report.signatures.length, 2, report.stdout);
  for (const sid of [sigB.sid, sigV.sid]) {
    const entry = report.signatures.find((s) => s.fieldName === `Signature-${sid}`);
    assert.ok(entry, `pdfsig lists Signature-${sid}\n${report.stdout}`);
    assert.equal(entry.signature, 'Signature is Valid.', entry.text);
    assert.equal(entry.certificate, 'Certificate is Trusted.', entry.text);
  }
  const rects = await widgetRects(pdf);
  const expect = (sid: string, page: number, box: Box, what: string) => {
    const rect = rects.get(sid);
    assert.ok(rect, `a widget for ${what}`);
    assert.equal(rect.page, page, `${what}: page`);
    assertNear(rect, box, what);
  };
  expect(sigB.sid, 1, expectedB, 'B’s widget');
  expect(sigV.sid, 2, expectedVisitor, 'the visitor’s widget');
}

test('scenario: A sends to B (AES) and a visitor (QES); both sign; the signed PDF is right', async () => {
  await scenario('en-gb');
});

test('scenario in de-ch: the same steps with Swiss German labels', async () => {
  await scenario('de-ch');
});
