import { join } from 'node:path';
import { appendJsonLine, readJsonLines, stateDir } from './state-files.js';

/** One certificate the sandbox CAs issued; OCSP answers "good" only for serials found here. */
export interface IssuedRecord {
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

/** Append-only log `issued.jsonl`, held in memory for lookups (the sandbox runs in one process). */
export async function openIssuedRegistry(dataDir: string): Promise<IssuedRegistry> {
  const path = join(stateDir(dataDir), 'issued.jsonl');
  const bySerial = new Map<string, IssuedRecord>();
  for (const record of await readJsonLines<IssuedRecord>(path)) bySerial.set(record.serialHex, record);
  return {
    async add(record) {
      bySerial.set(record.serialHex, record);
      await appendJsonLine(path, record);
    },
    find: (serialHex) => bySerial.get(serialHex),
  };
}
