import assert from 'node:assert/strict';
import { join } from 'node:path';
import { test } from 'node:test';
import { seriousViolations } from './axe.ts';
import { corpusPdf, createRequest, createUser } from './factories.ts';
import { settled, signedInPage, useBrowser } from './support.ts';

const corpus = '/work/shared/pdf-corpus';
const shots = join(import.meta.dirname, 'screenshots');
const browser = useBrowser();

test('a broken signed PDF uploaded for signing is flagged in the editor before anyone co-signs', async () => {
  for (const width of [1280, 390]) {
    const user = await createUser('Wanda', 'Warning');
    const { context, page } = await signedInPage(browser(), user, { width });
    try {
      await page.goto('/upload');
      await settled(page);
      await page
        .getByTestId('file-input')
        .setInputFiles(join(corpus, 'signed-broken-modified-after-signing.pdf'));
      await page.getByRole('button', { name: 'Continue' }).click();
      await page.waitForURL(/\/upload\?sr=/);
      await settled(page);

      const warning = page.getByTestId('existing-signatures');
      await warning.waitFor();
      // A warning (not a note), with its reason per signature in words, not colour alone.
      assert.equal(await warning.getAttribute('role'), 'alert');
      const text = await warning.innerText();
      assert.match(text, /A signature in “signed-broken-modified-after-signing” is broken/);
      assert.match(text, /Broken signature by .+: the document was changed after signing/);
      assert.match(
        text,
        /Signature by .+ could not be verified: its certificate was not issued by an authority in the trust list/,
      );
      assert.deepEqual(await seriousViolations(page), []);
      await page.screenshot({ path: join(shots, `validation-warning-${width}.png`), fullPage: false });
    } finally {
      await context.close();
    }
  }
});

test('the signing view shows the same warning before the signer signs', async () => {
  const user = await createUser('Sigrid', 'Signer');
  const request = await createRequest(user.token, {
    title: 'Broken upload',
    documents: [{ title: 'Lease', content: corpusPdf('signed-broken-modified-after-signing.pdf') }],
    signatures: [{ account_email: user.email }],
  });
  const { context, page } = await signedInPage(browser(), user);
  try {
    await page.goto(`/view/${request.id}`);
    await settled(page);
    const warning = page.getByTestId('existing-signatures');
    await warning.waitFor();
    assert.equal(await warning.getAttribute('role'), 'alert');
    assert.match(await warning.innerText(), /A signature in “Lease” is broken/);
    // Shown before the signer acts: the Sign button is still there to be pressed.
    await page.getByRole('button', { name: 'Sign', exact: true }).first().waitFor();
    await page.screenshot({ path: join(shots, 'validation-warning-view-1280.png'), fullPage: false });
  } finally {
    await context.close();
  }
});
