import { readFileSync } from 'node:fs';
import type { SignatureRequest } from '@signet/contracts/signature-requests';
import {
  bearer,
  corpusDir,
  json,
  multipart,
  visitorLink,
  type TestApp,
  type VisitorLink,
} from '../../../test/helpers.ts';

/** A small one-page PDF from the corpus, as uploaded by the tests. */
export const samplePdf = readFileSync(`${corpusDir}basic-pdf15-libreoffice-writer.pdf`);

export interface RequestFixture {
  request: SignatureRequest;
  /** The account signer's and the visitor's signature ids. */
  signerSid: string;
  visitorSid: string;
  /** The visitor's links from their invitation (sent requests only). */
  visitor: VisitorLink | null;
  attachmentId: string;
}

/**
 * A request of `ownerToken` with an account signer, a visitor (de-ch) and an observer, a PNG
 * attachment, and (unless draft) sent. Drafts get two documents so one can be taken out.
 */
export async function createFixture(
  t: TestApp,
  ownerToken: string,
  people: { signer: string; visitor: string; observer: string },
  options: { draft?: boolean; title?: string } = {},
): Promise<RequestFixture> {
  const document = { title: 'lease', content: samplePdf.toString('base64') };
  const created = await t.app.inject({
    method: 'POST',
    url: '/api/v3/signature-requests',
    headers: bearer(ownerToken),
    payload: {
      title: options.title ?? 'Lease',
      documents: options.draft ? [document, { ...document, title: 'annex' }] : [document],
      signatures: [
        { account_email: people.signer, visual_signatures: [{ position: { page: 1, x: 50, y: 600 } }] },
        {
          signer_identity_data: {
            email_address: people.visitor,
            first_name: 'Vera',
            last_name: 'Visitor',
            language: 'de-ch',
          },
        },
      ],
      observers: [people.observer],
      exit_url: 'https://example.ch/exit',
    },
  });
  if (created.statusCode !== 201) throw new Error(`create: ${created.body}`);
  let request = json<SignatureRequest>(created);
  const upload = multipart([
    { name: 'file', filename: 'photo.png', contentType: 'image/png', content: tinyPng },
  ]);
  const attached = await t.app.inject({
    method: 'POST',
    url: `/api/v3/signature-requests/${request.id}/attachments`,
    headers: { ...bearer(ownerToken), ...upload.headers },
    payload: upload.payload,
  });
  if (attached.statusCode !== 201) throw new Error(`attach: ${attached.body}`);
  if (!options.draft) {
    const sent = await t.app.inject({
      method: 'POST',
      url: `/api/v3/signature-requests/${request.id}/initiate`,
      headers: bearer(ownerToken),
    });
    if (sent.statusCode !== 200) throw new Error(`initiate: ${sent.body}`);
    request = json<SignatureRequest>(sent);
  }
  return {
    request,
    signerSid: request.signatures[0]!.sid,
    visitorSid: request.signatures[1]!.sid,
    visitor: options.draft ? null : await visitorLink(t, people.visitor, request.id),
    attachmentId: json<{ attachments: Array<{ id: string }> }>(attached).attachments[0]!.id,
  };
}

/** A valid 1 × 1 PNG. */
export const tinyPng = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
