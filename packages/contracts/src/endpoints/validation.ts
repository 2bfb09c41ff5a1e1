import { defineEndpoint } from '../endpoint.ts';
import { maxDocumentBytes } from '../documents.ts';
import { ValidationReport, ValidationReportQuery } from '../validation.ts';
import { pdfRefusals } from './documents.ts';

const tags = ['Validation'];
const errors = [...pdfRefusals, 'TOO_MANY_ATTEMPTS'] as const;
/** The file and the multipart framing around it. */
const bodyLimit = maxDocumentBytes + 64 * 1024;

/** Anyone may have the signatures of a PDF checked; nothing of the file is kept. */
export const validationEndpoints = {
  validatePdf: defineEndpoint({
    method: 'POST',
    path: '/v1/validation',
    auth: 'public',
    summary:
      'Validate the signatures of a PDF (multipart: one `file` part, at most 40 MB): per signature the ETSI EN 319 102-1 indication, with the trust list used; the file is not kept',
    tags,
    multipart: true,
    bodyLimit,
    status: 200,
    response: ValidationReport,
    errors,
  }),
  validationReportPdf: defineEndpoint({
    method: 'POST',
    path: '/v1/validation/report',
    auth: 'public',
    summary: 'The same validation as a PDF report, in the language asked for; the file is not kept',
    tags,
    multipart: true,
    bodyLimit,
    query: ValidationReportQuery,
    status: 200,
    response: { binary: ['application/pdf'] },
    errors,
  }),
};
