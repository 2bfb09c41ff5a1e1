import { afterEach, describe, expect, it, vi } from 'vitest';
import { documentEndpoints } from '@signet/contracts/endpoints/documents';
import { ApiError, callApi } from './api-client.ts';

afterEach(() => vi.unstubAllGlobals());

function stubFetch(status: number, body: BodyInit | null, type = 'application/json') {
  const fetchMock = vi.fn(async (_url: string, _init: RequestInit) =>
    Promise.resolve(new Response(body, { status, headers: { 'Content-Type': type } })),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const documentId = '0b6f5b6e-8e0a-4b8e-9a41-1d1a7f1c2e3d';
const document = {
  id: documentId,
  title: 'Contract',
  size: 1234,
  sha256: 'a'.repeat(64),
  originalSha256: 'a'.repeat(64),
  pageCount: 1,
  pages: [{ number: 1, width: 595, height: 842, rotation: 0 }],
  signatureCount: 0,
  validation: null,
  signatureFields: [],
  createdAt: '2026-11-24T10:00:00.000Z',
};

describe('callApi', () => {
  it('fills the path from the endpoint value and parses the answer with its schema', async () => {
    const fetchMock = stubFetch(200, JSON.stringify(document));
    await expect(callApi(documentEndpoints.getDocument, { params: { id: documentId } })).resolves.toEqual(
      document,
    );
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe(`/api/v3/documents/${documentId}`);
    expect(init.method).toBe('GET');
    // The contract's schema decides what an answer is: one that is not a document is refused.
    stubFetch(200, JSON.stringify({ ...document, pageCount: 'many' }));
    await expect(callApi(documentEndpoints.getDocument, { params: { id: documentId } })).rejects.toThrow();
  });

  it("sends a visitor's call to the endpoint's visitor twin with the link's Basic credentials", async () => {
    const fetchMock = stubFetch(200, 'png-bytes', 'image/png');
    const blob = await callApi(documentEndpoints.documentPage, {
      params: { id: documentId, n: 2 },
      query: { scale: 50 },
      visitor: { signerId: 'sid-1', secret: 's3cret' },
    });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe(`/api/v3/direct/documents/${documentId}/pages/2?scale=50`);
    expect((init.headers as Record<string, string>).Authorization).toBe(`Basic ${btoa('sid-1:s3cret')}`);
    expect(await blob.text()).toBe('png-bytes');
  });

  it('answers nothing for a 204 and reads typed error codes and details', async () => {
    stubFetch(204, null);
    await expect(
      callApi(documentEndpoints.deleteDocument, { params: { id: documentId } }),
    ).resolves.toBeUndefined();
    stubFetch(
      409,
      JSON.stringify({
        statusCode: 409,
        code: 'DOCUMENT_IN_USE',
        message: 'in use',
        details: { field: 'id' },
      }),
    );
    const error = (await callApi(documentEndpoints.deleteDocument, { params: { id: documentId } }).catch(
      (e: unknown) => e,
    )) as ApiError;
    expect(error.code).toBe('DOCUMENT_IN_USE');
    expect(error.details).toEqual({ field: 'id' });
  });
});

/**
 * Type checks (run by `npm run typecheck`): each line below must fail to compile, or the
 * @ts-expect-error above it fails the type-check.
 */
export function wrongCallsDoNotCompile(): void {
  // @ts-expect-error a call with path parameters needs them
  void callApi(documentEndpoints.getDocument);
  // @ts-expect-error a parameter the endpoint does not have
  void callApi(documentEndpoints.getDocument, { params: { documentId } });
  // @ts-expect-error a body for an endpoint that takes none
  void callApi(documentEndpoints.getDocument, { params: { id: documentId }, body: { title: 'x' } });
  // @ts-expect-error a query parameter the endpoint does not have
  void callApi(documentEndpoints.documentPage, { params: { id: documentId, n: 1 }, query: { zoom: 2 } });
  const visitor = { signerId: 'a', secret: 'b' };
  // @ts-expect-error visitor credentials for a call without a visitor twin
  void callApi(documentEndpoints.deleteDocument, { params: { id: documentId }, visitor });
  // @ts-expect-error an upload's body is the multipart form, not JSON
  void callApi(documentEndpoints.uploadDocuments, { body: { file: 'x' } });
  // @ts-expect-error the answer is the contract's type: a document has no `owner`
  void callApi(documentEndpoints.getDocument, { params: { id: documentId } }).then((d) => d.owner);
}
