import { afterAll, beforeAll, expect } from 'vitest';
import { createValidatorWorkspace, type ValidatorWorkspace } from '@signet/pdf/testing';
import type { Document } from '@signet/contracts/documents';
import type { SignatureRequest } from '@signet/contracts/signature-requests';
import { json } from './helpers.ts';
import type { FactoryApp, TestUser } from './factories.ts';

/** What a describe block needs to sign uploads alone and check the output. */
export interface SignedOutput {
  validators: ValidatorWorkspace;
  /** POST /v3/documents as the upload page sends it: the optional password field before the file. */
  upload(filename: string, content: Uint8Array, password?: string): ReturnType<FactoryApp['upload']>;
  /** The document's PDF as downloaded: with every signature so far (`signed`), or as uploaded. */
  download(documentId: string, signed?: boolean): Promise<Uint8Array>;
  /** The signer alone signs `document` at AES (B-LT), visibly on page 1; the signed PDF. */
  signAlone(document: Document): Promise<Uint8Array>;
}

/**
 * For a describe block of a listening app whose `signer()` uploads documents and signs them alone,
 * more often than an account's free signatures allow: pdfsig, qpdf and openssl against the trust
 * list the app publishes. Read the handle inside tests only.
 */
export function useSignedOutput(t: FactoryApp, signer: () => TestUser): SignedOutput {
  const download: SignedOutput['download'] = async (documentId, signed = true) =>
    new Uint8Array(
      (await t.call('GET', `/v3/documents/${documentId}/download?signed=${signed}`, signer())).rawPayload,
    );
  const handle: SignedOutput = {
    validators: undefined as unknown as ValidatorWorkspace,
    upload: (filename, content, password) =>
      t.upload('/v3/documents', signer(), [
        ...(password === undefined ? [] : [{ name: 'password', content: password }]),
        { name: 'file', filename, content: Buffer.from(content) },
      ]),
    download,
    async signAlone(document) {
      // The default box (300 × 140) where the first page is large enough, else what fits on it.
      const first = document.pages[0]!;
      const box = { width: Math.min(300, first.width - 20), height: Math.min(140, first.height - 20) };
      const request = await t.request(signer(), {
        title: document.title,
        documents: [{ id: document.id }],
        quality: 'aes',
        signatures: [
          {
            account_email: signer().email,
            visual_signatures: [{ position: { page: 1, x: 10, y: 10, ...box } }],
          },
        ],
      });
      const signed = await t.call('POST', '/v3/sign', signer(), { signatureRequests: [{ id: request.id }] });
      expect(signed.statusCode, signed.body).toBe(200);
      const after = json<SignatureRequest>(
        await t.call('GET', `/v3/signature-requests/${request.id}`, signer()),
      );
      return download(after.documents[0]!.id);
    },
  };
  beforeAll(async () => {
    const trustList = await (await fetch(`${t.config.publicUrl}/api/v1/trust-list.pem`)).text();
    handle.validators = await createValidatorWorkspace(trustList);
    await t.database.db.execute(
      `update users set attributes = jsonb_set(attributes, '{free_signatures_remaining}', '1000') where email = '${signer().email}'` as never,
    );
  });
  afterAll(() => handle.validators?.dispose());
  return handle;
}
