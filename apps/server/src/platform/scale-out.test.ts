import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { sql } from 'kysely';
import { ETL_LOCK_KEY, runBusinessEtl } from '../modules/etl/business-etl';
import { createTestDb } from '../../test/db';
import { FIXTURE_PASSWORD, seedFixtureOrg } from '../../test/fixtures';
import type { App } from './types';

/** Two server instances over one database and no shared memory (separate pools on PostgreSQL). */
describe('scale-out: two instances on one database', () => {
  let db: Awaited<ReturnType<typeof createTestDb>>;
  let a: App;
  let b: App;
  beforeAll(async () => {
    db = await createTestDb();
    await seedFixtureOrg(db.db);
    const config = loadConfig({ WEB_DIST: '/nonexistent', LOGIN_FAILURE_LIMIT: '4' });
    a = await buildApp({ config, db: db.db });
    b = await buildApp({ config, db: (await db.connectAgain()).db });
  });
  afterAll(async () => {
    await a.close();
    await b.close();
    await db.drop();
  });

  const login = (app: App, password = FIXTURE_PASSWORD, ip = '10.5.0.1') =>
    app.inject({ method: 'POST', url: '/accounts/api/v1/login/', payload: { username: 'zsm', password }, remoteAddress: ip });

  it('a token from one instance works on the other, and logout on one revokes it on both', async () => {
    const token = (await login(a)).json<{ token: string }>().token;
    const me = await b.inject({ method: 'GET', url: '/accounts/api/v1/me/', headers: { authorization: `Token ${token}` } });
    expect(me.statusCode).toBe(200);
    await b.inject({ method: 'POST', url: '/accounts/api/v1/logout/', headers: { authorization: `Token ${token}` } });
    expect((await a.inject({ method: 'GET', url: '/accounts/api/v1/me/', headers: { authorization: `Token ${token}` } })).statusCode).toBe(
      401,
    );
  });

  it('refuses consistently: the sign-in limit counts failures on both instances together', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 6; i++) codes.push((await login(i % 2 ? a : b, 'wrong', '10.6.0.1')).statusCode);
    // 4 failures allowed per login and client in total, not 4 per instance.
    expect(codes).toEqual([401, 401, 401, 401, 429, 429]);
  });

  it('runs the ETL on one instance at a time: a run while another holds the lock skips', async () => {
    const other = await db.connectAgain();
    if (db.dialect === 'postgres') {
      await other.db.transaction().execute(async (trx) => {
        // Instance B is in the middle of a run (holds the ETL lock)...
        await sql`select pg_advisory_xact_lock(${ETL_LOCK_KEY})`.execute(trx);
        // ...so instance A skips instead of doing the same work twice.
        expect((await runBusinessEtl(db.db)).ran).toBe(false);
      });
      expect((await runBusinessEtl(db.db)).ran).toBe(true);
    } else {
      // PGlite is one process: its single queue serialises runs, and each completes.
      const [x, y] = await Promise.all([runBusinessEtl(db.db), runBusinessEtl(other.db)]);
      expect(x.ran && y.ran).toBe(true);
    }
  });
});
