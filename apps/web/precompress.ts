import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/** What a browser fetches as text: the scripts, styles and images the app loads (not source maps). */
const compressible = /\.(js|css|svg|json|txt)$/;
/** Below this a compressed copy saves less than its headers cost. */
const minBytes = 1024;

/**
 * Writes a Brotli (.br) and a gzip (.gz) copy beside each text asset of the build, at the highest
 * levels, once at build time: the API serves them as they are (@fastify/static `preCompressed`),
 * so no request pays for compressing, and a phone on a slow network loads about a quarter of the
 * bytes. The entry page is built per response (runtime config, style nonce) and is not among them.
 */
export function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'signet-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir;
    },
    async writeBundle(options, bundle) {
      const dir = options.dir ?? outDir;
      const files = Object.keys(bundle).filter((name) => compressible.test(name) && name !== 'index.html');
      await Promise.all(
        files.map(async (name) => {
          const path = join(dir, name);
          const bytes = await readFile(path);
          if (bytes.length < minBytes) return;
          const [br, gz] = await Promise.all([
            brotli(bytes, {
              params: {
                [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
                [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
              },
            }),
            gzipped(bytes, { level: 9 }),
          ]);
          await Promise.all([writeFile(`${path}.br`, br), writeFile(`${path}.gz`, gz)]);
        }),
      );
    },
  };
}
