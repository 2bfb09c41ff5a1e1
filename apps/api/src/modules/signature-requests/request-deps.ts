import type { TimestampTransport } from '@signet/pdf';
import type { DocumentsDeps } from '../documents/documents.service.ts';

export interface AuditDeps {
  /** HMAC key of the audit trail: AUDIT_MAC_KEY or the data folder's secret, never the database. */
  macKey: Buffer;
  /** The TSA that timestamps a completed request's head. */
  timestamp: TimestampTransport;
  /** The certificates a TSA's certificate must chain to (Signet's trust list). */
  trustAnchors: () => Promise<Uint8Array[]>;
}

/** What every signature-request service function works with (the app builds it once, in app.ts). */
export type SignatureRequestsDeps = DocumentsDeps & { audit: AuditDeps };
