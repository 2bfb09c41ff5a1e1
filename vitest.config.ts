import { defineConfig } from 'vitest/config';

// Each workspace has its own vitest.config.ts; this file only lists them.
export default defineConfig({
  test: {
    // Two test files at a time even on two cores (vitest's default would be one): the API tests
    // spend much of their time waiting for PostgreSQL, pdfsig and their own HTTP round trips.
    maxWorkers: 2,
    projects: ['packages/*', 'apps/api', 'apps/web'],
  },
});
