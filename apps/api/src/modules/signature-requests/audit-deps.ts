import type { TimestampTransport } from '@signet/pdf';

// In a file of its own, without imports from the modules: the identification services take it too
// (an identification made for a request records its end in the request's trail).

export interface AuditDeps {
  /** HMAC key of the audit trail: AUDIT_MAC_KEY or the data folder's secret, never the database. */
  macKey: Buffer;
  /** The TSA that timestamps a completed request's head. */
  timestamp: TimestampTransport;
  /** The certificates a TSA's certificate must chain to (Signet's trust list). */
  trustAnchors: () => Promise<Uint8Array[]>;
}
