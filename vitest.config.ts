import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['packages/*/src/**/*.test.ts', 'apps/server/src/**/*.test.ts', 'apps/server/test/**/*.test.ts', 'apps/web/src/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 180_000,
    // PGlite instances are memory-hungry WASM; two workers match the 2-core CI machine.
    maxWorkers: 2,
  },
});
