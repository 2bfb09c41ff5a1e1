import type { TimestampTransport } from '@signet/pdf';
import type { Db } from '../../db/client.ts';
import type { MailBrand } from '../../mail/mailer.ts';
import type { DocumentsDeps } from '../documents/documents.service.ts';

export interface AuditDeps {
  /** HMAC key of the audit trail: AUDIT_MAC_KEY or the data folder's secret, never the database. */
  macKey: Buffer;
  /** The TSA that timestamps a completed request's head. */
  timestamp: TimestampTransport;
  /** The certificates a TSA's certificate must chain to (Signet's trust list). */
  trustAnchors: () => Promise<Uint8Array[]>;
}

/** What the business of a request's owner asks of its mails (spec §3 settings). */
export interface OwnerBusiness {
  id: string;
  brand: MailBrand;
  /** settings.mailService.attachments: what the completion mail carries. */
  attach: { signedDocument: boolean; signatureProtocol: boolean };
}

/** What every signature-request service function works with (the app builds it once, in app.ts). */
export type SignatureRequestsDeps = DocumentsDeps & {
  audit: AuditDeps;
  /**
   * The business the owner belongs to, if any (given by the businesses module, which this one does
   * not import); absent where no mail is sent.
   */
  ownerBusiness?: (db: Db, ownerId: string) => Promise<OwnerBusiness | null>;
};
