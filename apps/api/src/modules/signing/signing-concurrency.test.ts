import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { validatePdfSignatures } from '@signet/pdf';
import type { SignatureRequest } from '@signet/contracts/signature-requests';
import {
  bearer,
  corpusDir,
  createTestApp,
  databaseKinds,
  json,
  signUp,
  type TestApp,
} from '../../../test/helpers.ts';

const signerCount = 10;

describe.each(databaseKinds)('concurrent signers on %s', (kind) => {
  let t: TestApp;
  let owner: string;
  const signers: string[] = [];
  beforeAll(async () => {
    t = await createTestApp(kind, { listen: true, env: { LOG_LEVEL: 'warn' } });
    owner = (await signUp(t, { email: 'owner@example.ch' })).token;
    for (let i = 0; i < signerCount; i++)
      signers.push((await signUp(t, { email: `signer${i}@example.ch`, firstName: `Signer${i}` })).token);
  });
  afterAll(() => t.close());

  it('ten signers signing at the same moment all land; whoever meets the lock is told to retry', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/v3/signature-requests',
      headers: bearer(owner),
      payload: {
        title: 'Everyone at once',
        documents: [
          {
            title: 'doc',
            content: readFileSync(`${corpusDir}basic-pdf15-libreoffice-writer.pdf`).toString('base64'),
          },
        ],
        signatures: Array.from({ length: signerCount }, (_, i) => ({
          account_email: `signer${i}@example.ch`,
        })),
      },
    });
    const id = json<SignatureRequest>(created).id;
    await t.app.inject({
      method: 'POST',
      url: `/api/v3/signature-requests/${id}/initiate`,
      headers: bearer(owner),
    });

    const lockedAnswers: number[] = [];
    const signUntilDone = async (token: string) => {
      for (let attempt = 0; attempt < 200; attempt++) {
        const response = await t.app.inject({
          method: 'POST',
          url: '/api/v3/sign',
          headers: bearer(token),
          payload: { signatureRequests: [{ id }] },
        });
        if (response.statusCode === 200) return;
        expect(response.statusCode, response.body).toBe(409);
        expect(json(response).code).toBe('REQUEST_LOCKED');
        expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
        lockedAnswers.push(attempt);
        await new Promise((resolve) => setTimeout(resolve, 100 + Math.random() * 200));
      }
      throw new Error('never got to sign');
    };
    await Promise.all(signers.map(signUntilDone));
    expect(lockedAnswers.length).toBeGreaterThan(0);

    const final = json<SignatureRequest>(
      await t.app.inject({ method: 'GET', url: `/api/v3/signature-requests/${id}`, headers: bearer(owner) }),
    );
    expect(final).toMatchObject({ status_overall: 'SIGNED', signed_count: signerCount });
    expect(final.documents[0]!.signatureCount).toBe(signerCount);
    const pdf = (
      await t.app.inject({
        method: 'GET',
        url: `/api/v3/documents/${final.documents[0]!.id}/download`,
        headers: bearer(owner),
      })
    ).rawPayload;
    const report = await validatePdfSignatures(new Uint8Array(pdf), {
      trustAnchors: await (await fetch(`${t.config.publicUrl}/api/v1/trust-list.pem`)).text(),
    });
    const signatures = report.signatures.filter((s) => s.kind === 'signature');
    expect(signatures).toHaveLength(signerCount);
    expect(signatures.every((s) => s.indication === 'TOTAL-PASSED')).toBe(true);
  }, 300_000);
});
