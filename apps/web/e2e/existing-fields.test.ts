import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import type { SignatureRequest } from '@signet/contracts/signature-requests';
import { corpusPdf, createRequest, createUser } from './factories.ts';
import { api, baseUrl, settled, signedInPage, useBrowser } from './support.ts';
import { pdfsig } from './signing-flow.ts';
import { seriousViolations } from './axe.ts';

// A PDF that brings its own empty signature fields (issue 13): the owner assigns a signer to one
// in the editor, with the keyboard, and the signature lands in that field rather than a new one.

const shots = join(import.meta.dirname, 'screenshots');
mkdirSync(shots, { recursive: true });
const browser = useBrowser();

test("the owner assigns a signer to the document's own signature field; the signature fills it", async () => {
  const owner = await createUser('Olivia', 'Owner');
  const signer = await createUser('Bruno', 'Signer');
  const draft = await createRequest(
    owner.token,
    {
      title: 'Lease',
      documents: [{ title: 'Lease', content: corpusPdf('form-two-empty-signature-fields-incremental.pdf') }],
      signatures: [{ account_email: signer.email }],
    },
    { draft: true },
  );
  assert.deepEqual(
    draft.documents[0]!.signatureFields.map((f) => f.name),
    ['signature-test', 'signature-test2'],
  );

  const { context, page } = await signedInPage(browser(), owner, { width: 1280 });
  try {
    await page.goto(`/upload?sr=${draft.id}`);
    await settled(page);
    await page.getByText('Dashed boxes are signature fields the document already has').waitFor();
    const field = page.getByRole('button', { name: 'Empty signature field signature-test', exact: true });
    await field.waitFor();
    await page.getByRole('button', { name: 'Empty signature field signature-test2', exact: true }).waitFor();

    // Keyboard only: focus the placeholder, open its menu, choose the signer.
    await field.focus();
    await page.keyboard.press('Enter');
    await page.getByRole('menuitem', { name: signer.email }).waitFor();
    await page.keyboard.press('Enter');
    const assigned = page.getByRole('button', { name: `${signer.email} signature-test`, exact: true });
    await assigned.waitFor();
    // No movable box of its own: the field stands for it.
    assert.equal(await page.getByTestId('signature-box').count(), 0);
    assert.deepEqual(await seriousViolations(page), []);
    await assigned.scrollIntoViewIfNeeded();
    await page.screenshot({ path: join(shots, 'existing-fields-1280.png') });

    await page.getByRole('button', { name: 'Save draft' }).click();
    await page.getByText('Draft saved').waitFor();
    // On a phone the page and its fields shrink together.
    await page.setViewportSize({ width: 390, height: 844 });
    await assigned.scrollIntoViewIfNeeded();
    await page.screenshot({ path: join(shots, 'existing-fields-390.png') });
    const saved = await api<SignatureRequest>(`/v3/signature-requests/${draft.id}`, { token: owner.token });
    assert.deepEqual(saved.body.signatures[0]!.visual_signatures, [
      {
        document_id: draft.documents[0]!.id,
        field_name: 'signature-test',
        position: { page: 1, x: 50, y: 592, width: 200, height: 200 },
      },
    ]);
  } finally {
    await context.close();
  }

  const sent = await api(`/v3/signature-requests/${draft.id}/initiate`, {
    method: 'POST',
    token: owner.token,
  });
  assert.equal(sent.status, 200, JSON.stringify(sent.body));
  const signed = await api('/v3/sign', {
    method: 'POST',
    token: signer.token,
    body: { signatureRequests: [{ id: draft.id }], language: 'en-gb' },
  });
  assert.equal(signed.status, 200, JSON.stringify(signed.body));
  const download = await fetch(`${baseUrl}/api/v3/documents/${draft.documents[0]!.id}/download`, {
    headers: { Authorization: `Bearer ${owner.token}` },
  });
  const report = await pdfsig(new Uint8Array(await download.arrayBuffer()));
  // pdfsig lists every signature field: the file's two, one now signed; none added by Signet.
  assert.deepEqual(
    report.signatures.map((s) => [s.fieldName, s.signature]),
    [
      ['signature-test', 'Signature is Valid.'],
      ['signature-test2', ''],
    ],
    report.stdout,
  );
});
