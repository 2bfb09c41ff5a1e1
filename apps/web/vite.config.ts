import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// The API serves the built app; in `vite dev` and `vite preview` calls to /api and /sandbox go to a running API.
const apiTarget = process.env.SIGNET_API_URL ?? 'http://localhost:3000';

export default defineConfig({
  plugins: [react()],
  server: { proxy: { '/api': apiTarget, '/sandbox': apiTarget } },
  preview: { proxy: { '/api': apiTarget, '/sandbox': apiTarget } },
  build: {
    outDir: 'dist',
    sourcemap: true,
    // bench/web-bundle.ts reads the chunk graph from the manifest.
    manifest: true,
  },
});
