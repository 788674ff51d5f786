import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { DbHandle } from './db';

const migrationsDir = join(dirname(fileURLToPath(import.meta.url)), 'migrations');
// Arbitrary constant shared by all instances so only one applies migrations at a time.
const MIGRATION_LOCK = 7_114_001;

/**
 * Applies every migrations/NNN_*.sql not yet recorded, in name order, on one session holding an
 * advisory lock (several instances may start at once). Each file and its record commit together.
 */
export async function migrate(handle: DbHandle): Promise<string[]> {
  const files = readdirSync(migrationsDir)
    .filter((f) => /^\d{3}_[a-z0-9_]+\.sql$/.test(f))
    .sort();
  return handle.withSession(async (run) => {
    await run(`select pg_advisory_lock(${MIGRATION_LOCK})`);
    try {
      await run(`create table if not exists schema_migrations (
        name text primary key, applied_at timestamptz not null default now())`);
      const done = await run('select name from schema_migrations');
      const applied = new Set(done.map((r) => String(r.name)));
      const ran: string[] = [];
      for (const file of files) {
        if (applied.has(file)) continue;
        const text = readFileSync(join(migrationsDir, file), 'utf8');
        // File names are checked against a strict pattern above, so interpolating them is safe.
        await run(`begin;\n${text}\n;\ninsert into schema_migrations (name) values ('${file}');\ncommit;`);
        ran.push(file);
      }
      return ran;
    } finally {
      await run(`select pg_advisory_unlock(${MIGRATION_LOCK})`);
    }
  });
}
