import { connect } from 'node:net';
import { encryptedCorpusFile } from '@signet/pdf/corpus';
import { beforeAll, describe, expect, it } from 'vitest';
import { databaseKinds, multipart } from '../../test/helpers.ts';
import { cast, useTestApp } from '../../test/factories.ts';
import { createFixture } from '../modules/signature-requests/request-fixtures.test-support.ts';

/** The basic corpus file encrypted by qpdf with an empty user password and no right to change anything. */
const noModifyPdf = () =>
  Buffer.from(
    encryptedCorpusFile('basic-pdf15-libreoffice-writer.pdf', 'R6 AES-256', [
      '--modify=none',
      '--annotate=n',
      '--form=n',
    ]),
  );

const errorBody = (response: { headers: Record<string, unknown>; body: string }) => {
  expect(response.headers['content-type']).toMatch(/^application\/json/);
  return JSON.parse(response.body) as { statusCode: number; code: string; message: string; field?: string };
};

describe.each(databaseKinds)('bad input on %s', (kind) => {
  const t = useTestApp(kind, { env: { SANDBOX: 'off' }, users: cast('owner') });
  const { owner } = t.users;
  let businessId: string;
  beforeAll(async () => {
    businessId = (await t.business(owner, { name: 'Acme AG', email: 'info@acme.ch' })).id;
  });
  const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) =>
    t.call(method, url, owner, payload);

  it('U+0000 in a JSON body, a query or a path is a 400 naming the field', async () => {
    const cases: Array<[Awaited<ReturnType<typeof call>>, string]> = [
      [
        await call('POST', '/v3/signature-requests', {
          title: 'Lease',
          documents: [{ title: 'lease', content: 'JVBERi0=' }],
          signatures: [{ signer_identity_data: { email_address: 'v@example.ch', first_name: 'Ve\u0000ra' } }],
        }),
        'body.signatures.0.signer_identity_data.first_name',
      ],
      [await call('PUT', `/v1/businesses/${businessId}`, { name: 'Acme\u0000 AG' }), 'body.name'],
      [await call('GET', '/v3/signature-requests?search=lease%00'), 'query.search'],
      [await call('GET', `/v1/businesses/${businessId}/seals/seal%00one`), 'params.name'],
    ];
    for (const [response, field] of cases) {
      expect(response.statusCode, response.body).toBe(400);
      expect(errorBody(response)).toMatchObject({ code: 'VALIDATION_FAILED', field });
      expect(errorBody(response).message).toContain('U+0000');
    }
  });

  it('multipart without a boundary, not following its boundary, or cut short is a 400', async () => {
    const draft = await createFixture(
      t,
      owner,
      { signer: 'signer@example.ch', visitor: 'visitor@example.ch', observer: 'watch@example.ch' },
      { draft: true },
    );
    const valid = multipart([{ name: 'file', filename: 'a.pdf', content: '%PDF-1.4\n' }]);
    const boundary = valid.headers['content-type']!.split('boundary=')[1]!;
    const bodies: Array<{ contentType: string; payload: Buffer | string }> = [
      { contentType: 'multipart/form-data', payload: valid.payload },
      { contentType: 'multipart/form-data; boundary=another', payload: valid.payload },
      {
        contentType: `multipart/form-data; boundary=${boundary}`,
        payload: valid.payload.subarray(0, valid.payload.length - 20),
      },
    ];
    for (const url of ['/api/v3/documents', `/api/v3/signature-requests/${draft.request.id}/attachments`])
      for (const body of bodies) {
        const response = await t.app.inject({
          method: 'POST',
          url,
          headers: { ...owner.headers, 'content-type': body.contentType },
          payload: body.payload,
        });
        expect(response.statusCode, `${url} ${body.contentType}: ${response.body}`).toBe(400);
        expect(errorBody(response)).toMatchObject({ code: 'MALFORMED_MULTIPART', field: 'body' });
      }
  });

  it('a malformed percent-encoding in any path is a 400 with the JSON error body', async () => {
    for (const url of [
      '/api/v3/signature-requests/%E0%A4%A',
      '/api/v1/businesses/%zz',
      '/dashboard/%',
      '/sandbox/mail/%C0',
    ]) {
      const response = await t.app.inject({ method: 'GET', url, headers: owner.headers });
      expect(response.statusCode, url).toBe(400);
      expect(errorBody(response)).toMatchObject({ statusCode: 400, code: 'MALFORMED_URL', field: 'path' });
    }
  });

  it('an oversized body is a 413 with the JSON error body, whatever the route', async () => {
    const huge = JSON.stringify({ message: 'x'.repeat(2 * 1024 * 1024) });
    for (const url of ['/api/v1/login', '/api/v3/signature-requests/not-an-id/remind', '/api/nothing-here']) {
      const response = await t.app.inject({
        method: 'POST',
        url,
        headers: { ...owner.headers, 'content-type': 'application/json' },
        payload: huge,
      });
      expect(response.statusCode, url).toBe(413);
      expect(errorBody(response)).toMatchObject({ code: 'PAYLOAD_TOO_LARGE' });
    }
    // The multipart parser's own limits (here: more than 10 files) are 413 PAYLOAD_TOO_LARGE too.
    const draft = await createFixture(
      t,
      owner,
      { signer: 'signer@example.ch', visitor: 'visitor2@example.ch', observer: 'watch@example.ch' },
      { draft: true },
    );
    const tooMany = await t.upload(
      `/v3/signature-requests/${draft.request.id}/attachments`,
      owner,
      Array.from({ length: 12 }, (_, i) => ({
        name: 'file',
        filename: `n${i}.txt`,
        contentType: 'text/plain',
        content: 'note\n',
      })),
    );
    expect(tooMany.statusCode).toBe(413);
    expect(errorBody(tooMany)).toMatchObject({ code: 'PAYLOAD_TOO_LARGE' });
  });

  it('a PDF whose permissions forbid changes is refused at upload, never a 500 at initiate', async () => {
    const bytes = noModifyPdf();
    const uploaded = await t.upload('/v3/documents', owner, [
      { name: 'file', filename: 'locked.pdf', content: bytes },
    ]);
    expect(uploaded.statusCode, uploaded.body).toBe(400);
    expect(errorBody(uploaded)).toMatchObject({ code: 'PDF_SIGNING_NOT_PERMITTED', field: 'file' });

    const inline = await call('POST', '/v3/signature-requests', {
      title: 'Locked',
      documents: [{ title: 'locked', content: bytes.toString('base64') }],
      signatures: [{ account_email: 'signer@example.ch' }],
    });
    expect(inline.statusCode, inline.body).toBe(400);
    expect(errorBody(inline)).toMatchObject({ code: 'PDF_SIGNING_NOT_PERMITTED' });
  });
});

/** Raw bytes to a listening server, and its whole answer. */
function rawRequest(port: number, bytes: Buffer): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.end(bytes));
    let answer = '';
    socket.on('data', (chunk: Buffer) => (answer += chunk.toString('latin1')));
    socket.on('close', () => resolve(answer));
    socket.on('error', reject);
  });
}

describe('requests the HTTP parser refuses', () => {
  const t = useTestApp('pglite', { listen: true, env: { SANDBOX: 'off' } });

  it('get the JSON error body too, with a stable code', async () => {
    const port = Number(new URL(t.config.publicUrl).port);
    const cases: Array<[Buffer, number, string]> = [
      [
        Buffer.concat([
          Buffer.from('GET /api/v3/documents/'),
          Buffer.from([0xff, 0xfe]),
          Buffer.from(' HTTP/1.1\r\nHost: x\r\n\r\n'),
        ]),
        400,
        'MALFORMED_REQUEST',
      ],
      [
        Buffer.from('GET /api/health HTTP/1.1\r\nHost: x\r\nX-Bad: a\u0000b\r\n\r\n'),
        400,
        'MALFORMED_REQUEST',
      ],
      [
        Buffer.from(`GET /api/health HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`),
        431,
        'HEADERS_TOO_LARGE',
      ],
    ];
    for (const [bytes, status, code] of cases) {
      const answer = await rawRequest(port, bytes);
      expect(answer.split('\r\n')[0]).toContain(` ${status} `);
      expect(answer).toMatch(/content-type: application\/json/i);
      expect(JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4))).toMatchObject({
        statusCode: status,
        code,
      });
    }
  });
});
