import type { FastifyInstance, FastifyReply } from 'fastify';
import fastifyHelmet, { type FastifyHelmetOptions } from '@fastify/helmet';

type Directives = Record<string, string[]>;

/**
 * The web app and the API. Scripts come only from our own files (the built app has no inline
 * script; its runtime config is a JSON data block). Emotion (MUI) writes <style> elements, which
 * carry the per-response nonce that helmet adds to style-src. Page images and downloads are
 * object URLs (blob:), small icons data: URLs.
 */
function appDirectives(https: boolean, paymentsSource: string | null = null): Directives {
  return {
    'default-src': ["'self'"],
    'base-uri': ["'none'"],
    'object-src': ["'none'"],
    'script-src': ["'self'"],
    'script-src-attr': ["'none'"],
    'style-src': ["'self'"],
    'img-src': ["'self'", 'data:', 'blob:'],
    'font-src': ["'self'"],
    // The payment form sends card details straight to the payments API (paymentsSourceOf).
    'connect-src': paymentsSource ? ["'self'", paymentsSource] : ["'self'"],
    'form-action': ["'self'"],
    // Nobody may frame Signet: a framed signing page invites clickjacking.
    'frame-ancestors': ["'none'"],
    ...(https ? { 'upgrade-insecure-requests': [] } : {}),
  };
}

/**
 * Pages with their own needs, by path prefix. The API docs (Swagger UI) load their script, styles
 * and a data: logo from the docs route and call the API. The sandbox's outbox pages are plain
 * HTML with inline styles, and show each mail's HTML (inline styles) in a srcdoc frame.
 */
function pagePolicies(https: boolean): Array<{ prefix: string; directives: Directives }> {
  const app = appDirectives(https);
  return [
    {
      prefix: '/api/docs',
      directives: {
        ...app,
        'img-src': ["'self'", 'data:'],
        'form-action': ["'none'"],
      },
    },
    { prefix: '/sandbox', directives: { ...app, 'style-src': ["'self'", "'unsafe-inline'"] } },
  ];
}

/**
 * What the web app's payment form may reach besides Signet: the payments API base URL the browser is
 * given (STRIPE_API_URL), as a path prefix so that nothing else of that host is reachable; none when
 * it is Signet's own (the embedded sandbox under /sandbox/payments). The form uses fetch, so
 * form-action stays 'self'; the provider's authentication page is a top-level navigation, which CSP
 * does not govern, and it returns to a page of Signet.
 */
function paymentsSourceOf(publicUrl: string, paymentsApiUrl: string): string | null {
  const api = new URL(paymentsApiUrl);
  if (api.origin === new URL(publicUrl).origin) return null;
  return `${api.origin}${api.pathname.replace(/\/+$/, '')}/`;
}

/**
 * Security headers on every answer, through helmet: the Content-Security-Policy above,
 * frame-ancestors 'none' and X-Frame-Options DENY, nosniff, Referrer-Policy no-referrer (a
 * signing link must not leak to other sites), and HSTS only when Signet is served over https.
 * Register before any route: the per-page policies are attached as routes are added.
 */
export async function registerSecurityHeaders(
  app: FastifyInstance,
  publicUrl: string,
  paymentsApiUrl: string,
): Promise<void> {
  const https = new URL(publicUrl).protocol === 'https:';
  const paymentsSource = paymentsSourceOf(publicUrl, paymentsApiUrl);
  for (const { prefix, directives } of pagePolicies(https)) {
    const helmet = { enableCSPNonces: false, contentSecurityPolicy: { useDefaults: false, directives } };
    app.addHook('onRoute', (route) => {
      // helmet's own onRoute hook (registered after this one) takes the route option up.
      if (route.url === prefix || route.url.startsWith(`${prefix}/`)) route.helmet = helmet;
    });
  }
  const options: FastifyHelmetOptions = {
    enableCSPNonces: true,
    contentSecurityPolicy: { useDefaults: false, directives: appDirectives(https, paymentsSource) },
    strictTransportSecurity: https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    xFrameOptions: { action: 'deny' },
    referrerPolicy: { policy: 'no-referrer' },
  };
  await app.register(fastifyHelmet, options);
}

/**
 * Lets `origins` (checked web origins, see EmbedOrigin in contracts) frame this one answer: the
 * signing page of a request made to be embedded. Its CSP frame-ancestors names them, and
 * X-Frame-Options goes (it can only deny, or allow Signet itself; browsers obey frame-ancestors
 * where both are sent). helmet set both on the raw response, so they change there.
 */
export function allowFraming(reply: FastifyReply, origins: readonly string[]): void {
  const policy = reply.raw.getHeader('content-security-policy');
  if (typeof policy !== 'string' || origins.length === 0) return;
  reply.raw.setHeader(
    'content-security-policy',
    policy.replace("frame-ancestors 'none'", `frame-ancestors ${origins.join(' ')}`),
  );
  reply.raw.removeHeader('x-frame-options');
}
