import type { FastifyInstance, FastifyReply } from 'fastify';
import { requestParticipantEndpoints } from '@signet/contracts/endpoints/request-participants';
import { signatureRequestEndpoints } from '@signet/contracts/endpoints/signature-requests';
import { AppError } from '../../errors.ts';
import { callerOf, userCaller, type Caller } from '../../plugins/auth.ts';
import { attachmentDisposition } from '../../plugins/downloads.ts';
import { registerEndpoints } from '../../plugins/endpoints.ts';
import { multipartParts, registerMultipart } from '../../plugins/multipart.ts';
import { events } from './audit-trail.service.ts';
import * as attachments from './request-attachments.service.ts';
import * as requestDocuments from './request-documents.service.ts';
import * as embedding from './request-embedding.service.ts';
import * as lifecycle from './request-lifecycle.service.ts';
import { lockStatus } from './request-locks.service.ts';
import * as participants from './request-participants.service.ts';
import * as reports from './request-report.service.ts';
import * as views from './request-views.service.ts';
import * as sendTo from './send-to.service.ts';
import type { SignatureRequestsDeps as Deps } from './request-deps.ts';
import * as requests from './signature-requests.service.ts';

/** An attachment's bytes as the type judged at upload; nosniff keeps browsers from guessing another. */
async function sendAttachment(
  deps: Deps,
  caller: Caller,
  params: { id: string; attId: string },
  reply: FastifyReply,
) {
  const row = await attachments.readableAttachment(deps, caller, params.id, params.attId);
  return reply
    .type(row.contentType)
    .header('content-disposition', attachmentDisposition(row.filename))
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'private, no-store')
    .send(deps.blobs.stream(row.sha256));
}

async function sendZip(deps: Deps, caller: Caller, id: string, reply: FastifyReply) {
  const archive = await reports.zipArchive(deps, caller, id);
  return reply
    .type('application/zip')
    .header('content-disposition', attachmentDisposition(archive.filename))
    .header('cache-control', 'private, no-store')
    .send(Buffer.from(archive.bytes));
}

async function sendReport(deps: Deps, caller: Caller, id: string, type: 'PDF' | 'JSON', reply: FastifyReply) {
  reply.header('cache-control', 'private, no-store');
  if (type === 'JSON') return reply.send(await reports.reportData(deps, caller, id));
  return reply
    .type('application/pdf')
    .header('content-disposition', attachmentDisposition('signature-report.pdf'))
    .send(Buffer.from(await reports.reportPdf(deps, caller, id)));
}

/**
 * The calls of packages/contracts/src/endpoints/signature-requests.ts and request-participants.ts.
 * Those with a visitor twin read the caller with callerOf (an account user or the link's visitor).
 */
export async function signatureRequestsRoutes(app: FastifyInstance, deps: Deps): Promise<void> {
  // Attachments arrive as multipart.
  await registerMultipart(app);

  registerEndpoints(app, signatureRequestEndpoints, {
    createSignatureRequest: (request) => requests.create(deps, userCaller(request), request.body),
    listSignatureRequests: (request) => views.list(deps, userCaller(request), request.query),
    getSignatureRequest: (request) => views.open(deps, callerOf(request), request.params.id),
    updateSignatureRequest: (request) =>
      requests.update(deps, userCaller(request), request.params.id, request.body),
    deleteSignatureRequest: (request) => requests.remove(deps, userCaller(request), request.params.id),
    initiateSignatureRequest: (request) => lifecycle.initiate(deps, userCaller(request), request.params.id),
    withdrawSignatureRequest: (request) =>
      lifecycle.withdraw(deps, userCaller(request), request.params.id, request.body.message),
    remindSigners: (request) => lifecycle.remind(deps, userCaller(request), request.params.id),
    getEvents: (request) => events(deps, callerOf(request), request.params.id),
    getLockStatus: (request) => lockStatus(deps, callerOf(request), request.params.id),
    addDocument: (request) =>
      requestDocuments.addDocument(deps, userCaller(request), request.params.id, request.body),
    removeDocument: (request) =>
      requestDocuments.removeDocument(
        deps,
        userCaller(request),
        request.params.id,
        request.params.documentId,
      ),
    addAttachments: async (request) => {
      const caller = userCaller(request);
      if (!request.isMultipart())
        throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Send the files as multipart/form-data.');
      async function* files() {
        for await (const part of multipartParts(request))
          if (part.type === 'file')
            yield { filename: part.filename, mimetype: part.mimetype, file: part.file };
      }
      return { attachments: await attachments.addAttachments(deps, caller, request.params.id, files()) };
    },
    getAttachment: async (request) =>
      attachments.toAttachmentDto(
        await attachments.readableAttachment(
          deps,
          userCaller(request),
          request.params.id,
          request.params.attId,
        ),
      ),
    downloadAttachment: (request, reply) => sendAttachment(deps, callerOf(request), request.params, reply),
    deleteAttachment: (request) =>
      attachments.deleteAttachment(deps, userCaller(request), request.params.id, request.params.attId),
    downloadZip: (request, reply) => sendZip(deps, callerOf(request), request.params.id, reply),
    getReport: (request, reply) =>
      sendReport(deps, callerOf(request), request.params.id, request.query.type, reply),
  });

  registerEndpoints(app, requestParticipantEndpoints, {
    declineSignature: (request) =>
      lifecycle.decline(deps, callerOf(request), request.params.id, request.body.message),
    delegateSignature: (request) =>
      participants.delegate(deps, userCaller(request), request.params.id, request.body),
    addSigner: (request) =>
      participants.addSigner(deps, userCaller(request), request.params.id, request.body),
    embedLink: (request) =>
      embedding.embedLink(deps, userCaller(request), request.params.id, request.params.sid),
    removeSigner: (request) =>
      participants.removeSigner(deps, userCaller(request), request.params.id, request.params.sid),
    addObserver: (request) =>
      participants.addObserver(deps, userCaller(request), request.params.id, request.body.email),
    removeObserver: (request) =>
      participants.removeObserver(deps, userCaller(request), request.params.id, request.params.email),
    getSendTo: (request) => sendTo.sendToSummary(deps, request.params.id),
    claimSendTo: (request) => sendTo.claim(deps, userCaller(request), request.params.id),
  });
}
