import { PassThrough } from 'node:stream';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { SignatureRequest } from '@signet/contracts/signature-requests';
import { users } from '../../db/schema/accounts.ts';
import { corpus, databaseKinds, json } from '../../../test/helpers.ts';
import { cast, useTestApp, type TestUser } from '../../../test/factories.ts';

// Check before work: whatever can refuse a signing is answered before Signet asks any trust
// service for anything — no certificate enrolled, no hash signed, no timestamp, no OCSP or CRL.
// The adapters reach the sandbox over HTTP, so the server's request log shows every such call.

/** Any call to the sandbox: signing (RA, CSC), timestamps, OCSP and CRLs, and the rest. */
const TRUST_SERVICE_CALL = /^\/sandbox\//;

describe.each(databaseKinds)('refusals come before any trust service call on %s', (kind) => {
  const log: string[] = [];
  const logStream = new PassThrough();
  logStream.on('data', (chunk: Buffer) => log.push(...chunk.toString('utf8').split('\n')));
  const t = useTestApp(kind, {
    listen: true,
    env: { LOG_LEVEL: 'info' },
    overrides: { logStream },
    users: { ...cast('owner', 'signer', 'second', 'stranger') },
  });

  /** The trust-service paths the server was asked for while `action` ran. */
  async function trustServiceCalls(action: () => Promise<unknown>): Promise<string[]> {
    await new Promise((resolve) => setImmediate(resolve));
    const from = log.length;
    await action();
    await new Promise((resolve) => setImmediate(resolve));
    return log
      .slice(from)
      .filter((line) => line.includes('"incoming request"'))
      .map((line) => (JSON.parse(line) as { req: { url: string } }).req.url)
      .filter((url) => TRUST_SERVICE_CALL.test(url));
  }

  /** Signs as `who`, expecting the refusal `code` with `status` and no trust-service call. */
  async function refusedFirst(
    who: TestUser,
    body: Record<string, unknown>,
    status: number,
    code: string,
  ): Promise<void> {
    let answer: Awaited<ReturnType<typeof t.call>> | undefined;
    const calls = await trustServiceCalls(async () => {
      answer = await t.call('POST', '/v3/sign', who, body);
    });
    expect(answer!.statusCode, answer!.body).toBe(status);
    expect(json(answer!)).toMatchObject({ code });
    expect(calls, code).toEqual([]);
  }

  const openRequest = (spec: Parameters<typeof t.request>[1]) =>
    t.request(t.users.owner, {
      documents: [{ title: 'contract', content: corpus('pdf20-simple-pdfassociation.pdf') }],
      ...spec,
    });
  const only = (request: SignatureRequest, extra: Record<string, unknown> = {}) => ({
    signatureRequests: [{ id: request.id, ...extra }],
  });
  const setFreeSignatures = (email: string, left: number) =>
    t.database.db
      .update(users)
      .set({
        attributes: sql`jsonb_set(${users.attributes}, '{free_signatures_remaining}', ${String(left)}::jsonb)`,
      })
      .where(eq(users.email, email));

  it('a signing that goes through does reach the trust services (the log sees them)', async () => {
    const request = await openRequest({ quality: 'aes', signatures: [t.users.signer.email] });
    const calls = await trustServiceCalls(() => t.sign(request, t.users.signer));
    expect(calls.some((url) => url.startsWith('/sandbox/ra/'))).toBe(true);
    expect(calls.some((url) => url.startsWith('/sandbox/csc/'))).toBe(true);
    expect(calls.some((url) => url.startsWith('/sandbox/tsa'))).toBe(true);
    expect(calls.some((url) => url.startsWith('/sandbox/ocsp'))).toBe(true);
  });

  it('no free signatures left, or fewer than the batch needs: refused whole, nothing signed', async () => {
    const { signer } = t.users;
    const [first, second] = [
      await openRequest({ signatures: [signer.email] }),
      await openRequest({ signatures: [signer.email] }),
    ];
    await setFreeSignatures(signer.email, 0);
    await refusedFirst(signer, only(first), 403, 'FREE_SIGNATURES_EXHAUSTED');
    await setFreeSignatures(signer.email, 1);
    await refusedFirst(
      signer,
      { signatureRequests: [{ id: first.id }, { id: second.id }] },
      403,
      'FREE_SIGNATURES_EXHAUSTED',
    );
    for (const request of [first, second]) {
      const after = json<SignatureRequest>(
        await t.call('GET', `/v3/signature-requests/${request.id}`, signer),
      );
      expect(after).toMatchObject({ status_overall: 'OPEN', signed_count: 0 });
    }
    await setFreeSignatures(signer.email, 5);
  });

  it('order, permissions and request status', async () => {
    const { owner, signer, second, stranger } = t.users;
    const ordered = await openRequest({ signing_order: true, signatures: [signer.email, second.email] });
    await refusedFirst(second, only(ordered), 409, 'NOT_YOUR_TURN');
    await refusedFirst(owner, only(ordered), 403, 'NOT_A_SIGNER');
    await refusedFirst(stranger, only(ordered), 404, 'NOT_FOUND');
    const single = await openRequest({ signatures: [signer.email] });
    await t.sign(single, signer);
    await refusedFirst(signer, only(single), 409, 'SIGNATURE_REQUEST_NOT_OPEN');
  });

  it('quality: QES without identification, an unconfirmed e-mail, Part 11 data, a mixed batch', async () => {
    const { signer, second } = t.users;
    const qes = await openRequest({ quality: 'qes', legislation: 'eidas', signatures: [signer.email] });
    await refusedFirst(signer, only(qes), 403, 'QUALITY_NOT_AVAILABLE');
    const aes = await openRequest({ signatures: [signer.email] });
    await refusedFirst(
      signer,
      { signatureRequests: [{ id: qes.id }, { id: aes.id }] },
      400,
      'VALIDATION_FAILED',
    );
    const part11 = await openRequest({ quality: 'part11', signatures: [signer.email] });
    await refusedFirst(signer, only(part11), 400, 'PART11_DATA_REQUIRED');
    await t.database.db.update(users).set({ emailVerified: false }).where(eq(users.email, second.email));
    const unconfirmed = await openRequest({ signatures: [second.email] });
    await refusedFirst(second, only(unconfirmed), 403, 'QUALITY_NOT_AVAILABLE');
    await t.database.db.update(users).set({ emailVerified: true }).where(eq(users.email, second.email));
  });

  it('a seal the signer may not use', async () => {
    const { signer } = t.users;
    const request = await openRequest({ signatures: [signer.email] });
    await refusedFirst(signer, { ...only(request), sealAccountName: 'no-such-seal' }, 404, 'SEAL_NOT_FOUND');
  });
});
