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
): Promise<string | null> {
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

/** What the server tells the web app at run time (apps/web/src/lib/config.ts reads it). */
export interface WebRuntimeConfig {
  /** Anything but 'production' shows the Test System frame (spec §2): a server with the sandbox is one. */
  mode: 'production' | 'sandbox';
}

/**
 * Puts the runtime config into the entry page before the app's scripts. Values a page set earlier
 * (the E2E tests' init scripts) win, so tests can still tune e.g. the status poll interval.
 */
export function withRuntimeConfig(html: string, webConfig: WebRuntimeConfig): string {
  const json = JSON.stringify(webConfig).replace(/</g, '\\u003c');
  const script = `<script>window.__SIGNET_CONFIG__ = Object.assign(${json}, window.__SIGNET_CONFIG__);</script>`;
  return html.replace('<head>', `<head>\n    ${script}`);
}

export function isWebPath(url: string): boolean {
  return !url.startsWith('/api/') && url !== '/api' && !url.startsWith('/sandbox');
}
