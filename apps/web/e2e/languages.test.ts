import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Page } from 'playwright-core';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import deCh from '../src/locales/de-ch.json' with { type: 'json' };
import enGb from '../src/locales/en-gb.json' with { type: 'json' };
import { createRequest, createUser, type TestAccount } from './factories.ts';
import { newContext, settled, useBrowser } from './support.ts';

type Tree = { [key: string]: string | Tree };
function flatten(tree: Tree, prefix = '', out = new Map<string, string>()): Map<string, string> {
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(path, value);
    else flatten(value, path, out);
  }
  return out;
}

/** The shell's strings and each feature's own (features/<name>/locales, see lib/i18n.ts). */
const featuresDir = join(import.meta.dirname, '../src/features');
const localePairs: Array<[Tree, Tree]> = [
  [enGb as Tree, deCh as Tree],
  ...readdirSync(featuresDir)
    .map((feature) => join(featuresDir, feature, 'locales'))
    .filter((dir) => existsSync(join(dir, 'en-gb.json')))
    .map((dir): [Tree, Tree] => [
      JSON.parse(readFileSync(join(dir, 'en-gb.json'), 'utf8')) as Tree,
      JSON.parse(readFileSync(join(dir, 'de-ch.json'), 'utf8')) as Tree,
    ]),
];
/** Every German text of the app: a word German uses somewhere (a language's own name) is not English. */
const germanTexts = new Set(localePairs.flatMap(([, de]) => [...flatten(de).values()]));
/** English UI strings that German must not show (strings the two share, like "Dashboard", are fine). */
const english = localePairs.flatMap(([en, de]) => {
  const german = flatten(de);
  return [...flatten(en)]
    .filter(([key, text]) => german.get(key) !== text && !germanTexts.has(text))
    .filter(([, text]) => !text.includes('{{') && !text.includes('<'))
    .map(([, text]) => text);
});
/** A draft and a sent request of the user, for the editor and the signing view. */
async function requestsOf(user: TestAccount): Promise<{ draft: string; sent: string }> {
  const request = (title: string, draft: boolean) =>
    createRequest(
      user.token,
      {
        title,
        quality: 'aes',
        signatures: [
          { account_email: user.email, visual_signatures: [{ position: { page: 1, x: 50, y: 600 } }] },
        ],
      },
      { draft },
    );
  const draft = await request('Entwurf', true);
  const sent = await request('Vertrag', false);
  return { draft: draft.id, sent: sent.id };
}

async function visibleTexts(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const texts: string[] = [document.title.replace(/ - Signet$/, '')];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent?.trim();
      if (text) texts.push(text);
    }
    for (const element of document.querySelectorAll('[aria-label],[title],[placeholder]')) {
      for (const name of ['aria-label', 'title', 'placeholder']) {
        const value = element.getAttribute(name);
        if (value) texts.push(value);
      }
    }
    return texts;
  });
}

const browser = useBrowser();

const unauthenticatedPages = [
  '/login',
  '/signup',
  '/signup/mail-sent',
  '/signup/confirm',
  '/password-reset',
  '/password-reset/new',
  '/password-reset/mail-sent',
  '/password-reset/confirm',
  '/sso/error',
  '/bye',
  '/expired',
  '/cookiesblocked',
  '/sorry',
  '/no/such/page',
];

test('de-ch pages show no English UI string', async () => {
  const user = await createUser('Sprache', 'Test');
  const context = await newContext(browser(), { locale: 'de-CH' });
  const page = await context.newPage();
  const found: string[] = [];
  const check = async (path: string) => {
    const texts = await visibleTexts(page);
    for (const text of english) if (texts.includes(text)) found.push(`${path}: "${text}"`);
  };
  for (const path of unauthenticatedPages) {
    await page.goto(path);
    await settled(page);
    await check(path);
  }
  assert.equal(await page.evaluate(() => document.documentElement.lang), 'de-ch');

  await page.goto('/login');
  await page.getByLabel('E-Mail-Adresse').fill(user.email);
  await page.getByLabel('Passwort', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Anmelden', exact: true }).click();
  await page.waitForURL((url) => url.pathname === '/dashboard');
  const { draft, sent } = await requestsOf(user);
  for (const path of [
    '/dashboard',
    '/dashboard?tab=inbox&filter=all',
    '/profile',
    '/upload',
    `/upload?sr=${draft}`,
    `/view/${sent}`,
    '/profile/change-password',
    '/welcome',
  ]) {
    await page.goto(path);
    await settled(page);
    await check(path);
  }
  assert.deepEqual(found, []);
  await context.close();
});

test('the language menu switches to French and remembers it', async () => {
  const context = await newContext(browser());
  const page = await context.newPage();
  await page.goto('/login');
  await page.getByRole('button', { name: 'Language' }).click();
  await page.getByRole('menuitem', { name: 'Français' }).click();
  await page.getByRole('heading', { name: 'Se connecter à Signet' }).waitFor();
  await page.reload();
  await page.getByRole('heading', { name: 'Se connecter à Signet' }).waitFor();
  assert.equal(await page.title(), 'Connexion - Signet');
  await context.close();
});
