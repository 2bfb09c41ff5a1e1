import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import type { Document } from '@signet/contracts/documents';
import type { SignatureVerdict, ValidationReport } from '@signet/contracts/validation';
import { cast, useTestApp } from './factories.ts';
import { corpus, corpusDir, databaseKinds, json, multipart } from './helpers.ts';

/**
 * Every signed-* file of the shared corpus through the API, at upload and through the public
 * validation, against pdfsig's own view of each signature (computed here, not copied from the
 * manifest): where pdfsig finds the signature valid, Signet finds it intact (its CA is unknown
 * here, so INDETERMINATE, never TOTAL-PASSED); where pdfsig finds a digest mismatch or an illegal
 * ByteRange, Signet finds it TOTAL-FAILED.
 */
const signedFiles = readdirSync(corpusDir).filter((f) => f.startsWith('signed-') && f.endsWith('.pdf'));
const scratch = mkdtempSync(join(tmpdir(), 'signet-corpus-validation-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

type PdfsigView = { fieldName: string; view: 'intact' | 'broken' | 'not-judged' };

async function pdfsigView(name: string): Promise<PdfsigView[]> {
  const path = join(scratch, name);
  writeFileSync(path, corpus(name));
  // -nocert: only the signature's integrity, which is what both sides can judge without the CAs.
  const { stdout, stderr } = await promisify(execFile)('pdfsig', ['-nocert', path]).catch(
    (e: { stdout: string; stderr: string }) => e,
  );
  const illegalByteRange = /Illegal values in ByteRange/.test(stderr);
  return stdout
    .split(/^Signature #\d+:$/m)
    .slice(1)
    .map((block) => {
      const fieldName = /Signature Field Name: (.*)$/m.exec(block)?.[1]?.trim() ?? '';
      const status = /Signature Validation: (.*)$/m.exec(block)?.[1] ?? '';
      if (status.startsWith('Signature is Valid')) return { fieldName, view: 'intact' };
      if (
        status.startsWith('Digest Mismatch') ||
        (illegalByteRange && status.includes('not yet been verified'))
      )
        return { fieldName, view: 'broken' };
      return { fieldName, view: 'not-judged' };
    });
}

function expectAgreement(name: string, pdfsig: PdfsigView[], verdicts: SignatureVerdict[]) {
  expect(verdicts.map((v) => v.fieldName).sort(), name).toEqual(pdfsig.map((p) => p.fieldName).sort());
  for (const { fieldName, view } of pdfsig) {
    const verdict = verdicts.find((v) => v.fieldName === fieldName)!;
    const what = `${name} ${fieldName}`;
    if (view === 'intact') {
      expect(verdict.indication, what).toBe('INDETERMINATE');
      expect(verdict.reason, what).toBeTruthy();
    }
    if (view === 'broken') expect(verdict.indication, what).toBe('TOTAL-FAILED');
  }
}

describe.each(databaseKinds)('corpus signatures through the API match pdfsig (%s)', (kind) => {
  const t = useTestApp(kind, { users: cast('owner') });

  it.each(signedFiles)('%s', async (name) => {
    const pdfsig = await pdfsigView(name);
    expect(pdfsig.length, `pdfsig lists the signatures of ${name}`).toBeGreaterThan(0);
    expect(
      pdfsig.some((p) => p.view !== 'not-judged'),
      name,
    ).toBe(true);

    const uploaded = await t.upload('/v3/documents', t.users.owner, [
      { name: 'file', filename: name, content: corpus(name) },
    ]);
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const stored = json<{ documents: Document[] }>(uploaded).documents[0]!.validation!;
    expectAgreement(name, pdfsig, stored.signatures);
    expect(stored.warning !== 'broken', name).toBe(pdfsig.every((p) => p.view !== 'broken'));

    const body = multipart([{ name: 'file', filename: name, content: corpus(name) }]);
    const dropped = await t.app.inject({
      method: 'POST',
      url: '/api/v1/validation',
      headers: body.headers,
      payload: body.payload,
    });
    expect(dropped.statusCode, dropped.body).toBe(200);
    const report = json<ValidationReport>(dropped);
    expectAgreement(name, pdfsig, report.signatures);
    // The public report and the stored one agree on every verdict.
    expect(report.signatures.map(({ checks: _checks, ...verdict }) => verdict)).toEqual(stored.signatures);
  });
});
