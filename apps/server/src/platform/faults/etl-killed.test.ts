import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadDemoIfEmpty } from '../../demo/load';
import { BUSINESS_ROLLUP_JOB, ETL_LOCK } from '../../modules/etl/business-etl';
import { ROLLUP_TABLES } from '../../modules/etl/rollups/registry';
import type { Db } from '../db';
import { createTestDb } from '../../../test/db';
import { runEtlWhenFree } from '../../../test/etl-when-free';
import { factRows, partnerMonthlyMatches, rawAggregate, subtreeMatches } from '../../../test/rollup-checks';

const url = process.env.DATABASE_URL;
const serverDir = fileURLToPath(new URL('../../../', import.meta.url));
const childScript = fileURLToPath(new URL('../../../test/etl-child.ts', import.meta.url));
// Everything the ETL writes, in one transaction: none of it may change when the run dies.
const ETL_TABLES = [...ROLLUP_TABLES, 'etl_policy_state', 'etl_affected', 'etl_jobs'] as const;
// Statements that come after the policy versions (etl_policy_state) were rewritten: the run is well into its writes.
const LATE_STATEMENT = /fact_subtree_monthly|fact_partner_monthly/;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** One digest per table, so "unchanged" means every row and every column. */
async function digests(db: Db): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const table of ETL_TABLES) {
    const res = await sql<{
      d: string | null;
    }>`select md5(string_agg(t::text, ',' order by t::text)) as d from ${sql.table(table)} t`.execute(db);
    out[table] = res.rows[0]?.d ?? 'empty';
  }
  return out;
}

interface EtlProgress {
  /** The transaction of the child's session that holds the ETL lock, once it has written something. */
  xid: string | null;
  /** A statement that one of the child's sessions (the lock holder or a rebuild helper) is running now. */
  late: string | null;
}

/**
 * How far the child's run has got, found by its application_name. A full rebuild spreads its groupings over
 * helper sessions, which connect with the same application_name: the late statement may be on any of them,
 * while the lock holder waits for them.
 */
async function etlProgress(db: Db, appName: string): Promise<EtlProgress | undefined> {
  // A two-int advisory key shows in pg_locks as classid (first key), objid (second) and objsubid 2.
  const res = await sql<EtlProgress>`
    select a.backend_xid::text as xid,
      (select s.query from pg_stat_activity s
        where s.application_name = ${appName} and s.state = 'active' and s.query ~ ${LATE_STATEMENT.source} limit 1) as late
    from pg_stat_activity a join pg_locks l on l.pid = a.pid
    where a.application_name = ${appName} and l.locktype = 'advisory' and l.granted
      and l.classid::text::int = ${ETL_LOCK} and l.objid::text::bigint = (hashtext(current_schema())::bigint & 4294967295) and l.objsubid = 2`.execute(
    db,
  );
  return res.rows[0];
}

describe.skipIf(!url)(`business ETL killed mid-run${url ? '' : ' (skipped: runs only with DATABASE_URL set, the PostgreSQL pass)'}`, () => {
  let db: Awaited<ReturnType<typeof createTestDb>>;
  beforeAll(async () => {
    db = await createTestDb();
    // Enough policies (about 9,000) for a full rebuild to take a moment, so it can be caught half-way.
    await loadDemoIfEmpty(db, { scale: 0.03, seed: 99, today: '2026-06-15', log: () => undefined });
    await runEtlWhenFree(db.db);
  });
  afterAll(() => db?.drop());

  it('a SIGKILLed run leaves the previous roll-ups intact, and the next run converges to the raw aggregates', async () => {
    // Business moves on after the last run: the roll-ups are now behind the policies.
    await sql`
      update policies set paid_amount = paid_amount + 7, weightage_premium = weightage_premium + 7,
        status = case when id % 3 = 0 then 'cancelled' else status end, updated_at = now()
      where id % 10 = 0`.execute(db.db);
    const previous = await factRows(db);
    expect(previous).not.toEqual(await rawAggregate(db));
    const before = await digests(db.db);

    const schema = (await sql<{ s: string }>`select current_schema() as s`.execute(db.db)).rows[0]?.s ?? '';
    const appName = `etl-kill-${randomBytes(4).toString('hex')}`;
    const childUrl = new URL(url ?? '');
    childUrl.searchParams.set('application_name', appName);
    // node --import tsx rather than npx tsx: one process, so SIGKILL hits the very process holding the
    // connection (npx would put a shell and tsx's own launcher in between, and the run would live on).
    const child = spawn(process.execPath, ['--import', 'tsx', childScript], {
      cwd: serverDir,
      env: { ...process.env, DATABASE_URL: childUrl.toString(), ETL_SCHEMA: schema, ETL_FULL: '1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const exited = new Promise<NodeJS.Signals | null>((resolve) => child.on('exit', (_code, signal) => resolve(signal)));
    let running = true;
    void exited.then(() => (running = false));

    // Watch the database, not the clock: kill once the run holds the lock and has already rewritten the policy versions.
    let caught: string | undefined;
    for (const deadline = Date.now() + 90_000; !caught && running && Date.now() < deadline; await sleep(5)) {
      const progress = await etlProgress(db.db, appName);
      if (progress?.xid && progress.late) caught = progress.late;
    }
    if (!caught) {
      child.kill('SIGKILL');
      throw new Error(`the child ETL was not caught mid-run (it ${running ? 'never got that far' : 'finished first'}): ${output}`);
    }
    child.kill('SIGKILL');
    expect(await exited).toBe('SIGKILL');
    expect(output).not.toMatch(/"ran":true/);

    // The orphaned backend finishes its statement, finds its client gone and rolls back; only then is the lock free.
    const killedAt = Date.now();
    while (
      (await sql<{ n: number }>`select count(*)::int as n from pg_stat_activity where application_name = ${appName}`.execute(db.db)).rows[0]
        ?.n
    ) {
      if (Date.now() - killedAt > 60_000) throw new Error('the killed run’s backend is still there after 60 s');
      await sleep(20);
    }
    const orphanMs = Date.now() - killedAt;

    // Nothing of the killed run is left: every ETL table, the job row included, is exactly as before.
    expect(await digests(db.db)).toEqual(before);
    expect(await factRows(db)).toEqual(previous);
    const job = await db.db
      .selectFrom('etl_jobs')
      .select(['status', 'last_error'])
      .where('name', '=', BUSINESS_ROLLUP_JOB)
      .executeTakeFirstOrThrow();
    expect(job).toEqual({ status: 'idle', last_error: null });
    // What the rebuild's helpers had committed stays in the build schema, beside the live tables, until the next run.
    const buildTables = () =>
      sql<{ table: string }>`
        select c.relname as table from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = ${`${schema}_build`} and c.relkind = 'r' order by 1`
        .execute(db.db)
        .then((r) => r.rows.map((row) => row.table));
    expect(await buildTables()).toContain('etl_policy_state');

    // The next ordinary (incremental) run converges to exact totals.
    const t = performance.now();
    await runEtlWhenFree(db.db);
    const recoveryMs = performance.now() - t;
    expect(await factRows(db)).toEqual(await rawAggregate(db));
    expect(await partnerMonthlyMatches(db)).toBe(true);
    expect(await subtreeMatches(db, 'month')).toBe(true);
    expect(await subtreeMatches(db, 'day')).toBe(true);
    expect(await buildTables()).toEqual([]);
    console.info(
      JSON.stringify({ killedDuring: caught.trim().split('\n')[0]?.slice(0, 60), orphanMs, recoveryMs: Math.round(recoveryMs) }),
    );
  }, 180_000);
});
