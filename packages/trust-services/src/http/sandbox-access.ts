import { createHmac, timingSafeEqual } from 'node:crypto';
import { parseCookie, stringifySetCookie } from 'cookie';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { acceptHtmlForms, escapeHtml } from './html.js';

/** API callers (scripts, tests on another machine) present the sandbox access secret in this header. */
export const sandboxAccessHeader = 'x-sandbox-access-secret';
const cookieName = 'signet-sandbox-access';
const cookieMaxAgeSeconds = 12 * 60 * 60;

export interface SandboxAccessOptions {
  /** The secret non-loopback callers must present (the host generates it per installation). */
  secret: string;
  /** Absolute URL of the mount point as browsers see it, e.g. https://demo.example.ch/sandbox. */
  publicBaseUrl: string;
}

export type SandboxGuard = (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>;

/** 127.0.0.0/8 and ::1, also as IPv4-mapped IPv6: the caller is on this machine. */
export function isLoopback(address: string): boolean {
  return address === '::1' || /^(::ffff:)?127\./i.test(address);
}

/** Both sides hashed first: equal lengths for timingSafeEqual, and no early exit on the length. */
function sameSecret(given: string | undefined, expected: string): boolean {
  if (given === undefined) return false;
  const digest = (value: string) => createHmac('sha256', 'signet-sandbox-access').update(value).digest();
  return timingSafeEqual(digest(given), digest(expected));
}

/** What the browser keeps instead of the secret itself. */
const cookieValueOf = (secret: string) =>
  createHmac('sha256', secret).update('signet sandbox access cookie').digest('base64url');

/** Where the form sends the browser back to: a page of the mount itself (no slash, so no way out). */
const nextPage = z
  .string()
  .max(500)
  .regex(/^[a-z][a-z0-9.-]*(\?[\w%=&+.@-]*)?$/, 'a page of the sandbox');
const accessForm = z.object({ secret: z.string().max(500), next: nextPage });

function accessPage(next: string, wrong: boolean): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Sandbox access - Signet</title>
<meta name="viewport" content="width=device-width,initial-scale=1">
<style>body{font-family:system-ui,sans-serif;max-width:40rem;margin:2rem auto;padding:0 1rem}label,input,button{display:block;margin:.5rem 0;font:inherit}input{padding:.4rem;width:100%;max-width:28rem}[role=alert]{color:#a4000f}</style>
</head><body><main>
<h1>Sandbox access</h1>
<p>The sandbox outboxes and controls answer this machine only. From elsewhere, enter the sandbox access secret that Signet printed at start-up (or that the operator set as SANDBOX_ACCESS_SECRET).</p>
${wrong ? '<p role="alert" id="error">That is not the sandbox access secret.</p>' : ''}
<form method="post" action="access">
<label for="secret">Sandbox access secret</label>
<input id="secret" name="secret" type="password" autocomplete="current-password" required${wrong ? ' aria-invalid="true" aria-describedby="error"' : ''} autofocus>
<input type="hidden" name="next" value="${escapeHtml(next)}">
<button type="submit">Open the sandbox</button>
</form></main></body></html>
`;
}

/**
 * Who may read the outboxes (mail with reset links, SMS with signing codes) and move the trust services'
 * clock, faults and revocations: callers on this machine (the newcomer's browser on localhost), and
 * anyone else presenting the access secret: in a header, or as the HttpOnly cookie the access form sets.
 * Never in a query string, which would reach access logs. request.ip is what Fastify resolved: behind
 * a reverse proxy on the same host every caller looks local unless the host trusts the proxy's header.
 */
export function sandboxAccess(options: SandboxAccessOptions): {
  guard: SandboxGuard;
  registerAccessForm: (app: FastifyInstance) => void;
} {
  const cookieValue = cookieValueOf(options.secret);
  const base = new URL(options.publicBaseUrl);

  const guard: SandboxGuard = async (request, reply) => {
    if (isLoopback(request.ip)) return;
    const header = request.headers[sandboxAccessHeader];
    if (typeof header === 'string' && sameSecret(header, options.secret)) return;
    const cookies = parseCookie(request.headers.cookie ?? '');
    if (sameSecret(cookies[cookieName], cookieValue)) return;
    reply.status(401).header('cache-control', 'no-store');
    if (request.method === 'GET' && (request.headers.accept ?? '').includes('text/html')) {
      const page = request.url.split('/').pop() ?? '';
      const pageAlone = page.split('?')[0]!;
      const next = [page, pageAlone].find((p) => nextPage.safeParse(p).success) ?? 'control';
      return reply.type('text/html; charset=utf-8').send(accessPage(next, false));
    }
    return reply.send({
      error: 'access_denied',
      error_description: `The sandbox answers this machine only; send the sandbox access secret in the ${sandboxAccessHeader} header`,
    });
  };

  const registerAccessForm = (app: FastifyInstance) => {
    app.register(async (form) => {
      acceptHtmlForms(form);
      form.post('/access', async (request, reply) => {
        const { secret, next } = accessForm.parse(request.body);
        reply.header('cache-control', 'no-store');
        if (!sameSecret(secret, options.secret))
          return reply.status(401).type('text/html; charset=utf-8').send(accessPage(next, true));
        return reply
          .header(
            'set-cookie',
            stringifySetCookie({
              name: cookieName,
              value: cookieValue,
              path: base.pathname,
              httpOnly: true,
              sameSite: 'strict',
              secure: base.protocol === 'https:',
              maxAge: cookieMaxAgeSeconds,
            }),
          )
          .redirect(next, 303);
      });
    });
  };

  return { guard, registerAccessForm };
}
