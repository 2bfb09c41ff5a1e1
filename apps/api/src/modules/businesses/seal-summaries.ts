import type { SealSummary } from '@signet/contracts/businesses';
import type { Db } from '../../db/client.ts';
import * as repo from './business-seals.repository.ts';
import type { BusinessCaller } from './business-caller.ts';

// The seals as the business view and the seal calls list them, in their own file so that
// businesses.service.ts (the business view) and business-seals.service.ts (which uses the
// business's members) do not import each other.

/** `counts`: the people (nMembers) and the API users (nApi) allowed to use the seal. */
export function toSealSummary(
  row: repo.SealRow,
  counts: { nMembers: number; nApi: number },
  canUse: boolean,
): SealSummary {
  return {
    accountName: row.accountName,
    displayName: row.displayName,
    nApi: counts.nApi,
    nMembers: counts.nMembers,
    hasImage: row.imageSha256 !== null,
    canUse,
  };
}

/** The business's seals; canUse: admins may use every seal, members those they were added to. */
export async function sealSummaries(db: Db, caller: BusinessCaller): Promise<SealSummary[]> {
  const rows = await repo.sealsOf(db, caller.businessId);
  const mine = new Set(
    caller.role === 'admin' ? [] : await repo.sealIdsOfMember(db, caller.businessId, caller.userId),
  );
  return rows.map((row) => toSealSummary(row, row, caller.role === 'admin' || mine.has(row.id)));
}
