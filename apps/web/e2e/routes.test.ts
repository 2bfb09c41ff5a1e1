import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Page } from 'playwright-core';
import { routeTable, type RouteSpec } from '../src/routes/route-table.ts';
import { createBusiness, createUser, inviteAndAccept, type TestAccount } from './factories.ts';
import {
  answerWithError,
  baseUrl,
  cspViolations,
  newContext,
  pathOf,
  settled,
  signedInPage,
  useBrowser,
} from './support.ts';

const browser = useBrowser();

/** A concrete address for a route path: parameters get sample ids. */
function concrete(path: string): string {
  return path.replace(/\$[a-z]+/g, (name) =>
    name === '$accountname' ? 'company-seal' : `sample${name.slice(1)}1`,
  );
}

/** Where spec §2 sends a visitor who is not logged in. */
function expectedUnauthenticated(spec: RouteSpec, path: string): string {
  if (spec.role === 'public' || spec.role === 'unauthenticated') return path;
  if (spec.role === 'nas') return spec.nasFromParams ? path : '/expired';
  return '/login';
}

/** Where spec §2 sends a signed-in user without a business and with free credit left. */
function expectedUser(spec: RouteSpec, path: string): string {
  if (spec.role === 'unauthenticated') return '/dashboard';
  if (spec.role === 'nas') return spec.nasFromParams ? path : '/expired';
  if (spec.role === 'member' || spec.role === 'admin') return '/business/register';
  if (spec.redirectTo) return spec.redirectTo.to;
  if (path === '/billing') return '/dashboard';
  return path;
}

/** Where spec §2 sends a member or an admin of a business in good standing. */
function expectedInBusiness(spec: RouteSpec, path: string, role: 'member' | 'admin'): string {
  if (spec.role === 'unauthenticated') return '/dashboard';
  if (spec.role === 'nas') return spec.nasFromParams ? path : '/expired';
  // Strict pages are for their role only (an admin may still open /business/upgrade).
  if (spec.strict && spec.role !== role && !(path === '/business/upgrade' && role === 'admin'))
    return role === 'admin' ? '/business/dashboard' : '/dashboard';
  if (spec.role === 'admin' && role === 'member')
    return path.startsWith('/business/billing') ? '/billing' : '/dashboard';
  if (spec.redirectTo) return spec.redirectTo.to;
  return path;
}

/** A direct-sign link carries its secret in the fragment (issue 10); a sample one opens the page. */
const sampleLinkSecret = 'sample-link-secret'.padEnd(43, '0');

async function visit(page: Page, path: string): Promise<string> {
  const directLink = routeTable.some(
    (spec) => spec.nasFromParams && new RegExp(`^${spec.path.replace(/\$[a-z]+/g, '[^/]+')}$`).test(path),
  );
  await page.goto(directLink ? `${path}#${sampleLinkSecret}` : path);
  await settled(page);
  return pathOf(page);
}

// Logging out is part of the account flow test; walking it here would end the session.
// The direct-sign links (ids in the path) store the signer's credentials for the tab, so they come
// last: before them, the other direct-sign pages must send a visitor to /expired.
const walked = routeTable
  .filter((spec) => spec.path !== '/logout')
  .sort((a, b) => Number(Boolean(a.nasFromParams)) - Number(Boolean(b.nasFromParams)));

/**
 * Visits every walked route in turn and says where a route landed elsewhere than `expected` says;
 * `more` may find more to say about the page a route landed on.
 */
async function walk(
  page: Page,
  expected: (spec: RouteSpec, path: string) => string,
  more: (spec: RouteSpec, path: string) => string | null = () => null,
): Promise<string[]> {
  const mismatches: string[] = [];
  for (const spec of walked) {
    const path = concrete(spec.path);
    const landed = await visit(page, path);
    const wanted = expected(spec, path);
    if (landed !== wanted) mismatches.push(`${path}: ${landed} (expected ${wanted})`);
    const remark = more(spec, path);
    if (remark) mismatches.push(`${path}: ${remark}`);
  }
  return mismatches;
}

test('every route as a visitor who is not logged in', async () => {
  const context = await newContext(browser());
  const page = await context.newPage();
  const mismatches = await walk(page, expectedUnauthenticated, (spec, path) => {
    if (expectedUnauthenticated(spec, path) !== '/login' || spec.role === 'unauthenticated') return null;
    const redirect = new URL(page.url()).searchParams.get('redirect');
    return redirect === path ? null : `remembered ${redirect}`;
  });
  // Now that a direct-sign link was opened in this tab, its identification pages open.
  assert.equal(await visit(page, '/direct-sign/identification/eidas'), '/direct-sign/identification/eidas');
  assert.deepEqual(mismatches, []);
  assert.deepEqual(cspViolations(context), []);
  await context.close();
});

test('every route as a signed-in user', async () => {
  const user = await createUser('Walker', 'Routes');
  const { context, page } = await signedInPage(browser(), user);
  const mismatches = await walk(page, expectedUser);
  assert.deepEqual(mismatches, []);
  assert.deepEqual(cspViolations(context), []);

  // The dashboard's query is normalised with replace, and the last choice is remembered.
  await page.goto('/dashboard?tab=bogus');
  await page.waitForURL((url) => url.search === '?tab=inbox&filter=toSign');
  await page.getByRole('button', { name: 'Declined' }).click();
  await page.waitForURL((url) => url.searchParams.get('filter') === 'declined');
  await page.goto('/');
  await page.waitForURL(
    (url) => url.pathname === '/dashboard' && url.searchParams.get('filter') === 'declined',
  );
  await context.close();
});

/** A business made through the API: its creator is the admin; a second account accepts an invitation. */
async function businessWithMember(): Promise<Record<'admin' | 'member', TestAccount>> {
  const business = await createBusiness('Walkers AG');
  const member = await createUser('Mo', 'Member');
  await inviteAndAccept(business, member);
  return { admin: business.admin, member };
}

for (const role of ['admin', 'member'] as const) {
  test(`every route as a business ${role}`, async () => {
    const people = await businessWithMember();
    const { context, page } = await signedInPage(browser(), people[role]);
    const mismatches = await walk(page, (spec, path) => expectedInBusiness(spec, path, role));
    assert.deepEqual(mismatches, []);
    // Opening direct-sign links with sample ids on the way did not end the session.
    assert.equal(await visit(page, '/profile'), '/profile');
    assert.deepEqual(cspViolations(context), []);
    await context.close();
  });
}

test('the API docs and the sandbox outbox work under their own Content-Security-Policy', async () => {
  const context = await newContext(browser());
  const page = await context.newPage();
  const response = await page.goto('/api/docs');
  assert.match(response?.headers()['content-security-policy'] ?? '', /frame-ancestors 'none'/);
  // Swagger UI ran its scripts, fetched the document, and calls the API from "Try it out". Its
  // sections start closed (all of them open at once, it stopped drawing after ten calls).
  await page.locator('.opblock-tag').filter({ hasText: 'Accounts' }).first().click();
  await page.locator('.opblock-summary').filter({ hasText: '/v1/datetime' }).first().click();
  await page.getByRole('button', { name: 'Try it out' }).click();
  await page.getByRole('button', { name: 'Execute' }).click();
  await page.locator('.live-responses-table').getByText('"datetime"').waitFor();
  await page.goto('/sandbox/mail');
  await page.getByRole('heading', { name: 'Mail outbox' }).waitFor();
  assert.deepEqual(cspViolations(context), []);
  // Another page may not frame Signet (clickjacking): the frame stays without the app.
  const framing = await (await browser().newContext()).newPage();
  await framing.setContent(`<iframe src="${baseUrl}/login" title="framed"></iframe>`);
  await framing.waitForTimeout(1500);
  const framed = framing.frames().find((frame) => frame !== framing.mainFrame());
  assert.equal(await framed?.locator('#root').count(), 0);
  await framing.context().close();
  await context.close();
});

test('unknown paths and invalid route parameters give the 404 page with the path', async () => {
  const context = await newContext(browser());
  const page = await context.newPage();
  for (const path of ['/no/such/page', '/business/activity?tab=nonsense', '/view/bad!id/user1']) {
    await page.goto(path);
    await page.getByRole('heading', { name: '404 Page Not Found' }).waitFor();
    const text = await page.locator('main').innerText();
    assert.match(text, new RegExp(`Address: ${path.split('?')[0]!.replace(/[/]/g, '\\/')}`));
    assert.equal(await page.title(), 'Page Not Found - Signet');
  }
  await context.close();
});

test('an unexpected answer shows the error page; a 401 shows none and goes to login', async () => {
  const user = await createUser('Error', 'Page');
  const { context, page } = await signedInPage(browser(), user);

  await answerWithError(page, '**/api/v1/user', 418, 'TEAPOT');
  await page.reload();
  await page.getByRole('heading', { name: 'Something went wrong' }).waitFor();
  assert.equal(await page.getByRole('link', { name: 'To the home page' }).getAttribute('href'), '/');
  assert.equal(await page.title(), 'Something went wrong - Signet');

  await page.unroute('**/api/v1/user');
  await answerWithError(page, '**/api/v1/user', 401, 'UNAUTHENTICATED');
  await page.goto('/profile');
  await page.waitForURL(
    (url) => url.pathname === '/login' && url.searchParams.get('redirect') === '/profile',
  );
  assert.equal(await page.getByRole('heading', { name: 'Something went wrong' }).count(), 0);
  await context.close();
});
