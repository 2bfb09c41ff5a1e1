import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';

/**
 * Serves the built web app under /. Paths that are no file and not under /api or /sandbox get
 * index.html, so the client router handles them (including its own 404 page).
 */
export async function registerStaticWeb(
  app: FastifyInstance,
  webDist: string,
  webConfig: WebRuntimeConfig,
): Promise<EntryPage | null> {
  const indexPath = join(webDist, 'index.html');
  if (!existsSync(indexPath)) return null;
  await app.register(async (web) => {
    web.addHook('onRoute', (route) => {
      route.config = { ...(route.config as object), auth: 'public' };
    });
    await web.register(fastifyStatic, {
      root: webDist,
      prefix: '/',
      wildcard: false,
      index: false,
      // The bare template lacks the runtime config and style nonce: /index.html is the entry page too.
      allowedPath: (path) => path !== '/index.html',
      // The build writes .br and .gz copies of the text assets (apps/web/precompress.ts): served
      // as they are to clients that accept them, the original to the others.
      preCompressed: true,
      // Hashed asset names never change; index.html must always be revalidated.
      setHeaders: (reply, path) => {
        reply.header(
          'cache-control',
          path.includes(`${join('assets', '')}`) ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
  });
  // The client router's entry page, served for every path that is no file (see app.ts).
  return withRuntimeConfig(readFileSync(indexPath, 'utf8'), webConfig);
}

/** The entry page for one response, given that response's CSP style nonce. */
export type EntryPage = (styleNonce: string) => string;

/** What the server tells the web app at run time (apps/web/src/lib/config.ts reads it). */
export interface WebRuntimeConfig {
  /** Anything but 'production' shows the Test System frame (spec §2): a server with the sandbox is one. */
  mode: 'production' | 'sandbox';
  /** The image endpoint's path on the site (spec §7). */
  imagesPath: string;
}

const noncePlaceholder = '__SIGNET_STYLE_NONCE__';

/**
 * Puts the runtime config into the entry page as a JSON data block (never executed, so the CSP
 * needs no inline script) and the response's style nonce into a csp-nonce meta element, where
 * the app's style cache (Emotion) and Vite's preloader read it. The app reads the config at start;
 * values a page set on window.__SIGNET_CONFIG__ (the E2E tests' init scripts) win.
 */
export function withRuntimeConfig(html: string, webConfig: WebRuntimeConfig): EntryPage {
  const json = JSON.stringify(webConfig).replace(/</g, '\\u003c');
  const blocks = [
    `<meta property="csp-nonce" nonce="${noncePlaceholder}" />`,
    `<script type="application/json" id="signet-config">${json}</script>`,
  ];
  const [head, tail] = html.replace('<head>', `<head>\n    ${blocks.join('\n    ')}`).split(noncePlaceholder);
  return (styleNonce) => `${head}${styleNonce}${tail ?? ''}`;
}

export function isWebPath(url: string): boolean {
  return !url.startsWith('/api/') && url !== '/api' && !url.startsWith('/sandbox');
}
