import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import deCh from '../src/locales/de-ch.json' with { type: 'json' };
import enGb from '../src/locales/en-gb.json' with { type: 'json' };
import { createUser, launch, newContext, settled } from './support.ts';

type Tree = { [key: string]: string | Tree };
function flatten(tree: Tree, prefix = '', out = new Map<string, string>()): Map<string, string> {
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(path, value);
    else flatten(value, path, out);
  }
  return out;
}

const german = flatten(deCh as Tree);
/** English UI strings that German must not show (strings the two share, like "Dashboard", are fine). */
const english = [...flatten(enGb as Tree)]
  .filter(([key, text]) => german.get(key) !== text && !text.includes('{{') && !text.includes('<'))
  .map(([, text]) => text);

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

let browser: Browser;
before(async () => {
  browser = await launch();
});
after(async () => {
  await browser.close();
});

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
  const context = await newContext(browser, { locale: 'de-CH' });
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
  for (const path of ['/dashboard', '/profile', '/upload', '/profile/change-password', '/welcome']) {
    await page.goto(path);
    await settled(page);
    await check(path);
  }
  assert.deepEqual(found, []);
  await context.close();
});

test('the language menu switches to French and remembers it', async () => {
  const context = await newContext(browser);
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
