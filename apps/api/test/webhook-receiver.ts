import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One POST a receiver got: its headers and body as they came. */
export interface Received {
  /** The path it was posted to. */
  path: string;
  headers: IncomingMessage['headers'];
  body: string;
}

/**
 * A real HTTP server on loopback that receives webhooks, as a business's system would: it keeps
 * what came and answers as `answer` says (200 by default); tests change `answer` as they go.
 */
export async function webhookReceiver(
  answer: (received: Received, response: ServerResponse) => void = (_, response) => response.end('ok'),
) {
  const received: Received[] = [];
  const receiver = {
    received,
    answer,
    url: '',
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const got = {
        path: request.url ?? '',
        headers: request.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      };
      received.push(got);
      receiver.answer(got, response);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  receiver.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
  return receiver;
}

/** Whether `Signet-Signature` is the HMAC-SHA256 of "<t>.<body>" under `secret`, as a receiver checks it. */
export function signatureValid(received: Received, secret: string): boolean {
  const header = String(received.headers['signet-signature'] ?? '');
  const parts = Object.fromEntries(header.split(',').map((part) => part.split('=') as [string, string]));
  if (!parts.t || !parts.v1) return false;
  const expected = createHmac('sha256', secret).update(`${parts.t}.${received.body}`).digest();
  const given = Buffer.from(parts.v1, 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}
