import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'api',
    environment: 'node',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    // Generous: some tests build two or three apps inside the test itself, and two test files run
    // side by side on a machine that may be busy with other work; a passing test never waits for it.
    testTimeout: 120_000,
    hookTimeout: 180_000,
  },
});
