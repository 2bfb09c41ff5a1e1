import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { precompress } from './precompress.ts';

// The API serves the built app; in `vite dev` and `vite preview` calls to /api and /sandbox go to a running API.
const apiTarget = process.env.SIGNET_API_URL ?? 'http://localhost:3000';

export default defineConfig({
  plugins: [react(), precompress()],
  server: { proxy: { '/api': apiTarget, '/sandbox': apiTarget } },
  preview: { proxy: { '/api': apiTarget, '/sandbox': apiTarget } },
  build: {
    outDir: 'dist',
    sourcemap: true,
    // bench/web-bundle.ts reads the chunk graph from the manifest.
    manifest: true,
    rolldownOptions: {
      output: {
        // Zod and the module that sets it jitless share one chunk, so the setting is made when Zod
        // first loads: before any schema of any chunk is built (src/zod-jitless.ts says why).
        // The storage fallback is a chunk of its own, which the entry imports first: inlined in
        // the entry it would run after every chunk the entry imports, and those read web storage.
        codeSplitting: {
          groups: [
            { name: 'storage-fallback', test: /[\\/]src[\\/]storage-fallback\.ts$/ },
            { name: 'zod', test: /[\\/]node_modules[\\/]zod[\\/]|[\\/]src[\\/]zod-jitless\.ts$/ },
          ],
        },
      },
    },
  },
});
