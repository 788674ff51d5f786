import { randomBytes } from 'node:crypto';
import { createDb, type DbHandle } from '../src/platform/db';
import { migrate } from '../src/platform/migrate';

/**
 * A migrated, empty database for one test file: in-memory PGlite by default, or a fresh schema on the
 * PostgreSQL of DATABASE_URL (dropped again by `drop`), so test files never see each other's rows.
 */
export async function createTestDb(): Promise<DbHandle & { drop: () => Promise<void>; connectAgain: () => Promise<DbHandle> }> {
  const url = process.env.DATABASE_URL;
  const schema = url ? `t_${randomBytes(6).toString('hex')}` : undefined;
  const handle = await createDb({ databaseUrl: url, pgliteDir: 'memory://', schema, poolSize: 4 });
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
