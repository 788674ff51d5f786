import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { configDefaults, defineConfig } from 'vitest/config';

const INCLUDE = [
  'packages/*/src/**/*.test.ts',
  'apps/server/src/**/*.test.ts',
  'apps/server/test/**/*.test.ts',
  'apps/web/src/**/*.test.ts',
];
// The folders the patterns search: each pattern up to its first wildcard.
const ROOTS = INCLUDE.map((pattern) => pattern.split('/*')[0] ?? pattern);

/** Test files that replace a module (`vi.mock`): their replacement must not reach, or miss, another file's modules. */
function mockingFiles(): string[] {
  const found: string[] = [];
  const walk = (dir: string): void => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory() && entry.name !== 'node_modules' && entry.name !== 'dist') walk(path);
      else if (entry.name.endsWith('.test.ts') && /\bvi\.(do)?mock\(/.test(readFileSync(path, 'utf8'))) found.push(path);
    }
  };
  for (const root of ROOTS) walk(root);
  return found;
}
const MOCKING = mockingFiles();
// Suites that start the compiled server on a real port and time its answers (/healthz under 100 ms). They run
// on their own, one file at a time, after the unit pass (`npm run test:doors`), so the figures they assert
// are the server's own and not those of other test files sharing the two cores.
const DOORS = ['apps/server/test/doors/**/*.test.ts', 'apps/server/test/readme.test.ts'];

const shared = {
  testTimeout: 60_000,
  hookTimeout: 180_000,
};

export default defineConfig({
  test: {
    // PGlite instances are memory-hungry WASM; two workers match the 2-core CI machine.
    maxWorkers: 2,
    projects: [
      {
        // A worker imports the server's modules once for all its files instead of once per file (about a fifth
        // of the unit pass). Every file builds its own app and database, so no state is shared through them.
        test: {
          ...shared,
          name: 'shared-imports',
          include: INCLUDE,
          exclude: [...configDefaults.exclude, ...MOCKING, ...DOORS],
          isolate: false,
        },
      },
      ...(MOCKING.length ? [{ test: { ...shared, name: 'isolated', include: MOCKING } }] : []),
      { test: { ...shared, name: 'doors', include: DOORS, fileParallelism: false } },
    ],
  },
});
