import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Request } from 'playwright-core';
import { shoot } from './page-shots.ts';
import { newContext, settled, useBrowser } from './support.ts';

const browser = useBrowser();

/** The endpoint's requests of the 404 drawing, as `w×h` (the placeholder is 10×10). */
function variantsAsked(requests: Request[]): string[] {
  return requests
    .map((request) => new URL(request.url()))
    .filter(
      (url) => url.pathname === '/.netlify/images' && url.searchParams.get('url') === '/img/error-404.svg',
    )
    .map((url) => `${url.searchParams.get('w')}×${url.searchParams.get('h')}`);
}

test('the 404 page shows its drawing through the image endpoint: placeholder first, lazily, at the screen density', async () => {
  for (const density of [1, 2]) {
    const context = await newContext(browser(), { deviceScaleFactor: density });
    const page = await context.newPage();
    const requests: Request[] = [];
    page.on('request', (request) => requests.push(request));
    // Hold the drawing back until the placeholder has been seen in its place.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/\.netlify\/images\?.*&w=(407|814)&/, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/no/such/page');
    await settled(page);

    const placeholder = page.locator('[data-image-placeholder]');
    await placeholder.waitFor({ state: 'visible' });
    await page.waitForFunction(() => {
      const img = document.querySelector<HTMLImageElement>('[data-image-placeholder]');
      return img?.complete && img.naturalWidth === 10;
    });
    const drawing = page.locator('main img:not([data-image-placeholder])');
    assert.equal(await drawing.getAttribute('loading'), 'lazy');
    assert.equal(await drawing.getAttribute('alt'), '', 'decorative: the heading says what happened');
    const srcset = (await drawing.getAttribute('srcset')) ?? '';
    assert.match(srcset, /url=%2Fimg%2Ferror-404\.svg&w=407&h=436&fm=webp 1x/);
    assert.match(srcset, /url=%2Fimg%2Ferror-404\.svg&w=814&h=872&fm=webp 2x/);
    assert.equal(await drawing.evaluate((img) => getComputedStyle(img).opacity), '0');

    release();
    await page.waitForFunction(() => !document.querySelector('[data-image-placeholder]'));
    const loaded = await drawing.evaluate((img: HTMLImageElement) => ({
      width: img.naturalWidth,
      current: new URL(img.currentSrc).searchParams.get('w'),
    }));
    // The browser picked the variant for its density from the srcset (and counts its pixels per density).
    assert.deepEqual(loaded, { width: 407, current: String(407 * density) });
    const asked = variantsAsked(requests);
    assert.equal(asked[0], '10×10', `placeholder asked first: ${asked.join(', ')}`);
    assert.ok(asked.includes(`${407 * density}×${436 * density}`), asked.join(', '));
    if (density === 2) {
      assert.ok(!asked.includes('407×436'), 'no 1x variant on a 2x screen');
      await shoot(page, 'error-page-image');
    }
    await context.close();
  }
});
