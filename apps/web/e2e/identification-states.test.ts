import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createUser } from './factories.ts';
import { finishAtProvider } from './identification-flow.ts';
import { shoot } from './page-shots.ts';
import { api, usePages } from './support.ts';

// Issue 12 (c): an identification the provider fails and one the person abandons show their states
// on the signature-standards pages, and neither unlocks a qualified signature.

const { pageAs } = usePages();

interface QualitiesDetail {
  highestQuality: string;
  qualities: Array<{ quality: string; legislation: string | null; available: boolean }>;
}

test('a failed and an abandoned identification show their states and unlock nothing', async () => {
  const fay = await createUser('Fay', 'Fischer');
  const page = await pageAs(fay.token);

  // eIDAS self-service: the provider's check fails.
  await page.goto('/profile/signature-standards/eidas/self');
  await page.getByRole('button', { name: 'Start identification' }).click();
  await finishAtProvider(page, 'self', 'failure');
  await page.getByText('The provider could not confirm your identity.').waitFor({ timeout: 30_000 });
  await page.getByRole('button', { name: 'Start again' }).waitFor();
  await shoot(page, 'eidas-self-failed');

  // ZertES video: the person leaves the call (after confirming the name the document must show).
  await page.goto('/profile/signature-standards/zertes/video');
  await page.getByRole('button', { name: 'Start identification' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'The name is right' }).click();
  await finishAtProvider(page, 'video', 'abandoned');
  await page.getByText('The identification was left before it was finished.').waitFor({ timeout: 30_000 });

  await page.getByRole('link', { name: 'All signature standards' }).click();
  for (const [legislation, reason] of [
    ['eIDAS (EU)', 'The provider could not confirm your identity.'],
    ['ZertES (Switzerland)', 'The identification was left before it was finished.'],
  ] as const) {
    const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: legislation }) });
    await card.getByText('Identification did not succeed').waitFor();
    await card.getByText(reason).waitFor();
    await card.getByRole('link', { name: 'Try again' }).waitFor();
  }
  await page.getByText('Simple (SES)').waitFor();
  await shoot(page, 'overview-failed');

  const detail = await api<QualitiesDetail>('/v3/user/signature-qualities-detail', { token: fay.token });
  assert.equal(detail.status, 200);
  assert.notEqual(detail.body.highestQuality, 'qes');
  const qes = detail.body.qualities.filter((q) => q.quality === 'qes');
  assert.equal(qes.length, 2);
  assert.ok(
    qes.every((q) => !q.available),
    JSON.stringify(qes),
  );
});
