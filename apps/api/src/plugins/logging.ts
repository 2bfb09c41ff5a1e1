import type { FastifyRequest } from 'fastify';

/** Names whose values are credentials: never written to a log line, wherever they turn up. */
const secretNames = ['authorization', 'cookie', 'token', 'password', 'secret', 'pwdotp', 'tan', 'SAD'];

/**
 * pino's redaction paths for those names at the top level and up to four levels down (pino's
 * wildcards match one level each; logged objects here are shallower than that).
 */
const redactPaths = ['', '*.', '*.*.', '*.*.*.', '*.*.*.*.'].flatMap((prefix) =>
  secretNames.map((name) => `${prefix}${name}`),
);

/**
 * In query strings also an OpenID Connect login's `code` and `state`, with which an eID provider
 * sends the browser back to a Signet page (not among the names above: error bodies have a `code`).
 */
const secretQueryNames = new Set(
  // Stripe returns the browser from a setup intent's authentication with its client secret.
  [...secretNames, 'code', 'state', 'setup_intent_client_secret'].map((name) => name.toLowerCase()),
);

/**
 * Path segments that are a link's own secret: a send-to link, a business invitation (its page and
 * its API calls), a sandbox identification page (after its session id). The segment after each of
 * these is replaced in the log; so is the token of a payments sandbox authentication page (after its intent id).
 */
const secretPathSegments =
  /(\/(?:sendto|invite|business-invitations|ident\/sessions\/[^/?#]+|payments\/pages\/authenticate\/[^/?#]+)\/)[^/?#]+/g;

/**
 * A request URL as the access log may keep it: credential-named query values and the secrets of
 * send-to and invitation links (their path segments) replaced. Signet itself puts no secret in a query string; this
 * keeps the ones a caller sends anyway (an old link, a mistaken client) out of the log.
 */
export function logSafeUrl(url: string): string {
  const queryAt = url.indexOf('?');
  const path = (queryAt === -1 ? url : url.slice(0, queryAt)).replace(secretPathSegments, '$1[redacted]');
  if (queryAt === -1) return path;
  const query = url
    .slice(queryAt + 1)
    .split('&')
    .map((pair) => {
      const name = pair.split('=')[0] ?? '';
      return secretQueryNames.has(safeDecode(name).toLowerCase()) ? `${name}=[redacted]` : pair;
    })
    .join('&');
  return `${path}?${query}`;
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/** Fastify's logger options: the level, redaction, and the request serializer with a log-safe URL. */
export function loggerOptions(level: string, stream?: NodeJS.WritableStream) {
  return {
    level,
    redact: { paths: redactPaths, censor: '[redacted]' },
    serializers: {
      req: (request: FastifyRequest) => ({
        method: request.method,
        url: logSafeUrl(request.url),
        host: request.host,
        remoteAddress: request.ip,
        remotePort: request.socket?.remotePort,
      }),
    },
    ...(stream ? { stream } : {}),
  };
}
