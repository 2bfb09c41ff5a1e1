import { samplePdf, tinyPng, visitorLink, type VisitorLink } from '../../../test/helpers.ts';
import type { FactoryApp, TestUser } from '../../../test/factories.ts';
import type { SignatureRequest } from '@signet/contracts/signature-requests';

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
 * A request of `owner` with every kind of participant: an account signer, a visitor (de-ch) and an
 * observer, a PNG attachment, and (unless draft) sent. Drafts get two documents so one can be taken out.
 */
export async function createFixture(
  t: FactoryApp,
  owner: TestUser,
  people: { signer: string; visitor: string; observer: string },
  options: { draft?: boolean; title?: string } = {},
): Promise<RequestFixture> {
  const document = { title: 'lease', content: samplePdf };
  const draft = await t.request(owner, {
    status: 'DRAFT',
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
  });
  const attached = await t.upload(`/v3/signature-requests/${draft.id}/attachments`, owner, [
    { name: 'file', filename: 'photo.png', contentType: 'image/png', content: tinyPng },
  ]);
  if (attached.statusCode !== 201) throw new Error(`attach: ${attached.body}`);
  const request = options.draft ? draft : await t.send(draft, owner);
  return {
    request,
    signerSid: request.signatures[0]!.sid,
    visitorSid: request.signatures[1]!.sid,
    visitor: options.draft ? null : await visitorLink(t, people.visitor, request.id),
    attachmentId: attached.json<{ attachments: Array<{ id: string }> }>().attachments[0]!.id,
  };
}
