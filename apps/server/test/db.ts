import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { readFile, rename, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createDb, type DbHandle } from '../src/platform/db';
import { migrate } from '../src/platform/migrate';

const MIGRATIONS = resolve(dirname(fileURLToPath(import.meta.url)), '../src/platform/migrations');
// A snapshot is PGlite's data directory, which another PGlite version may not read.
const PGLITE_PACKAGE = join(dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite')), '../package.json');

/**
 * A migrated, empty PGlite database as a file, shared by the test files of a run: starting from it
 * skips PGlite's initdb and the migrations (about 2 s a file). Named by the migrations' contents and
 * PGlite's version, so a changed migration or an upgrade builds a new one.
 */
async function migratedPglite(): Promise<Blob> {
  const hash = createHash('sha256').update(readFileSync(PGLITE_PACKAGE));
  for (const file of readdirSync(MIGRATIONS).sort()) hash.update(file).update(readFileSync(join(MIGRATIONS, file)));
  const path = join(tmpdir(), `dossier-test-pglite-${hash.digest('hex').slice(0, 16)}.tar.gz`);
  if (!existsSync(path)) {
    const fresh = await createDb({ pgliteDir: 'memory://' });
    await migrate(fresh);
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
 * A migrated, empty database for one test file: in-memory PGlite by default, or a fresh schema on the
 * PostgreSQL of DATABASE_URL (dropped again by `drop`), so test files never see each other's rows.
 */
export async function createTestDb(): Promise<DbHandle & { drop: () => Promise<void>; connectAgain: () => Promise<DbHandle> }> {
  const url = process.env.DATABASE_URL;
  const schema = url ? `t_${randomBytes(6).toString('hex')}` : undefined;
  const handle = await createDb({
    databaseUrl: url,
    pgliteDir: 'memory://',
    schema,
    poolSize: 4,
    ...(url ? {} : { pgliteSnapshot: await migratedPglite() }),
  });
  // Already migrated on PGlite; kept so that the checksums are checked as at start-up.
  await migrate(handle);
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
      if (schema) await handle.withSession((run) => run(`drop schema ${schema} cascade`));
      await handle.db.destroy();
    },
  };
}
