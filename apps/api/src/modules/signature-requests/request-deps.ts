import type { Db } from '../../db/client.ts';
import type { MailBrand } from '../../mail/mailer.ts';
import type { DocumentsDeps } from '../documents/documents.service.ts';
import type { AuditDeps } from './audit-deps.ts';

/** What the business of a request's owner asks of its mails (spec §3 settings). */
export interface OwnerBusiness {
  id: string;
  brand: MailBrand;
  /** settings.mailService.attachments: what the completion mail carries. */
  attach: { signedDocument: boolean; signatureProtocol: boolean };
  /** settings.embedOrigins: who may frame the signing page of its embed requests. */
  embedOrigins: string[];
}

/** What every signature-request service function works with (the app builds it once, in app.ts). */
export type SignatureRequestsDeps = DocumentsDeps & {
  audit: AuditDeps;
  /**
   * The business the owner belongs to, if any (given by the businesses module, which this one does
   * not import); absent where no mail is sent.
   */
  ownerBusiness?: (db: Db, ownerId: string) => Promise<OwnerBusiness | null>;
  /** OUTBOUND_ALLOW_PRIVATE_ADDRESSES: callback URLs may name private addresses (absent: they may not). */
  allowPrivateCallbacks?: boolean;
};
