import { join } from 'node:path';
import { appendJsonLine, FileBackedValue, parseJsonLines, stateDir } from './state-files.js';

/** One certificate the sandbox CAs issued; OCSP answers "good" only for serials found here. */
interface IssuedRecord {
  serialHex: string;
  issuerId: string;
  subject: string;
  notAfter: string;
  issuedAt: string;
}

export interface IssuedRegistry {
  add(record: IssuedRecord): Promise<void>;
  find(serialHex: string): IssuedRecord | undefined;
}

/** Append-only log `issued.jsonl`, cached in memory for lookups. */
export async function openIssuedRegistry(dataDir: string): Promise<IssuedRegistry> {
  const path = join(stateDir(dataDir), 'issued.jsonl');
  const bySerial = new FileBackedValue(
    path,
    (text) => new Map(parseJsonLines<IssuedRecord>(text).map((r) => [r.serialHex, r] as const)),
  );
  return {
    add: (record) => appendJsonLine(path, record),
    find: (serialHex) => bySerial.get().get(serialHex),
  };
}
