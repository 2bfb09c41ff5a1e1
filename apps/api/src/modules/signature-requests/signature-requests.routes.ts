import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorResponse } from '@signet/contracts/errors';
import { Attachment, maxDocumentBytes, maxRequestBytes } from '@signet/contracts/documents';
import {
  AddDocumentBody,
  AttachmentList,
  AttachmentParams,
  CreateSignatureRequestBody,
  DeclineResult,
  DelegateBody,
  DirectQuery,
  EventList,
  ListSignatureRequestsQuery,
  LockStatus,
  MessageBody,
  ObserverBody,
  ObserverParams,
  RemindResult,
  ReportQuery,
  RequestDocumentParams,
  RequestIdParams,
  SendToParams,
  SendToSummary,
  SignatureInput,
  SignatureReport,
  SignatureRequest,
  SignatureRequestList,
  SignerParams,
  UpdateSignatureRequestBody,
} from '@signet/contracts/signature-requests';
import { AppError } from '../../errors.ts';
import { userCaller, visitorCaller, type Caller } from '../../plugins/auth.ts';
import { attachmentDisposition } from '../../plugins/downloads.ts';
import { multipartParts, registerMultipart } from '../../plugins/multipart.ts';
import { events } from './audit-trail.service.ts';
import * as attachments from './request-attachments.service.ts';
import * as requestDocuments from './request-documents.service.ts';
import * as lifecycle from './request-lifecycle.service.ts';
import { lockStatus } from './request-locks.service.ts';
import * as participants from './request-participants.service.ts';
import * as reports from './request-report.service.ts';
import * as views from './request-views.service.ts';
import * as sendTo from './send-to.service.ts';
import * as requests from './signature-requests.service.ts';

export const errors = {
  400: ErrorResponse,
  401: ErrorResponse,
  403: ErrorResponse,
  404: ErrorResponse,
  409: ErrorResponse,
  413: ErrorResponse,
  415: ErrorResponse,
  429: ErrorResponse,
};

/** Content-Disposition for a download: an ASCII fallback plus the UTF-8 name (RFC 6266). */
async function sendAttachment(
  deps: requests.SignatureRequestsDeps,
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

async function sendZip(
  deps: requests.SignatureRequestsDeps,
  caller: Caller,
  id: string,
  reply: FastifyReply,
) {
  const archive = await reports.zipArchive(deps, caller, id);
  return reply
    .type('application/zip')
    .header('content-disposition', attachmentDisposition(archive.filename))
    .header('cache-control', 'private, no-store')
    .send(Buffer.from(archive.bytes));
}

async function sendReport(
  deps: requests.SignatureRequestsDeps,
  caller: Caller,
  id: string,
  type: 'PDF' | 'JSON',
  reply: FastifyReply,
) {
  reply.header('cache-control', 'private, no-store');
  if (type === 'JSON') return reply.send(await reports.reportData(deps, caller, id));
  return reply
    .type('application/pdf')
    .header('content-disposition', attachmentDisposition('signature-report.pdf'))
    .send(Buffer.from(await reports.reportPdf(deps, caller, id)));
}
export const tags = ['Signature requests'];

export async function signatureRequestsRoutes(
  app: FastifyInstance,
  deps: requests.SignatureRequestsDeps,
): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post('/v3/signature-requests', {
    config: { auth: 'user' },
    // Documents may come inline as base64 (a third larger than the bytes).
    bodyLimit: Math.ceil((maxRequestBytes * 4) / 3) + 1024 * 1024,
    schema: {
      tags,
      summary: 'Create a draft request: documents (ids or base64), signers, observers, quality',
      body: CreateSignatureRequestBody,
      response: { 201: SignatureRequest, ...errors },
    },
    handler: async (request, reply) =>
      reply.status(201).send(await requests.create(deps, userCaller(request), request.body)),
  });

  r.get('/v3/signature-requests', {
    config: { auth: 'user' },
    schema: {
      tags,
      summary: 'The dashboard list: filter toSign, pending, declined, completed or all; paged',
      querystring: ListSignatureRequestsQuery,
      response: { 200: SignatureRequestList, ...errors },
    },
    handler: (request) => views.list(deps, userCaller(request), request.query),
  });

  r.get('/v3/signature-requests/:id', {
    config: { auth: 'user' },
    schema: {
      tags,
      summary: 'A request the caller owns, signs or observes',
      params: RequestIdParams,
      response: { 200: SignatureRequest, ...errors },
    },
    handler: (request) => views.get(deps, userCaller(request), request.params.id),
  });

  r.post('/v3/signature-requests/:id/initiate', {
    config: { auth: 'user' },
    schema: {
      tags,
      summary: 'Send a draft: creates the signature fields and invites the signers (DRAFT → OPEN)',
      params: RequestIdParams,
      response: { 200: SignatureRequest, ...errors },
    },
    handler: (request) => lifecycle.initiate(deps, userCaller(request), request.params.id),
  });

  r.get('/v3/signature-requests/:id/events', {
    config: { auth: 'user' },
    schema: {
      tags,
      summary: 'The audit trail (hash-chained) and whether the chain is intact',
      params: RequestIdParams,
      response: { 200: EventList, ...errors },
    },
    handler: (request) => events(deps, userCaller(request), request.params.id),
  });

  r.get('/v3/signature-requests/:id/lock-status', {
    config: { auth: 'user' },
    schema: {
      tags,
      summary: 'Whether a signature is being added right now (retry after the given seconds)',
      params: RequestIdParams,
      response: { 200: LockStatus, ...errors },
    },
    handler: (request) => lockStatus(deps, userCaller(request), request.params.id),
  });

  r.get('/v3/direct/signature-requests/:id', {
    config: { auth: 'nas' },
    schema: {
      tags,
      summary: 'Direct sign: the request of the visitor',
      params: RequestIdParams,
      response: { 200: SignatureRequest, ...errors },
    },
    handler: (request) => views.get(deps, visitorCaller(request), request.params.id),
  });

  r.get('/v3/direct/signature-requests/:id/events', {
    config: { auth: 'nas' },
    schema: {
      tags,
      summary: 'Direct sign: the audit trail',
      params: RequestIdParams,
      response: { 200: EventList, ...errors },
    },
    handler: (request) => events(deps, visitorCaller(request), request.params.id),
  });

  r.get('/v3/direct/signature-requests/:id/lock-status', {
    config: { auth: 'nas' },
    schema: {
      tags,
      summary: 'Direct sign: lock status',
      params: RequestIdParams,
      response: { 200: LockStatus, ...errors },
    },
    handler: (request) => lockStatus(deps, visitorCaller(request), request.params.id),
  });

  // Attachments arrive as multipart.
  await registerMultipart(app);
  const noContent = { 204: z.null(), ...errors };
  const base = '/v3/signature-requests/:id';

  r.put(base, {
    config: { auth: 'user' },
    schema: {
      tags,
      summary:
        'Change a request while nobody has signed (owner); on an open request changed signers get rebuilt fields and invitations',
      params: RequestIdParams,
      body: UpdateSignatureRequestBody,
      response: { 200: SignatureRequest, ...errors },
    },
    handler: (request) => requests.update(deps, userCaller(request), request.params.id, request.body),
  });

  r.delete(base, {
    config: { auth: 'user' },
    schema: {
      tags,
      summary: 'Delete a draft or closed request (owner); an open one must be withdrawn first',
      params: RequestIdParams,
      response: noContent,
    },
    handler: async (request, reply) => {
      await requests.remove(deps, userCaller(request), request.params.id);
      return reply.status(204).send(null);
    },
  });

  r.post(`${base}/decline`, {
    config: { auth: 'user' },
    schema: {
      tags,
      summary: "Decline one's open signature: the request becomes DECLINED; owner and signers are told",
      params: RequestIdParams,
      body: MessageBody.default({}),
      response: { 200: DeclineResult, ...errors },
    },
    handler: (request) =>
      lifecycle.decline(deps, userCaller(request), request.params.id, request.body.message),
  });

  r.post(`${base}/withdraw`, {
    config: { auth: 'user' },
    schema: {
      tags,
      summary: 'Withdraw an open request (owner); open signers and observers are told',
      params: RequestIdParams,
      body: MessageBody.default({}),
      response: { 200: SignatureRequest, ...errors },
    },
    handler: (request) =>
      lifecycle.withdraw(deps, userCaller(request), request.params.id, request.body.message),
  });

  r.post(`${base}/remind`, {
    config: { auth: 'user' },
    schema: {
      tags,
      summary: 'Remind the signers whose turn it is (owner; once per hour, else 429 with Retry-After)',
      params: RequestIdParams,
      response: { 200: RemindResult, ...errors },
    },
    handler: (request) => lifecycle.remind(deps, userCaller(request), request.params.id),
  });

  r.post(`${base}/delegate`, {
    config: { auth: 'user' },
    schema: {
      tags,
      summary: "Hand one's open signature to another account e-mail or visitor identity",
      params: RequestIdParams,
      body: DelegateBody,
      response: { 200: SignatureRequest, ...errors },
    },
    handler: (request) => participants.delegate(deps, userCaller(request), request.params.id, request.body),
  });

  r.post(`${base}/signatures`, {
    config: { auth: 'user' },
    schema: {
      tags,
      summary: 'Add a signer (owner; draft or open: the field is added incrementally and the signer invited)',
      params: RequestIdParams,
      body: SignatureInput,
      response: { 200: SignatureRequest, ...errors },
    },
    handler: (request) => participants.addSigner(deps, userCaller(request), request.params.id, request.body),
  });

  r.delete(`${base}/signatures/:sid`, {
    config: { auth: 'user' },
    schema: {
      tags,
      summary: 'Remove a signer who has not signed (owner; a request keeps at least one signer)',
      params: SignerParams,
      response: noContent,
    },
    handler: async (request, reply) => {
      await participants.removeSigner(deps, userCaller(request), request.params.id, request.params.sid);
      return reply.status(204).send(null);
    },
  });

  r.post(`${base}/observers`, {
    config: { auth: 'user' },
    schema: {
      tags,
      summary: 'Add an observer by e-mail (owner)',
      params: RequestIdParams,
      body: ObserverBody,
      response: { 200: SignatureRequest, ...errors },
    },
    handler: (request) =>
      participants.addObserver(deps, userCaller(request), request.params.id, request.body.email),
  });

  r.delete(`${base}/observers/:email`, {
    config: { auth: 'user' },
    schema: { tags, summary: 'Remove an observer (owner)', params: ObserverParams, response: noContent },
    handler: async (request, reply) => {
      await participants.removeObserver(deps, userCaller(request), request.params.id, request.params.email);
      return reply.status(204).send(null);
    },
  });

  r.post(`${base}/documents`, {
    config: { auth: 'user' },
    bodyLimit: Math.ceil((maxDocumentBytes * 4) / 3) + 1024 * 1024,
    schema: {
      tags,
      summary: "Add a document to a draft (owner): one of the owner's documents by id, or base64",
      params: RequestIdParams,
      body: AddDocumentBody,
      response: { 200: SignatureRequest, ...errors },
    },
    handler: (request) =>
      requestDocuments.addDocument(deps, userCaller(request), request.params.id, request.body),
  });

  r.delete(`${base}/documents/:documentId`, {
    config: { auth: 'user' },
    schema: {
      tags,
      summary: "Take a document out of a draft (owner; it stays the owner's document)",
      params: RequestDocumentParams,
      response: noContent,
    },
    handler: async (request, reply) => {
      await requestDocuments.removeDocument(
        deps,
        userCaller(request),
        request.params.id,
        request.params.documentId,
      );
      return reply.status(204).send(null);
    },
  });

  r.post(`${base}/attachments`, {
    config: { auth: 'user' },
    bodyLimit: maxRequestBytes + 1024 * 1024,
    schema: {
      tags,
      summary:
        'Attach files (owner; multipart `file` parts): PDF, office, images, text; judged by content; 40 MB each, 60 MB per request with the documents',
      params: RequestIdParams,
      consumes: ['multipart/form-data'],
      response: { 201: AttachmentList, ...errors },
    },
    handler: async (request, reply) => {
      const caller = userCaller(request);
      if (!request.isMultipart())
        throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Send the files as multipart/form-data.');
      async function* files() {
        for await (const part of multipartParts(request))
          if (part.type === 'file')
            yield { filename: part.filename, mimetype: part.mimetype, file: part.file };
      }
      const added = await attachments.addAttachments(deps, caller, request.params.id, files());
      return reply.status(201).send({ attachments: added });
    },
  });

  r.get(`${base}/attachments/:attId`, {
    config: { auth: 'user' },
    schema: {
      tags,
      summary: 'An attachment of a request the caller owns, signs or observes',
      params: AttachmentParams,
      response: { 200: Attachment, ...errors },
    },
    handler: async (request) =>
      attachments.toAttachmentDto(
        await attachments.readableAttachment(
          deps,
          userCaller(request),
          request.params.id,
          request.params.attId,
        ),
      ),
  });

  r.get(`${base}/attachments/:attId/content`, {
    config: { auth: 'user' },
    schema: {
      tags,
      summary: "An attachment's bytes (served as the type judged at upload, never sniffed by browsers)",
      params: AttachmentParams,
    },
    handler: (request, reply) => sendAttachment(deps, userCaller(request), request.params, reply),
  });

  r.delete(`${base}/attachments/:attId`, {
    config: { auth: 'user' },
    schema: {
      tags,
      summary: 'Delete an attachment (owner; draft or open)',
      params: AttachmentParams,
      response: noContent,
    },
    handler: async (request, reply) => {
      await attachments.deleteAttachment(deps, userCaller(request), request.params.id, request.params.attId);
      return reply.status(204).send(null);
    },
  });

  r.get(`${base}/zip`, {
    config: { auth: 'user' },
    schema: {
      tags,
      summary: "ZIP of the documents' current versions, the attachments and the signature report (JSON, PDF)",
      params: RequestIdParams,
      produces: ['application/zip'],
    },
    handler: (request, reply) => sendZip(deps, userCaller(request), request.params.id, reply),
  });

  r.get(`${base}/report`, {
    config: { auth: 'user' },
    schema: {
      tags,
      summary: 'The signature report: signers, certificates, document hashes before/after, audit trail',
      params: RequestIdParams,
      querystring: ReportQuery,
      produces: ['application/json', 'application/pdf'],
      response: { 200: SignatureReport, ...errors },
    },
    handler: (request, reply) =>
      sendReport(deps, userCaller(request), request.params.id, request.query.type, reply),
  });

  r.get('/v3/sendto/:id/get-internal', {
    config: { auth: 'user' },
    schema: {
      tags,
      summary:
        'A send-to link (its own secret, mailed to a visitor): what it is and whether it can be claimed',
      params: SendToParams,
      response: { 200: SendToSummary, ...errors },
    },
    handler: (request) => sendTo.sendToSummary(deps, request.params.id),
  });

  r.post('/v3/sendto/:id/claim', {
    config: { auth: 'user' },
    schema: {
      tags,
      summary: "Take a visitor signature into the caller's account (unless signed, declined or closed)",
      params: SendToParams,
      response: { 200: SignatureRequest, ...errors },
    },
    handler: (request) => sendTo.claim(deps, userCaller(request), request.params.id),
  });

  const direct = '/v3/direct/signature-requests/:id';

  r.post(`${direct}/decline`, {
    config: { auth: 'nas' },
    schema: {
      tags,
      summary: 'Direct sign: decline the visitor signature',
      params: RequestIdParams,
      body: MessageBody.default({}),
      response: { 200: DeclineResult, ...errors },
    },
    handler: (request) =>
      lifecycle.decline(deps, visitorCaller(request), request.params.id, request.body.message),
  });

  r.get(`${direct}/zip`, {
    config: { auth: 'nas' },
    schema: {
      tags,
      summary: 'Direct sign: the ZIP (Basic credentials)',
      params: RequestIdParams,
      querystring: DirectQuery,
      produces: ['application/zip'],
    },
    handler: (request, reply) => sendZip(deps, visitorCaller(request), request.params.id, reply),
  });

  r.get(`${direct}/report`, {
    config: { auth: 'nas' },
    schema: {
      tags,
      summary: 'Direct sign: the signature report (Basic credentials)',
      params: RequestIdParams,
      querystring: ReportQuery,
      produces: ['application/json', 'application/pdf'],
      response: { 200: SignatureReport, ...errors },
    },
    handler: (request, reply) =>
      sendReport(deps, visitorCaller(request), request.params.id, request.query.type, reply),
  });

  r.get(`${direct}/attachments/:attId/content`, {
    config: { auth: 'nas' },
    schema: {
      tags,
      summary: "Direct sign: an attachment's bytes (Basic credentials)",
      params: AttachmentParams,
      querystring: DirectQuery,
    },
    handler: (request, reply) => sendAttachment(deps, visitorCaller(request), request.params, reply),
  });
}
