import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { createDb } from './db';

const url = process.env.DATABASE_URL;

// Connection settings are PostgreSQL's: PGlite has one connection of its own and no JIT to turn off.
describe.skipIf(!url)('PostgreSQL connection options', () => {
  const settings = async (databaseUrl: string, schema?: string) => {
    const handle = await createDb({
      databaseUrl,
      pgliteDir: '',
      ...(schema ? { schema } : {}),
      poolSize: 1,
      settings: { statement_timeout: 4321 },
    });
    try {
      const res = await sql<{ jit: string; path: string; timeout: string }>`select current_setting('jit') as jit,
        current_setting('search_path') as path, current_setting('statement_timeout') as timeout`.execute(handle.db);
      return res.rows[0];
    } finally {
      if (schema) await sql`drop schema if exists ${sql.id(schema)} cascade`.execute(handle.db);
      await handle.db.destroy();
    }
  };

  it('start every connection without JIT and with its settings, also the one that created the schema', async () => {
    const schema = `t_${randomBytes(6).toString('hex')}`;
    expect(await settings(url ?? '', schema)).toEqual({ jit: 'off', path: schema, timeout: '4321ms' });
  });

  it('keep the options the URL carries beside their own, in a URL that names its host as a parameter', async () => {
    // The form of a Unix-socket URL (`postgres://user@/db?host=/run/postgresql`), which is no WHATWG URL.
    const parts = new URL(url ?? '');
    const options = encodeURIComponent('-c search_path=public,pg_catalog');
    const withOptions = `postgres://${parts.username}@${parts.pathname}?host=${parts.hostname}&port=${parts.port || '5432'}&options=${options}`;
    expect(await settings(withOptions)).toEqual({ jit: 'off', path: 'public,pg_catalog', timeout: '4321ms' });
  });
});
