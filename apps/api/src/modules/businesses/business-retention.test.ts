import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { and, eq, isNull } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { RetentionDeletionList } from '@signet/contracts/business-branding';
import { jobs } from '../../db/schema/platform.ts';
import { cast, useTestApp, type TestUser } from '../../../test/factories.ts';
import { corpus, createTestApp, databaseKinds, json } from '../../../test/helpers.ts';
import { productionSettings } from '../../../test/production-settings.ts';
import { abortFirstInsert } from '../../../test/serialization-failure.ts';
import { businessRetentionJobKind, scheduleBusinessRetention } from './business-retention.service.ts';

// A business's automatic deletion (settings.signatureRequests.retention): the durable job removes
// its members' finished requests with their documents, attachments and page images, from the
// database and from storage, `terminalState` days after they ended, and records each deletion.

const dayMs = 24 * 60 * 60 * 1000;
const blobPath = (dataDir: string, sha256: string) => join(dataDir, 'blobs', sha256.slice(0, 2), sha256);

describe.each(databaseKinds)('business automatic deletion on %s', (kind) => {
  const t = useTestApp(kind, { users: cast('admin', 'member', 'loner', 'signer') });
  const { admin, member, loner, signer } = t.users;

  it('deletes finished requests of members with their files after the period, and records it', async () => {
    const acme = await t.business(admin, { name: 'Acme AG' });
    await t.member(acme, member);
    const base = `/v1/businesses/${acme.id}`;
    const settings = { signatureRequests: { retention: { enabled: true, terminalState: 10 } } };
    expect((await t.call('PUT', `${base}/settings`, admin, settings)).statusCode).toBe(200);

    // The doomed request has a PDF of its own (blobs are shared by content), an attachment and a
    // rendered page image.
    const ownPdf = { title: 'Contract', content: corpus('form-two-empty-signature-fields-incremental.pdf') };
    const doomed = await t.request(member, {
      title: 'Withdrawn',
      documents: [ownPdf],
      signatures: [signer.email],
    });
    const requestUrl = `/v3/signature-requests/${doomed.id}`;
    const attached = await t.upload(`${requestUrl}/attachments`, member, [
      {
        name: 'file',
        filename: 'notes.txt',
        contentType: 'text/plain',
        content: Buffer.from('retention notes\n'),
      },
    ]);
    expect(attached.statusCode, attached.body).toBe(201);
    const document = doomed.documents[0]!;
    expect((await t.call('GET', `/v3/documents/${document.id}/pages/1`, member)).statusCode).toBe(200);
    await t.call('POST', `${requestUrl}/withdraw`, member, {});
    // The factories' sample PDF, as the open request below: that upload's file must stay.
    const sharing = await t.request(admin, { title: 'Declined', signatures: [signer.email] });
    await t.call('POST', `/v3/signature-requests/${sharing.id}/decline`, signer, {});
    const open = await t.request(member, { title: 'Still open', signatures: [signer.email] });
    const outsider = await t.request(loner, { title: 'Not in the business', signatures: [signer.email] });
    await t.call('POST', `/v3/signature-requests/${outsider.id}/withdraw`, loner, {});

    const dataDir = t.config.dataDir;
    const shasOf = async (query: string) =>
      ((await t.database.db.execute(query)) as unknown as { rows: Array<{ sha: string }> }).rows.map(
        (row) => row.sha,
      );
    // Every version of the document: the upload and the one with the signature fields added.
    const ownBlobs = await shasOf(
      `select sha256 as sha from document_versions where document_id = '${document.id}'`,
    );
    const [currentBlob] = await shasOf(
      `select current_sha256 as sha from documents where id = '${document.id}'`,
    );
    expect(ownBlobs).toContain(currentBlob);
    const [attachmentBlob] = await shasOf(
      `select sha256 as sha from attachments where request_id = '${doomed.id}'`,
    );
    const pageImages = () =>
      readdirSync(join(dataDir, 'page-cache')).filter((f) => f.startsWith(currentBlob!));
    for (const sha of ownBlobs) expect(existsSync(blobPath(dataDir, sha))).toBe(true);
    expect(existsSync(blobPath(dataDir, attachmentBlob!))).toBe(true);
    expect(pageImages()).not.toEqual([]);

    const runJob = async () => {
      await scheduleBusinessRetention(t.database.db, t.clock.now());
      await t.app.jobs.drain();
    };
    // Nine days on, nothing is due.
    t.clock.advance(9 * dayMs);
    await runJob();
    const visible = async (id: string, as: TestUser) =>
      (await t.call('GET', `/v3/signature-requests/${id}`, await t.login(as))).statusCode;
    expect(await visible(doomed.id, member)).toBe(200);

    t.clock.advance(2 * dayMs);
    await runJob();
    expect(await visible(doomed.id, member)).toBe(404);
    expect(await visible(sharing.id, admin)).toBe(404);
    expect(await visible(open.id, member)).toBe(200);
    expect(await visible(outsider.id, loner)).toBe(200);
    // The files are gone from storage, but not those another live document uses.
    for (const sha of ownBlobs) expect(existsSync(blobPath(dataDir, sha))).toBe(false);
    expect(existsSync(blobPath(dataDir, attachmentBlob!))).toBe(false);
    expect(pageImages()).toEqual([]);
    const [openUpload] = await shasOf(
      `select original_sha256 as sha from documents where id = '${open.documents[0]!.id}'`,
    );
    const [sharedUpload] = await shasOf(
      `select original_sha256 as sha from documents where id = '${sharing.documents[0]!.id}'`,
    );
    expect(sharedUpload).toBe(openUpload);
    expect(existsSync(blobPath(dataDir, openUpload!))).toBe(true);

    // The admins see what went.
    const recorded = json<RetentionDeletionList>(
      await t.call('GET', `${base}/retention-deletions`, await t.login(admin)),
    );
    expect(
      recorded.deletions
        .map((d) => [d.requestId, d.title, d.status, d.documentCount, d.attachmentCount])
        .sort(),
    ).toEqual(
      [
        [doomed.id, 'Withdrawn', 'WITHDRAWN', 1, 1],
        [sharing.id, 'Declined', 'DECLINED', 1, 0],
      ].sort(),
    );

    // The job keeps exactly one next run, a day later.
    const pending = await t.database.db
      .select({ runAt: jobs.runAt })
      .from(jobs)
      .where(and(eq(jobs.kind, businessRetentionJobKind), isNull(jobs.doneAt)));
    expect(pending).toHaveLength(1);
    expect(pending[0]!.runAt.getTime() - t.clock.now().getTime()).toBeGreaterThan(dayMs - 60_000);
  });

  it('leaves everything when automatic deletion is off', async () => {
    const owner = await t.user();
    const business = await t.business(owner, { name: 'Keeper AG' });
    const request = await t.request(owner, { title: 'Kept', signatures: [signer.email] });
    await t.call('POST', `/v3/signature-requests/${request.id}/withdraw`, owner, {});
    t.clock.advance(400 * dayMs);
    await scheduleBusinessRetention(t.database.db, t.clock.now());
    await t.app.jobs.drain();
    const again = await t.login(owner);
    expect((await t.call('GET', `/v3/signature-requests/${request.id}`, again)).statusCode).toBe(200);
    const recorded = json<RetentionDeletionList>(
      await t.call('GET', `/v1/businesses/${business.id}/retention-deletions`, again),
    );
    expect(recorded.deletions).toEqual([]);
  });

  it('the test-only call sweeps as of the instant it names, and names a bad instant', async () => {
    const owner = await t.user();
    const business = await t.business(owner, { name: 'Moved Clock AG' });
    const settings = { signatureRequests: { retention: { enabled: true, terminalState: 3 } } };
    expect((await t.call('PUT', `/v1/businesses/${business.id}/settings`, owner, settings)).statusCode).toBe(
      200,
    );
    const request = await t.request(owner, { title: 'Swept', signatures: [signer.email] });
    await t.call('POST', `/v3/signature-requests/${request.id}/withdraw`, owner, {});
    const sweep = (asOf: unknown) => t.call('POST', '/test/jobs/business-retention', null, { asOf });
    const daysOn = (days: number) => new Date(t.clock.now().getTime() + days * dayMs).toISOString();

    const bad = await sweep('next week');
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('asOf');
    expect(json(await sweep(daysOn(2)))).toEqual({ deleted: 0 });
    const later = daysOn(4);
    expect(json(await sweep(later))).toEqual({ deleted: 1 });
    // The app's own clock did not move: only the sweep saw the later instant.
    const again = await t.login(owner);
    expect((await t.call('GET', `/v3/signature-requests/${request.id}`, again)).statusCode).toBe(404);
    const recorded = json<RetentionDeletionList>(
      await t.call('GET', `/v1/businesses/${business.id}/retention-deletions`, again),
    );
    expect(recorded.deletions.map((d) => [d.title, d.deletedAt])).toEqual([['Swept', later]]);
  });

  // PostgreSQL may abort a deletion's transaction (deadlock, serialization) and the db layer then runs
  // it again: the request goes once, with one record, and its files are judged by the committed run.
  it.skipIf(kind !== 'postgres')(
    'deletes and records a request once when its transaction ran twice',
    async () => {
      const owner = await t.user();
      const business = await t.business(owner, { name: 'Retried AG' });
      const settings = { signatureRequests: { retention: { enabled: true, terminalState: 3 } } };
      expect(
        (await t.call('PUT', `/v1/businesses/${business.id}/settings`, owner, settings)).statusCode,
      ).toBe(200);
      const ownPdf = { title: 'Retried', content: corpus('form-two-empty-signature-fields-incremental.pdf') };
      const request = await t.request(owner, {
        title: 'Purged twice',
        documents: [ownPdf],
        signatures: [signer.email],
      });
      await t.call('POST', `/v3/signature-requests/${request.id}/withdraw`, owner, {});
      const versions = (await t.database.db.execute(
        `select sha256 from document_versions where document_id = '${request.documents[0]!.id}'`,
      )) as unknown as { rows: Array<{ sha256: string }> };
      for (const { sha256 } of versions.rows)
        expect(existsSync(blobPath(t.config.dataDir, sha256))).toBe(true);
      const failure = await abortFirstInsert(
        t.database.db,
        'business_retention_deletions',
        `new.title = 'Purged twice'`,
      );
      try {
        const asOf = new Date(t.clock.now().getTime() + 4 * dayMs).toISOString();
        expect(json(await t.call('POST', '/test/jobs/business-retention', null, { asOf }))).toEqual({
          deleted: 1,
        });
        expect(await failure.hits()).toBe(2);
      } finally {
        await failure.remove();
      }
      const again = await t.login(owner);
      expect((await t.call('GET', `/v3/signature-requests/${request.id}`, again)).statusCode).toBe(404);
      const recorded = json<RetentionDeletionList>(
        await t.call('GET', `/v1/businesses/${business.id}/retention-deletions`, again),
      );
      expect(recorded.deletions.map((d) => d.title)).toEqual(['Purged twice']);
      for (const { sha256 } of versions.rows)
        expect(existsSync(blobPath(t.config.dataDir, sha256))).toBe(false);
    },
  );
});

describe('the test-only retention sweep outside tests', () => {
  it('is not registered in production', async () => {
    const app = await createTestApp('pglite', { env: productionSettings });
    try {
      const asOf = new Date().toISOString();
      const answer = await app.app.inject({
        method: 'POST',
        url: '/api/test/jobs/business-retention',
        payload: { asOf },
      });
      expect(answer.statusCode).toBe(404);
    } finally {
      await app.close();
    }
  });
});
