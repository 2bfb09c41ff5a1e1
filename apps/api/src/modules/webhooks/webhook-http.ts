import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { isIP } from 'node:net';
import { guardedLookup, hostOf, isPrivateAddress } from '../../adapters/outbound-addresses.ts';

/** What one attempt came to: the receiver's status, or the error that stopped it. */
export interface PostOutcome {
  statusCode: number | null;
  error: string | null;
  durationMs: number;
  /** The start of the answer, for the admin's attempts log. */
  snippet: string | null;
}

export interface PostLimits {
  allowPrivate: boolean;
  /** The whole attempt, connection to last byte read. */
  timeoutMs: number;
  /** Bytes of the answer read at most; past them the connection is cut. */
  maxResponseBytes: number;
}

const snippetChars = 500;

/**
 * POSTs a webhook body: http/https only, never to a refused address (checked on the resolved
 * address that is then connected to), no redirects followed (a 3xx is a failed attempt), a time
 * limit on the whole exchange and a size limit on the answer. Never throws: every way it can go
 * wrong is an outcome to log.
 */
export function postWebhook(
  url: string,
  body: string,
  headers: Record<string, string>,
  limits: PostLimits,
  now: () => number = Date.now,
): Promise<PostOutcome> {
  const started = now();
  const done = (statusCode: number | null, error: string | null, snippet: string | null = null) => ({
    statusCode,
    error,
    durationMs: Math.max(0, Math.round(now() - started)),
    snippet,
  });
  let target: URL;
  try {
    target = new URL(url);
  } catch {
    return Promise.resolve(done(null, 'not a URL'));
  }
  if (target.protocol !== 'http:' && target.protocol !== 'https:')
    return Promise.resolve(done(null, 'only http and https URLs'));
  // A literal address is connected to without any lookup, so it is checked here.
  const host = hostOf(target);
  if (!limits.allowPrivate && isIP(host) !== 0 && isPrivateAddress(host))
    return Promise.resolve(done(null, `${host} is a refused address`));

  return new Promise((resolve) => {
    let settled = false;
    const finish = (outcome: PostOutcome) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(outcome);
    };
    const send = target.protocol === 'https:' ? httpsRequest : httpRequest;
    const request = send(target, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
      lookup: guardedLookup(limits.allowPrivate),
      agent: false,
    });
    const timer = setTimeout(() => {
      finish(done(null, `no complete answer within ${limits.timeoutMs / 1000} s`));
      request.destroy();
    }, limits.timeoutMs);
    request.on('error', (error: NodeJS.ErrnoException) => finish(done(null, error.message)));
    request.on('response', (response: IncomingMessage) => {
      const chunks: Buffer[] = [];
      let size = 0;
      response.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size > limits.maxResponseBytes) {
          finish(
            done(
              response.statusCode ?? null,
              `answer larger than ${limits.maxResponseBytes} bytes, cut off`,
              snippetOf(chunks),
            ),
          );
          response.destroy();
          request.destroy();
          return;
        }
        chunks.push(chunk);
      });
      response.on('end', () => finish(done(response.statusCode ?? null, null, snippetOf(chunks))));
      response.on('error', (error) =>
        finish(done(response.statusCode ?? null, error.message, snippetOf(chunks))),
      );
    });
    request.end(body);
  });
}

function snippetOf(chunks: Buffer[]): string | null {
  if (chunks.length === 0) return null;
  const text = Buffer.concat(chunks)
    .subarray(0, snippetChars * 4)
    .toString('utf8');
  return text.slice(0, snippetChars);
}
