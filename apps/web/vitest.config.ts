import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

export default defineConfig({
  plugins: [react()],
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/test-setup.ts'],
    // Above the 10 s that findBy/waitFor may wait (test-setup.ts), so a missing element is reported
    // as such, not as a test timeout.
    testTimeout: 20_000,
  },
});
