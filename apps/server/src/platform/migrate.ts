import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { DbHandle } from './db';

const migrationsDir = join(dirname(fileURLToPath(import.meta.url)), 'migrations');
// Arbitrary constant shared by all instances so only one applies migrations at a time.
const MIGRATION_LOCK = 7_114_001;

/** Raised when a migration that a database has already applied no longer matches its file. */
export class ChangedMigrationError extends Error {
  constructor(readonly files: string[]) {
    super(
      `Applied migration${files.length > 1 ? 's' : ''} changed since ${files.length > 1 ? 'they were' : 'it was'} applied: ${files.join(', ')}. ` +
        'Migrations are frozen once applied: restore the file and put the change in a new migration.',
    );
    this.name = 'ChangedMigrationError';
  }
}

/**
 * Checksums an applied migration may still carry from an edit that changed comments only: such a database is
 * brought to the current checksum; any other difference is still refused.
 */
const FORMER_CHECKSUMS: Readonly<Record<string, string>> = {
  '004_team.sql': 'f73c4d040326b1f5e0ddc1568e9586737175497a59b180dfe472c778f6d591b2',
  '005_callcentre.sql': '3f3d4360435147dde1626869e525a8fbdc443db6c8206c2047ce0e4e6ee33c0f',
};

function checksum(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

/**
 * Applies every migrations/NNN_*.sql not yet recorded, in name order, under an advisory lock (instances may
 * start at once); each file commits with its record and checksum. A changed applied file is refused first.
 */
export async function migrate(handle: DbHandle, dir: string = migrationsDir): Promise<string[]> {
  const files = readdirSync(dir)
    .filter((f) => /^\d{3}_[a-z0-9_]+\.sql$/.test(f))
    .sort();
  return handle.withSession(async (run) => {
    await run(`select pg_advisory_lock(${MIGRATION_LOCK})`);
    try {
      await run(`create table if not exists schema_migrations (
        name text primary key, applied_at timestamptz not null default now())`);
      await run('alter table schema_migrations add column if not exists checksum text');
      const done = await run('select name, checksum from schema_migrations');
      const recorded = new Map(done.map((r) => [String(r.name), typeof r.checksum === 'string' ? r.checksum : null]));
      const texts = new Map(files.map((f) => [f, readFileSync(join(dir, f), 'utf8')]));
      const changed = files.filter((f) => {
        const sum = recorded.get(f);
        return sum != null && sum !== checksum(texts.get(f) ?? '') && sum !== FORMER_CHECKSUMS[f];
      });
      if (changed.length > 0) throw new ChangedMigrationError(changed);
      const ran: string[] = [];
      for (const file of files) {
        const text = texts.get(file) ?? '';
        // File names are checked against a strict pattern above and checksums are hex, so interpolating them is safe.
        if (recorded.has(file)) {
          // Databases migrated before checksums were kept, or with a former checksum: record what the file says now.
          const sum = recorded.get(file);
          if (sum == null || sum === FORMER_CHECKSUMS[file])
            await run(`update schema_migrations set checksum = '${checksum(text)}' where name = '${file}'`);
          continue;
        }
        await run(`begin;\n${text}\n;\ninsert into schema_migrations (name, checksum) values ('${file}', '${checksum(text)}');\ncommit;`);
        ran.push(file);
      }
      return ran;
    } finally {
      await run(`select pg_advisory_unlock(${MIGRATION_LOCK})`);
    }
  });
}
