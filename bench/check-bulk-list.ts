import type { BenchServer } from './bench-server';

interface ListAnswer {
  total: number;
  items: Array<{ title: string; status_overall: string; documents: unknown[]; signatures: unknown[] }>;
}

/**
 * Reads the bulk-filled dashboard back through the API, as a client would, and fails the benchmark
 * unless it shows what bench/bulk-requests.ts wrote: `bulk` more requests besides the
 * `throughApi` signed ones made through the API, a third of the bulk ones completed and the rest
 * waiting for the owner, each with its signer and document. The totals come from the kept counts,
 * and with a search from the list index itself, so both are checked against the rows.
 */
export async function checkBulkList(
  app: BenchServer['app'],
  token: string,
  bulk: number,
  throughApi: number,
): Promise<void> {
  const list = async (query: string) => {
    const answer = await app.inject({
      url: `/api/v3/signature-requests?${query}`,
      headers: { authorization: `Bearer ${token}` },
    });
    if (answer.statusCode !== 200) throw new Error(`${query}: ${answer.statusCode} ${answer.body}`);
    return answer.json<ListAnswer>();
  };
  const signed = Math.ceil(bulk / 3);
  const expected: Record<string, number> = {
    'filter=all': bulk + throughApi,
    'filter=all&search=Load': bulk,
    'filter=toSign': bulk - signed,
    'filter=completed': signed + throughApi,
    'filter=pending': 0,
  };
  for (const [query, total] of Object.entries(expected)) {
    const answer = await list(`${query}&size=100&page=${Math.max(1, Math.floor(total / 200))}`);
    if (answer.total !== total) throw new Error(`${query}: total ${answer.total}, expected ${total}`);
    for (const item of answer.items)
      if (item.signatures.length !== 1 || item.documents.length !== 1)
        throw new Error(
          `${query}: ${item.title} has ${item.signatures.length} signers, ${item.documents.length} documents`,
        );
  }
}
