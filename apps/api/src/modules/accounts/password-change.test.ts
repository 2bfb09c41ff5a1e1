import { eq } from 'drizzle-orm';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { users } from '../../db/schema/accounts.ts';
import { useTestApp } from '../../../test/factories.ts';

// A password change lays weak_password over the account's attributes as the row has them when its
// update runs, not over a copy read before: another transaction's change to them that commits
// meanwhile stays (here a free signature spent while the change waited for the row). A rerun of the
// transaction after PostgreSQL aborted it needs the same. Two connections at once: PostgreSQL only.

/** Waits until a session of this database waits for a lock (the change, for the held row). */
async function untilSomebodyWaits(client: pg.Client): Promise<void> {
  for (const started = Date.now(); Date.now() - started < 20_000;) {
    const { rows } = await client.query<{ waiting: number }>(
      `select count(*)::int as waiting from pg_stat_activity
       where datname = current_database() and wait_event_type = 'Lock'`,
    );
    if (rows[0]!.waiting > 0) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error('the password change never waited for the row');
}

describe.skipIf(!process.env.DATABASE_URL)('a password change beside another change of the account', () => {
  const t = useTestApp('postgres');

  it('keeps what another transaction wrote to the attributes while it waited', async () => {
    const user = await t.user({ email: 'busy@example.ch' });
    const other = new pg.Client({ connectionString: t.database.url });
    await other.connect();
    try {
      await other.query('begin');
      await other.query('select id from users where id = $1 for update', [user.id]);
      const changing = t.call('POST', '/v1/change-password', user, {
        oldPassword: user.password,
        newPassword: 'Another-good-pass-9',
      });
      await untilSomebodyWaits(other);
      await other.query(
        `update users set attributes = jsonb_set(attributes, '{free_signatures_remaining}', '42') where id = $1`,
        [user.id],
      );
      await other.query('commit');
      expect((await changing).statusCode).toBe(204);
    } finally {
      await other.end();
    }
    const [row] = await t.database.db.select().from(users).where(eq(users.id, user.id));
    expect(row!.attributes).toMatchObject({ free_signatures_remaining: 42, weak_password: false });
  });
});
