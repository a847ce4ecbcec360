import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['schemas/**/*.test.ts', 'mock/**/*.test.ts', 'suites/**/*.test.ts', 'reports/**/*.test.ts', 'test/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 30_000,
    pool: 'forks',
  },
});
