import { describe, expect, it } from 'vitest';
import { and, eq, isNull } from 'drizzle-orm';
import { documents } from '../../db/schema/documents.ts';
import { jobs } from '../../db/schema/platform.ts';
import { databaseKinds } from '../../../test/helpers.ts';
import { useTestApp, type TestUser } from '../../../test/factories.ts';
import {
  retentionJobKind,
  runRetentionSweep,
  scheduleRetentionSweep,
  sweepExpiredRequests,
} from './request-retention.service.ts';

// Automatic deletion of finished requests (the profile setting retention {enabled, days}).

const dayMs = 24 * 60 * 60 * 1000;

describe.each(databaseKinds)('automatic deletion on %s', (kind) => {
  const t = useTestApp(kind);
  /** What the job runs with: the app's database and clock. */
  const deps = () => ({ db: t.database.db, clock: t.clock });
  const visible = async (id: string, as: TestUser) =>
    (await t.call('GET', `/v3/signature-requests/${id}`, as)).statusCode;
  const liveDocuments = (ownerId: string) =>
    t.database.db
      .select({ id: documents.id })
      .from(documents)
      .where(and(eq(documents.ownerId, ownerId), isNull(documents.deletedAt)));

  it("deletes a user's finished requests and their documents the chosen number of days after they ended", async () => {
    const keeper = await t.user();
    const tidy = await t.user();
    const sam = await t.user();
    expect(
      (await t.call('PUT', '/v1/user', tidy, { retention: { enabled: true, days: 10 } })).statusCode,
    ).toBe(200);
    const finish = async (owner: TestUser, title: string) => {
      const request = await t.request(owner, { title, signatures: [sam.email] });
      await t.call('POST', `/v3/signature-requests/${request.id}/withdraw`, owner, {});
      return request;
    };
    const withdrawn = await finish(tidy, 'Withdrawn');
    const declined = await t.request(tidy, { title: 'Declined', signatures: [sam.email] });
    await t.call('POST', `/v3/signature-requests/${declined.id}/decline`, sam, {});
    const open = await t.request(tidy, { title: 'Open', signatures: [sam.email] });
    const draft = await t.request(tidy, { title: 'Draft', status: 'DRAFT' });
    const keepers = await finish(keeper, 'Not chosen');

    // Nine days on, nothing is due. (Sessions last a day: everybody signs in again.)
    t.clock.advance(9 * dayMs);
    expect(await sweepExpiredRequests(deps())).toBe(0);
    const late = await finish(await t.login(tidy), 'Ended later');

    // Eleven days on: the two that ended first go, with their documents; the rest stay.
    t.clock.advance(2 * dayMs);
    expect(await sweepExpiredRequests(deps())).toBe(2);
    const [tidyNow, keeperNow] = [await t.login(tidy), await t.login(keeper)];
    for (const gone of [withdrawn, declined]) expect(await visible(gone.id, tidyNow)).toBe(404);
    for (const kept of [open, draft, late]) expect(await visible(kept.id, tidyNow)).toBe(200);
    expect(await visible(keepers.id, keeperNow)).toBe(200);
    const left = (await liveDocuments(tidy.id)).map((d) => d.id).sort();
    expect(left).toEqual([open, draft, late].map((r) => r.documents[0]!.id).sort());
    expect(await liveDocuments(keeper.id)).toHaveLength(1);

    // Switched off, nothing more goes.
    await t.call('PUT', '/v1/user', tidyNow, { retention: { enabled: false, days: 10 } });
    t.clock.advance(30 * dayMs);
    expect(await sweepExpiredRequests(deps())).toBe(0);
    expect(await visible(late.id, await t.login(tidy))).toBe(200);
  });

  it('runs as a daily job that keeps exactly one next run scheduled', async () => {
    const pending = () =>
      t.database.db
        .select({ runAt: jobs.runAt })
        .from(jobs)
        .where(and(eq(jobs.kind, retentionJobKind), isNull(jobs.doneAt)));
    await scheduleRetentionSweep(t.database.db, t.clock.now());
    await scheduleRetentionSweep(t.database.db, t.clock.now());
    expect(await pending()).toHaveLength(1);
    await t.app.jobs.drain();
    const [next, ...more] = await pending();
    expect(more).toEqual([]);
    expect(next!.runAt.getTime() - t.clock.now().getTime()).toBeGreaterThan(dayMs - 60_000);
    // A second process's sweep at the same time does not add another next run.
    await runRetentionSweep(deps());
    expect(await pending()).toHaveLength(1);
  });
});
