import type { Db } from '../../db/client.ts';
import type { Clock } from '../../clock.ts';
import type { IdentificationProviderClient } from '../../adapters/identification-provider.ts';
import type { AuditDeps } from '../signature-requests/audit-deps.ts';

/** Whose identifications: an account's, or a direct-sign visitor's (their signer slot of one request). */
export type IdentifiedSubject = { kind: 'account'; userId: string } | { kind: 'visitor'; signerId: string };

/** The name a subject goes by in Signet: the account's, or the one the requester gave the visitor. */
export interface PersonName {
  firstName: string;
  lastName: string;
}

/** What the identification services work with (the app builds it once, in app.ts). */
export interface IdentificationDeps {
  db: Db;
  clock: Clock;
  publicUrl: string;
  providers: IdentificationProviderClient;
  /** The key of the providers' webhook signatures. */
  webhookSecret: string;
  /**
   * The audit trail's keys: an identification made for a signature request records its end in that
   * request's trail (and so the `identification.finished` webhook). Absent: nothing is recorded.
   */
  audit?: AuditDeps;
}
