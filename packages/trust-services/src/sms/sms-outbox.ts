import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import type { Clock } from '../control/clock.js';
import { appendJsonLine, FileBackedValue, parseJsonLines, stateDir } from '../pki/state-files.js';

export interface SmsMessage {
  id: string;
  /** E.164 number. */
  to: string;
  text: string;
  createdAt: string;
}

export interface SmsOutbox {
  send(to: string, text: string): Promise<SmsMessage>;
  /** Newest first, optionally only those to one number. */
  list(filter?: { to?: string }): SmsMessage[];
  /** The last six-digit code sent to a number, for tests and scripted walkthroughs. */
  latestCode(to: string): string | undefined;
}

/**
 * The sandbox's SMS gateway delivers nothing: it appends every message to `sms-outbox.jsonl` in the data
 * dir (one JSON line each) and reads that file back, cached while it is unchanged.
 */
export async function openSmsOutbox(dataDir: string, clock: Clock): Promise<SmsOutbox> {
  const path = join(stateDir(dataDir), 'sms-outbox.jsonl');
  const messages = new FileBackedValue(path, (text) => parseJsonLines<SmsMessage>(text));
  const list = (filter: { to?: string } = {}) =>
    messages
      .get()
      .filter((m) => filter.to === undefined || m.to === filter.to)
      .reverse();
  return {
    async send(to, text) {
      const message: SmsMessage = { id: randomUUID(), to, text, createdAt: clock.now().toISOString() };
      await appendJsonLine(path, message);
      return message;
    },
    list,
    latestCode(to) {
      for (const message of list({ to })) {
        const code = /\b(\d{6})\b/.exec(message.text)?.[1];
        if (code) return code;
      }
      return undefined;
    },
  };
}
