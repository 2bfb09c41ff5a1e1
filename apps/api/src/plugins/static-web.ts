import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';

/**
 * Serves the built web app under /. Paths that are no file and not under /api or /sandbox get
 * index.html, so the client router handles them (including its own 404 page).
 */
export async function registerStaticWeb(app: FastifyInstance, webDist: string): Promise<string | null> {
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
  return readFileSync(indexPath, 'utf8');
}

export function isWebPath(url: string): boolean {
  return !url.startsWith('/api/') && url !== '/api' && !url.startsWith('/sandbox');
}
