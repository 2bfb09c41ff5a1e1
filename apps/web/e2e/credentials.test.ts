import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import type { SignatureRequest } from '@signet/contracts/signature-requests';
import { downloadFromMenu, expectOverlay, pdfsig } from './signing-flow.ts';
import { corpusPdf, createRequest, createUser } from './factories.ts';
import { api, baseUrl, mailedVisitorLinks, newContext, uniqueEmail, useBrowser } from './support.ts';

// Issue 10, "Done when": a co-signer downloads the signed PDF and can find no string in it (or in
// any API answer they may read) that lets them act for another signer; the owner cannot sign as a
// visitor. The visitor signs in the real browser from the mailed link; everything else is API calls.

const browser = useBrowser();
const scratch = mkdtempSync(join(tmpdir(), 'signet-e2e-credentials-'));
after(() => rmSync(scratch, { recursive: true, force: true }));

async function bytes(path: string, token: string): Promise<Buffer> {
  const response = await fetch(`${baseUrl}/api${path}`, { headers: { Authorization: `Bearer ${token}` } });
  assert.equal(response.status, 200, `${path}: ${response.status}`);
  return Buffer.from(await response.arrayBuffer());
}

let files = 0;
function scratchFile(content: Buffer): string {
  files += 1;
  const file = join(scratch, `file-${files}`);
  writeFileSync(file, content);
  return file;
}

/** A PDF with every stream decompressed (qpdf), so that nothing hides in a compressed stream. */
function decompressedPdf(pdf: Buffer): string {
  const file = scratchFile(pdf);
  execFileSync('qpdf', ['--qdf', '--object-streams=disable', file, `${file}.qdf`]);
  return readFileSync(`${file}.qdf`).toString('latin1');
}

/** The files of a ZIP, unpacked by unzip. */
function unzipped(zip: Buffer): Buffer[] {
  const file = scratchFile(zip);
  execFileSync('unzip', ['-q', '-o', file, '-d', `${file}.d`]);
  const walk = (path: string): string[] =>
    statSync(path).isDirectory() ? readdirSync(path).flatMap((name) => walk(join(path, name))) : [path];
  return walk(`${file}.d`).map((path) => readFileSync(path));
}

/**
 * Every string in a text that could serve as a credential: runs of base64url characters (ids,
 * secrets, hashes) of 16 or more, with what starts or ends at each - or _ inside them (the id in a
 * field name `Signature-{id}`), the same inside every hex string (a CMS signature, a certificate),
 * and the parts of anything that decodes from base64 to `user:password`.
 */
function strings(text: string): string[] {
  const runs = (value: string): string[] =>
    (value.match(/[A-Za-z0-9_-]{16,}/g) ?? []).flatMap((run) => {
      const cuts = [...run.matchAll(/[-_]/g)].map((m) => m.index);
      const parts = cuts.flatMap((cut) => [run.slice(0, cut), run.slice(cut + 1)]);
      return [run, ...parts.filter((part) => part.length >= 16)];
    });
  const found: string[] = [...runs(text)];
  for (const [, hex] of text.matchAll(/<([0-9A-Fa-f\s]{32,})>/g))
    found.push(...runs(Buffer.from(hex!.replace(/\s/g, ''), 'hex').toString('latin1')));
  for (const b64 of text.match(/[A-Za-z0-9+/]{16,}={0,2}/g) ?? []) {
    const decoded = Buffer.from(b64, 'base64').toString('latin1');
    if (/^[\x20-\x7e]+:[\x20-\x7e]+$/.test(decoded)) found.push(...decoded.split(':'));
  }
  return found;
}

/** Everything a participant may read about the request, as text: JSON answers, PDFs, the ZIP. */
async function everythingReadable(requestId: string, documentId: string, token: string): Promise<string[]> {
  const base = `/v3/signature-requests/${requestId}`;
  const texts: string[] = [];
  for (const path of [
    base,
    `${base}/events`,
    `${base}/lock-status`,
    `${base}/report?type=JSON`,
    '/v3/signature-requests?filter=all&size=100',
    `/v3/documents/${documentId}`,
  ])
    texts.push((await bytes(path, token)).toString('utf8'));
  texts.push(decompressedPdf(await bytes(`/v3/documents/${documentId}/download`, token)));
  texts.push(decompressedPdf(await bytes(`/v3/documents/${documentId}/download?signed=false`, token)));
  texts.push(decompressedPdf(await bytes(`${base}/report?type=PDF`, token)));
  for (const file of unzipped(await bytes(`${base}/zip`, token)))
    texts.push(
      file.subarray(0, 5).toString('latin1') === '%PDF-' ? decompressedPdf(file) : file.toString('latin1'),
    );
  return texts;
}

async function post(path: string, authorization: string, body: unknown = {}): Promise<number> {
  const response = await fetch(`${baseUrl}/api${path}`, {
    method: 'POST',
    headers: { Authorization: authorization, 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  await response.arrayBuffer();
  return response.status;
}

/** A 4xx refuses; a success, or a failure on the server's side, is a finding. */
const refused = (status: number) => status >= 400 && status < 500;

/**
 * Tries every candidate as the secret of each visitor's direct-sign credentials (sign and decline)
 * and as a send-to link (claim, as `claimer`); returns what was not refused.
 */
async function tryAll(
  candidates: Set<string>,
  requestId: string,
  visitorSids: string[],
  claimer: string,
): Promise<string[]> {
  const accepted: string[] = [];
  const queue = [...candidates];
  const worker = async () => {
    for (let candidate = queue.pop(); candidate !== undefined; candidate = queue.pop()) {
      for (const sid of visitorSids) {
        const basic = `Basic ${Buffer.from(`${sid}:${candidate}`).toString('base64')}`;
        const signed = await post('/v3/direct/sign', basic, { signatureRequests: [{ id: requestId }] });
        const declined = await post(`/v3/direct/signature-requests/${requestId}/decline`, basic);
        if (!refused(signed) || !refused(declined))
          accepted.push(`${sid}:${candidate.slice(0, 80)} (${signed}, ${declined})`);
      }
      const claimed = await post(`/v3/sendto/${encodeURIComponent(candidate)}/claim`, `Bearer ${claimer}`);
      if (!refused(claimed)) accepted.push(`send-to ${candidate.slice(0, 80)} (${claimed})`);
    }
  };
  await Promise.all(Array.from({ length: 6 }, worker));
  return accepted;
}

test('a co-signer and the owner find nothing in the signed PDF or their answers that signs, declines or claims for a visitor', async () => {
  const owner = await createUser('Olivia', 'Owner');
  const cosigner = await createUser('Cosmo', 'Signer');
  const ownerToken = owner.token;
  const cosignerToken = cosigner.token;
  const vera = uniqueEmail('vera');
  const walt = uniqueEmail('walt');
  const visitor = (email: string, first: string, y: number) => ({
    signer_identity_data: { email_address: email, first_name: first, last_name: 'Visitor' },
    visual_signatures: [{ position: { page: 1, x: 60, y } }],
  });
  const sent = await createRequest(ownerToken, {
    title: 'Shared lease',
    documents: [{ title: 'Lease', content: corpusPdf() }],
    signatures: [
      visitor(vera, 'Vera', 80),
      { account_email: cosigner.email, visual_signatures: [{ position: { page: 1, x: 60, y: 260 } }] },
      visitor(walt, 'Walt', 440),
    ],
  });
  const requestId = sent.id;
  const documentId = sent.documents[0]!.id;
  const [veraSid, , waltSid] = sent.signatures.map((s) => s.sid) as [string, string, string];

  // Vera signs in the browser from her mailed link.
  const veraLinks = await mailedVisitorLinks(vera, requestId);
  const context = await newContext(browser());
  const page = await context.newPage();
  const requested: string[] = [];
  page.on('request', (request) => requested.push(request.url()));
  await page.goto(veraLinks.link);
  await page.getByRole('heading', { name: 'Shared lease' }).waitFor();
  // The secret left the address bar at once; the page image came with the header.
  assert.equal(new URL(page.url()).hash, '');
  assert.ok(!page.url().includes(veraLinks.secret));
  await page.locator('figure[data-page="1"] img').waitFor();
  await page.getByRole('button', { name: 'Sign', exact: true }).click();
  await expectOverlay(page, 'Signed');
  await page.getByRole('button', { name: 'Back to the document' }).click();
  const veraCopy = readFileSync(await downloadFromMenu(page, 'Signed PDF: Lease'));
  assert.deepEqual(
    // pdfsig lists the empty fields too (no validation line): only Vera's is signed.
    (await pdfsig(veraCopy)).signatures.filter((s) => s.signature).map((s) => [s.fieldName, s.signature]),
    [[`Signature-${veraSid}`, 'Signature is Valid.']],
  );
  // No request the browser made carried a credential in its URL (images and downloads included).
  assert.ok(requested.length > 0);
  for (const url of requested) {
    assert.ok(!url.includes(veraLinks.secret) && !url.includes(veraLinks.sendTo), url);
    assert.ok(!/[?&]token=/.test(url), url);
  }
  await context.close();

  // The co-signer signs too, then reads everything they may: both signatures are in the PDF.
  const cosigned = await api('/v3/sign', {
    method: 'POST',
    token: cosignerToken,
    body: { signatureRequests: [{ id: requestId }], language: 'en-gb' },
  });
  assert.equal(cosigned.status, 200, JSON.stringify(cosigned.body));
  const signedPdf = await bytes(`/v3/documents/${documentId}/download`, cosignerToken);
  assert.equal(
    (await pdfsig(signedPdf)).signatures.filter((s) => s.signature === 'Signature is Valid.').length,
    2,
  );
  const cosignerTexts = await everythingReadable(requestId, documentId, cosignerToken);
  const seen = new Set(cosignerTexts.flatMap(strings));
  // The strings an attacker had before: the PDF's field names carry the visitors' ids, and the request id is everywhere.
  for (const id of [veraSid, waltSid, requestId]) assert.ok(seen.has(id), `the co-signer can read ${id}`);
  assert.ok(seen.size > 50, `${seen.size} strings`);
  assert.deepEqual(await tryAll(seen, requestId, [veraSid, waltSid], cosignerToken), []);

  // The owner reads everything too and fares no better; their own session is no visitor's either.
  const ownerTexts = await everythingReadable(requestId, documentId, ownerToken);
  const ownerSeen = new Set(ownerTexts.flatMap(strings));
  for (const known of seen) ownerSeen.delete(known);
  ownerSeen.add(ownerToken);
  assert.deepEqual(await tryAll(ownerSeen, requestId, [veraSid, waltSid], ownerToken), []);
  console.log(`tried ${seen.size} strings the co-signer read and ${ownerSeen.size} more the owner read`);
  assert.equal(
    await post('/v3/direct/sign', `Bearer ${ownerToken}`, { signatureRequests: [{ id: requestId }] }),
    401,
  );
  const asOwner = await api<{ code: string }>('/v3/sign', {
    method: 'POST',
    token: ownerToken,
    body: { signatureRequests: [{ id: requestId }] },
  });
  assert.equal(asOwner.body.code, 'NOT_A_SIGNER');

  // Walt's slot is untouched: still open, still his, and his own mailed link signs it.
  const before = await api<SignatureRequest>(`/v3/signature-requests/${requestId}`, { token: ownerToken });
  assert.deepEqual(
    before.body.signatures.map((s) => [s.email, s.status_code]),
    [
      [vera, 'SIGNED'],
      [cosigner.email, 'SIGNED'],
      [walt, 'OPEN'],
    ],
  );
  // The real secrets appear nowhere in what they read, not even inside a longer string.
  const waltLinks = await mailedVisitorLinks(walt, requestId);
  const everything = [...cosignerTexts, ...ownerTexts, ...[...seen, ...ownerSeen]].join('\n');
  for (const secret of [veraLinks.secret, veraLinks.sendTo, waltLinks.secret, waltLinks.sendTo])
    assert.ok(!everything.includes(secret), 'a mailed secret appears in what the co-signer or owner read');
  assert.equal(
    await post('/v3/direct/sign', waltLinks.basic, { signatureRequests: [{ id: requestId }] }),
    200,
  );
  const done = await api<SignatureRequest>(`/v3/signature-requests/${requestId}`, { token: ownerToken });
  assert.equal(done.body.status_overall, 'SIGNED');
});
