import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from '../apps/api/src/db/client';

/**
 * The fast factory for list benchmarks: `count` requests of one owner who is also their signer,
 * straight into the tables in batches (the API would take hours for 100,000). A third are signed,
 * the rest open for the owner to sign; each batch is a minute older than the one before. The list
 * index fills from the same statements through its triggers (migration 0025), set-based per batch.
 */
export async function bulkRequests(
  db: Db,
  owner: { id: string; email: string },
  documentId: string,
  count: number,
  firstBatch = 0,
): Promise<void> {
  const batchSize = 2_000;
  for (let batch = firstBatch; batch < firstBatch + count / batchSize; batch++) {
    const ids = Array.from({ length: batchSize }, () => randomUUID());
    const at = new Date(Date.now() - batch * 60_000).toISOString();
    const status = (i: number) => (i % 3 === 0 ? 'SIGNED' : 'OPEN');
    await db.transaction(async (tx) => {
      await tx.execute(
        sql.raw(
          `insert into signature_requests (id, owner_id, title, status, quality, legislation, signing_order, redirect_timeout, created_at, updated_at) values ${ids.map((id, i) => `('${id}', '${owner.id}', 'Load ${batch}-${i}', '${status(i)}', 'ses', 'zertes', false, 45, '${at}', '${at}')`).join(',')}`,
        ),
      );
      await tx.execute(
        sql.raw(
          `insert into request_documents (request_id, document_id, position) values ${ids.map((id) => `('${id}', '${documentId}', 0)`).join(',')}`,
        ),
      );
      await tx.execute(
        sql.raw(
          `insert into signers (id, request_id, sequence, kind, user_id, email, first_name, last_name, language, status, placements) values ${ids.map((id, i) => `('${randomUUID()}', '${id}', 1, 'account', '${owner.id}', '${owner.email}', 'Bea', 'Bench', 'en-gb', '${status(i) === 'SIGNED' ? 'SIGNED' : 'OPEN'}', '[]')`).join(',')}`,
        ),
      );
    });
  }
}
