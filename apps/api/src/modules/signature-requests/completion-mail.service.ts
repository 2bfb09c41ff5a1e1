import type { Db } from '../../db/client.ts';
import type { Clock } from '../../clock.ts';
import { enqueueJob } from '../../jobs/queue.ts';
import { renderMail, type MailAttachment, type MailRequest, type MailTransport } from '../../mail/mailer.ts';
import { documentBytes } from '../documents/documents.service.ts';
import { documentsOfRequest } from './request-documents.service.ts';
import type { SignatureRequestsDeps } from './request-deps.ts';
import { reportPdf } from './request-report.service.ts';
import * as repo from './signature-requests.repository.ts';

// The completion mail of a request whose owner's business attaches files to it (spec §3
// settings.mailService.attachments): the signed documents and/or the signature protocol (the
// request's report PDF). The files are read when the mail goes, in a job of its own: the signing
// transaction stays short, and the job payload holds references only, never document bytes.

export const completionMailJobKind = 'request.completion-mail';

export interface CompletionFiles {
  requestId: string;
  signedDocument: boolean;
  signatureProtocol: boolean;
}

interface CompletionMailPayload {
  mail: MailRequest;
  files: CompletionFiles;
}

export async function queueCompletionMail(
  db: Db,
  clock: Clock,
  mail: MailRequest,
  files: CompletionFiles,
): Promise<void> {
  const payload: CompletionMailPayload = { mail, files };
  await enqueueJob(db, { kind: completionMailJobKind, payload: { ...payload }, runAt: clock.now() });
}

/** A file name from a title: no path separators or control characters. */
const fileName = (title: string, extension: string) =>
  `${title.replace(/[\p{Cc}\\/:*?"<>|]/gu, '_').slice(0, 150) || 'document'}${extension}`;

async function filesOf(deps: SignatureRequestsDeps, files: CompletionFiles): Promise<MailAttachment[]> {
  const request = await repo.findRequest(deps.db, files.requestId);
  // Deleted meanwhile (automatic deletion): the mail goes without its files.
  if (!request) return [];
  const attachments: MailAttachment[] = [];
  if (files.signedDocument)
    for (const document of await documentsOfRequest(deps.db, request.id)) {
      const chunks: Buffer[] = [];
      for await (const chunk of documentBytes(deps, document, true)) chunks.push(chunk as Buffer);
      attachments.push({
        filename: fileName(document.title, document.title.toLowerCase().endsWith('.pdf') ? '' : '.pdf'),
        contentType: 'application/pdf',
        content: Buffer.concat(chunks),
      });
    }
  if (files.signatureProtocol) {
    // The owner's report: the owner sees the whole request.
    const owner = { kind: 'user' as const, userId: request.ownerId, sessionId: 'completion-mail' };
    attachments.push({
      filename: fileName(`${request.title} - signature report`, '.pdf'),
      contentType: 'application/pdf',
      content: Buffer.from(await reportPdf(deps, owner, request.id)),
    });
  }
  return attachments;
}

/** The job: renders the mail, reads its files and hands both to the transport. */
export async function sendCompletionMail(
  deps: SignatureRequestsDeps & { deliver: MailTransport },
  payload: Record<string, unknown>,
): Promise<void> {
  const { mail, files } = payload as unknown as CompletionMailPayload;
  await deps.deliver({ ...renderMail(mail), attachments: await filesOf(deps, files) });
}
