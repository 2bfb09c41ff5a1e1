// Not a test: captures the main pages at desktop and phone width into e2e/screenshots/ for a look.
// Run against a server: SIGNET_BASE_URL=http://localhost:3000 node --import tsx apps/web/e2e/screenshots.ts
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { createUser } from './factories.ts';
import { answerWithError, launch, loginThroughUi, newContext, setMaintenance, settled } from './support.ts';
import { membershipAnswer } from './stubs.ts';

const out = join(import.meta.dirname, 'screenshots');
mkdirSync(out, { recursive: true });
const browser = await launch();
const user = await createUser('Charlotte', 'Zimmermann-Beaufort');
try {
  for (const width of (process.env.WIDTHS ?? '1280,390').split(',').map(Number)) {
    const context = await newContext(browser, { width });
    const page = await context.newPage();
    const shoot = async (name: string) => {
      await page.waitForTimeout(300);
      await page.screenshot({ path: join(out, `${name}-${width}.png`), fullPage: true });
    };
    for (const [name, path] of [
      ['login', '/login'],
      ['signup', '/signup'],
      ['signup-steps', '/signup/steps?token=0123456789abcdef0123'],
      ['not-found', '/no/such/page'],
      ['mail-sent', '/signup/mail-sent'],
    ] as const) {
      await page.goto(path);
      await settled(page);
      await shoot(name);
    }
    await page.goto('/login');
    await page.getByRole('button', { name: 'Log in', exact: true }).click();
    await shoot('login-errors');
    await loginThroughUi(page, user.email, user.password);
    await settled(page);
    await shoot('dashboard');
    await page.goto('/business/members/domains');
    await settled(page);
    await page.goto('/profile/signature-standards');
    await settled(page);
    await shoot('planned-page');
    // The business API lands later; a stubbed admin membership shows the admin layout.
    await page.route('**/api/v2/businesses/user', (route) =>
      route.fulfill({
        status: 200,
        contentType: 'application/json',
        body: membershipAnswer('admin'),
      }),
    );
    await page.goto('/business/members');
    await settled(page);
    await shoot('admin-layout');
    await page.unroute('**/api/v2/businesses/user');
    await page.goto('/profile/change-password');
    await settled(page);
    await shoot('change-password');
    // An unexpected answer to a page fetch shows the error page.
    await answerWithError(page, '**/api/v1/user', 418, 'TEAPOT');
    await page.evaluate(() => sessionStorage.removeItem('signet.user-cache'));
    await context.clearCookies();
    await page.reload();
    await page.getByRole('heading', { name: 'Something went wrong' }).waitFor();
    await shoot('error-page');
    await page.unroute('**/api/v1/user');
    await setMaintenance(true, true);
    await page.goto('/maintenance');
    await settled(page);
    await shoot('maintenance');
    await setMaintenance(true, false);
    await page.goto('/dashboard');
    await page.getByText('Maintenance is under way').waitFor();
    await shoot('maintenance-banner');
    await setMaintenance(false, false);
    await context.close();
  }
} finally {
  await setMaintenance(false, false).catch(() => {});
  await browser.close();
}
console.log(`screenshots in ${out}`);
