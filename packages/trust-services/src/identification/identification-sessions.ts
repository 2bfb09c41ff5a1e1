import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Legislation } from '../pki/sandbox-pki.js';
import { stateDir, writeFileAtomic } from '../pki/state-files.js';

/**
 * The sandbox identification providers and what each offers: `srs` identifies for eIDAS (by video,
 * or self-service "robo" identification), `intrum` for ZertES (by video, or automatic identification
 * of an identity document). Both are simulated; every identification they make says so (`demo`).
 */
export const identificationOffers = {
  srs: { legislation: 'eidas', methods: ['video', 'robo'] },
  intrum: { legislation: 'zertes', methods: ['video', 'autoident'] },
} as const satisfies Record<string, { legislation: Legislation; methods: readonly string[] }>;
export type IdentProvider = keyof typeof identificationOffers;
export const identProviders = Object.keys(identificationOffers) as IdentProvider[];
export type IdentMethod = 'video' | 'robo' | 'autoident';

/**
 * A session's life: created (initialized), opened by the person (inprogress), and ended by them
 * (success, failure, abandoned), by the client (cancelled) or by time (expired, read-time only).
 */
export type IdentStatus =
  'initialized' | 'inprogress' | 'success' | 'failure' | 'abandoned' | 'cancelled' | 'expired';
export const finalStatuses: readonly IdentStatus[] = [
  'success',
  'failure',
  'abandoned',
  'cancelled',
  'expired',
];

/** What the provider verified about the person (success only). */
export interface VerifiedPerson {
  firstName: string;
  lastName: string;
  /** YYYY-MM-DD. */
  birthDate: string;
  documentType: 'passport' | 'identity-card';
  /** YYYY-MM-DD. */
  documentExpiry: string;
  /** The identification is good for signatures of this level under its legislation. */
  level: 'qes';
  /** Simulated: the sandbox's identifications are not legally binding. */
  demo: true;
}

export interface IdentSession {
  id: string;
  provider: IdentProvider;
  method: IdentMethod;
  legislation: Legislation;
  /** The client's own reference for the identification. */
  reference: string;
  /** SHA-256 of the page token: the link the person follows carries the token, the file only its hash. */
  pageTokenHash: string;
  /** Where the page sends the person when they are done. */
  returnUrl: string;
  /** Where the signed webhook goes when the session changes. */
  webhookUrl: string;
  /** The name the client expects, shown on the sample document (the tester may change it). */
  expected: { firstName: string; lastName: string };
  status: IdentStatus;
  result: VerifiedPerson | null;
  history: Array<{ status: IdentStatus; at: string }>;
  createdAt: string;
  updatedAt: string;
  expiresAt: string;
  completedAt: string | null;
}

export const hashPageToken = (token: string) => createHash('sha256').update(token).digest('hex');

const sessionIdPattern = /^ids_[A-Za-z0-9_-]{16,64}$/;
export const isSessionId = (id: string) => sessionIdPattern.test(id);

/**
 * Identification sessions, one JSON file each under `identification/` of the sandbox's data dir,
 * read from disk when asked for, so every instance on the data dir sees every session.
 */
export function openSessionStore(dataDir: string) {
  const dir = join(stateDir(dataDir), 'identification');
  return {
    get(id: string): IdentSession | undefined {
      // The id arrives from the network: only plain ids may become a file name.
      if (!isSessionId(id)) return undefined;
      try {
        return JSON.parse(readFileSync(join(dir, `${id}.json`), 'utf8')) as IdentSession;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
        throw error;
      }
    },
    async save(session: IdentSession): Promise<void> {
      await writeFileAtomic(join(dir, `${session.id}.json`), `${JSON.stringify(session, null, 2)}\n`);
    },
  };
}
export type SessionStore = ReturnType<typeof openSessionStore>;
