import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../db/client.ts';
import { livenessApplicationName } from '../../db/process-liveness.ts';
import { acquireSigningLock, releaseSigningLocks } from '../signature-requests/request-locks.service.ts';
import { databaseKinds, json } from '../../../test/helpers.ts';
import { cast, useTestApp, type TestUser } from '../../../test/factories.ts';
import { lockStatus, openQesRequest } from './signing-fixtures.test-support.ts';

const minute = 60_000;

describe.each(databaseKinds)('request signing locks on %s', (kind) => {
  const t = useTestApp(kind, { users: cast('owner') });
  const { owner } = t.users;

  it('lets one holder in at a time, frees on release, and frees an abandoned lock after its lifetime', async () => {
    const { id } = await openQesRequest(t, owner, ['a@example.ch']);
    const db = t.database.db;
    const now = t.clock.now();
    const take = (holder: string, at = now) =>
      acquireSigningLock(t.database, { requestId: id, holder, ttlMs: minute }, at);
    expect(await take('first')).toBe(true);
    expect(await take('second')).toBe(false);
    expect(await lockStatus(t, owner, id)).toEqual({ locked: true, retry_after_seconds: 60 });
    await releaseSigningLocks(db, [id], 'first');
    expect(await lockStatus(t, owner, id)).toEqual({ locked: false, retry_after_seconds: null });
    expect(await take('second')).toBe(true);
    const later = new Date(now.getTime() + minute + 1_000);
    expect(await take('third', later)).toBe(true);
  });
});

// Several processes share one PostgreSQL: a process that dies must not leave its locks behind.
if (databaseKinds.includes('postgres'))
  describe('request signing locks of a process that died, on PostgreSQL', () => {
    const t = useTestApp('postgres', { listen: true, users: cast('owner') });
    const { owner } = t.users;

    const locked = async (id: string) => (await lockStatus(t, owner, id)).locked;

    it('frees the locks of a process whose connections closed at once, not after their lifetime', async () => {
      const { id } = await openQesRequest(t, owner, ['b@example.ch']);
      const other = await openDatabase({ databaseUrl: t.database.url!, pgliteDir: 'unused' });
      let closed = false;
      try {
        const now = t.clock.now();
        expect(
          await acquireSigningLock(other, { requestId: id, holder: 'crashing', ttlMs: 10 * minute }, now),
        ).toBe(true);
        expect(
          await acquireSigningLock(t.database, { requestId: id, holder: 'me', ttlMs: minute }, now),
        ).toBe(false);
        expect(await locked(id)).toBe(true);
        // The other process ends without releasing anything, as a crash would.
        await other.close();
        closed = true;
        expect(await locked(id)).toBe(false);
        expect(
          await acquireSigningLock(t.database, { requestId: id, holder: 'me', ttlMs: minute }, now),
        ).toBe(true);
      } finally {
        if (!closed) await other.close();
      }
    });

    it('another signer gets the lock at once when the holder’s session is terminated mid-signing', async () => {
      const first = await t.identifiedUser('zertes', { email: 'first@example.ch', mobile: '+41790003001' });
      const second = await t.identifiedUser('zertes', { email: 'second@example.ch', mobile: '+41790003002' });
      const request = await openQesRequest(t, owner, ['first@example.ch', 'second@example.ch']);
      const sign = (signer: TestUser) =>
        t.call('POST', '/v3/sign', signer, { signatureRequests: [{ id: request.id }] });
      // The first signer waits for the SMS code: the request is theirs for ten minutes.
      expect(json(await sign(first))).toMatchObject({ status: 'TAN_REQUIRED' });
      expect(json(await sign(second))).toMatchObject({ code: 'REQUEST_LOCKED' });
      expect(await locked(request.id)).toBe(true);

      const terminated = await t.database.db.execute(sql`
        select pg_terminate_backend(pid, 5000) as done from pg_stat_activity
        where datname = current_database() and application_name = ${livenessApplicationName}`);
      expect((terminated as unknown as { rows: unknown[] }).rows).toEqual([{ done: true }]);

      expect(await locked(request.id)).toBe(false);
      expect(json(await sign(second))).toMatchObject({ status: 'TAN_REQUIRED' });
      // The process lives on with a new liveness session: its new locks are held again.
      await expect.poll(() => t.database.processKey(), { timeout: 5_000 }).not.toBeNull();
      expect(json(await sign(first))).toMatchObject({ code: 'REQUEST_LOCKED' });
    });
  });
