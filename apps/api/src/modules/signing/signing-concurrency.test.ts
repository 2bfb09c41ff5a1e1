import { beforeAll, describe, expect, it } from 'vitest';
import { validatePdfSignatures } from '@signet/pdf';
import type { SignatureRequest } from '@signet/contracts/signature-requests';
import { databaseKinds, json, samplePdf } from '../../../test/helpers.ts';
import { cast, useTestApp, type TestUser } from '../../../test/factories.ts';

const signerCount = 10;

describe.each(databaseKinds)('concurrent signers on %s', (kind) => {
  const t = useTestApp(kind, {
    listen: true,
    env: { LOG_LEVEL: 'warn' },
    users: cast('owner'),
  });
  const { owner } = t.users;
  const signers: TestUser[] = [];
  beforeAll(async () => {
    for (let i = 0; i < signerCount; i++)
      signers.push(await t.user({ email: `signer${i}@example.ch`, firstName: `Signer${i}` }));
  });

  it('ten signers signing at the same moment all land; whoever meets the lock is told to retry', async () => {
    const { id } = await t.request(owner, {
      title: 'Everyone at once',
      documents: [{ title: 'doc', content: samplePdf }],
      signatures: signers.map((signer) => signer.email),
    });

    const lockedAnswers: number[] = [];
    const signUntilDone = async (signer: TestUser) => {
      for (let attempt = 0; attempt < 200; attempt++) {
        const response = await t.call('POST', '/v3/sign', signer, { signatureRequests: [{ id }] });
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

    const final = json<SignatureRequest>(await t.call('GET', `/v3/signature-requests/${id}`, owner));
    expect(final).toMatchObject({ status_overall: 'SIGNED', signed_count: signerCount });
    expect(final.documents[0]!.signatureCount).toBe(signerCount);
    const pdf = (await t.call('GET', `/v3/documents/${final.documents[0]!.id}/download`, owner)).rawPayload;
    const report = await validatePdfSignatures(new Uint8Array(pdf), {
      trustAnchors: await (await fetch(`${t.config.publicUrl}/api/v1/trust-list.pem`)).text(),
    });
    const signatures = report.signatures.filter((s) => s.kind === 'signature');
    expect(signatures).toHaveLength(signerCount);
    expect(signatures.every((s) => s.indication === 'TOTAL-PASSED')).toBe(true);
  }, 300_000);
});
