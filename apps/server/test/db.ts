import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { readFile, rename, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createDb, type DbHandle } from '../src/platform/db';
import { migrate } from '../src/platform/migrate';
import { swapSchemas } from '../src/platform/table-swap';

const SERVER_SRC = resolve(dirname(fileURLToPath(import.meta.url)), '../src');
const MIGRATIONS = join(SERVER_SRC, 'platform/migrations');
const SHARED = resolve(SERVER_SRC, '../../../packages/shared/src');
// A file is PGlite's data directory, which another PGlite version may not read.
const PGLITE_PACKAGE = join(dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite')), '../package.json');

/** Adds every file below `dir` but the tests (names and contents, in a stable order) to `hash`. */
function hashTree(hash: ReturnType<typeof createHash>, dir: string): void {
  for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) hashTree(hash, path);
    else if (!entry.name.endsWith('.test.ts')) hash.update(relative(SERVER_SRC, path)).update(readFileSync(path));
  }
}

/**
 * A PGlite database as a file, shared by the test files of a run and built once by `build` on an empty
 * cluster: starting from it skips PGlite's initdb, the migrations (about 2 s a file) and, for a seeded
 * database, the seed. Named by the migrations' contents (and the seed's key and the server's sources),
 * and PGlite's version, so a changed migration or server code, or another PGlite, builds a new one.
 */
async function pgliteFile(seed: TestDbSeed | undefined): Promise<Blob> {
  const hash = createHash('sha256').update(readFileSync(PGLITE_PACKAGE));
  hashTree(hash, MIGRATIONS);
  if (seed) {
    // Rows written at load take the clock's time (column defaults): a seeded file is rebuilt every day.
    hash.update(seed.key).update(new Date().toISOString().slice(0, 10));
    // A seed may run any server code (the generator, the ETL): all of it names the file.
    hashTree(hash, SERVER_SRC);
    hashTree(hash, SHARED);
  }
  const path = join(tmpdir(), `dossier-test-pglite-${hash.digest('hex').slice(0, 16)}.tar.gz`);
  if (!existsSync(path)) {
    const fresh = await createDb({ pgliteDir: 'memory://', ...(seed ? { pgliteSnapshot: await pgliteFile(undefined) } : {}) });
    await migrate(fresh);
    if (seed) await seed.load(fresh);
    const copy = await fresh.snapshot?.();
    await fresh.db.destroy();
    if (!copy) throw new Error('PGlite gave no snapshot');
    // Another worker may write the same file at the same time: each renames its own complete copy.
    const partial = `${path}.${process.pid}.${randomBytes(4).toString('hex')}`;
    await writeFile(partial, Buffer.from(await copy.arrayBuffer()));
    await rename(partial, path);
  }
  return new Blob([await readFile(path)]);
}

/**
 * Data every test file of a kind starts from (the demo organisation of the reports fixture). `key` names
 * everything `load` depends on besides the generator's sources (its scale, seed, date).
 */
export interface TestDbSeed {
  key: string;
  load: (handle: DbHandle) => Promise<void>;
}

/**
 * A migrated, empty database for one test file: in-memory PGlite by default, or a fresh schema on the
 * PostgreSQL of DATABASE_URL (dropped again by `drop`), so test files never see each other's rows.
 */
export async function createTestDb(
  seed?: TestDbSeed,
): Promise<DbHandle & { drop: () => Promise<void>; connectAgain: () => Promise<DbHandle> }> {
  const url = process.env.DATABASE_URL;
  const schema = url ? `t_${randomBytes(6).toString('hex')}` : undefined;
  const handle = await createDb({
    databaseUrl: url,
    pgliteDir: 'memory://',
    schema,
    poolSize: 4,
    ...(url ? {} : { pgliteSnapshot: await pgliteFile(seed) }),
  });
  // Already migrated on PGlite; kept so that the checksums are checked as at start-up.
  await migrate(handle);
  if (url && seed) await seed.load(handle);
  const extra: DbHandle[] = [];
  return {
    ...handle,
    /**
     * A second, independent connection pool to the same data, as another server instance would have.
     * PGlite lives inside this process, so there the same handle is returned.
     */
    connectAgain: async () => {
      if (!url) return handle;
      const again = await createDb({ databaseUrl: url, pgliteDir: 'memory://', schema, poolSize: 4 });
      extra.push(again);
      return again;
    },
    drop: async () => {
      for (const h of extra) await h.db.destroy();
      // With the schemas a table swap makes beside it (a rebuild spread over sessions keeps its build schema).
      if (schema)
        await handle.withSession((run) =>
          run([schema, ...Object.values(swapSchemas(schema))].map((s) => `drop schema if exists ${s} cascade;`).join('\n')),
        );
      await handle.db.destroy();
    },
  };
}
