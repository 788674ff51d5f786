import { Readable } from 'node:stream';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb } from '../../../test/db';
import { loadDemoIfEmpty } from '../../demo/load';
import { importBacklog } from '../../platform/metrics/queries';
import { csvRows, importRows } from '../imports/module';
import { runBusinessEtl } from './business-etl';
import { MAX_WAIT_SECONDS, QUIET_SECONDS, runAfterImportsJob, runDue } from './freshness';

type TestDb = Awaited<ReturnType<typeof createTestDb>>;

const HEADER =
  'proposal_no,customer_code,employee_code,product_type_id,insurer,state,business_type,channel,status,paid_amount,payment_id,issued_at';

describe('the roll-ups follow committed import batches', () => {
  let db: TestDb;
  let row: (proposal: string, paid: string) => string;

  beforeAll(async () => {
    db = await createTestDb();
    await loadDemoIfEmpty(db, { scale: 0.005, seed: 7, today: '2026-06-15', log: () => undefined });
    const customer = 'customer_code,name,phone,email,pincode\nFRESHC1,Asha Rao,9876500001,asha@example.com,400001';
    await importRows(db.db, 'customers', csvRows(Readable.from([customer])), { partial: false, dryRun: false, source: 'cli' });
    await runBusinessEtl(db.db);
    const rm = await sql<{ code: string }>`select unique_code as code from employees where emp_role = 'rm' order by id limit 1`.execute(
      db.db,
    );
    const insurer = await sql<{ name: string }>`select name from insurers order by id limit 1`.execute(db.db);
    const state = await sql<{ name: string }>`select name from states order by id limit 1`.execute(db.db);
    row = (proposal, paid) =>
      [
        proposal,
        'FRESHC1',
        rm.rows[0]?.code,
        12,
        insurer.rows[0]?.name,
        state.rows[0]?.name,
        1,
        'direct',
        'success',
        paid,
        `pay_${proposal}`,
        '2026-06-14T11:00:00+05:30',
      ].join(',');
  });
  afterAll(() => db.drop());

  const push = (rows: string[], dryRun = false) =>
    importRows(db.db, 'policies', csvRows(Readable.from([[HEADER, ...rows].join('\n')])), {
      partial: false,
      dryRun,
      source: 'api',
      actor: 'erp',
    });
  // As if the batches had committed, and the last run had read, that many seconds ago: moving the batches alone
  // could move one before the snapshot of the run made just before it, which would then count it as folded.
  const age = async (seconds: number) => {
    await sql`update import_runs set finished_at = finished_at - make_interval(secs => ${seconds})`.execute(db.db);
    await sql`update etl_jobs set imports_folded_to = imports_folded_to - make_interval(secs => ${seconds})`.execute(db.db);
  };
  const folded = async (proposal: string) =>
    (
      await sql<{
        n: number;
      }>`select count(*)::int as n from etl_policy_state s join policies p on p.id = s.policy_id and p.updated_at = s.updated_at
        where p.proposal_no = ${proposal}`.execute(db.db)
    ).rows[0]?.n;

  it('waits for a quiet moment after a batch, then folds it and has nothing waiting', async () => {
    expect(await importBacklog(db.db)).toEqual({ oldestSeconds: null, newestSeconds: null });
    // A dry run changes nothing, so nothing waits for it.
    const dry = await push([row('FRESH1', '1200.00')], true);
    expect(dry.errors).toEqual([]);
    expect(dry.inserted).toBe(1);
    expect(await importBacklog(db.db)).toEqual({ oldestSeconds: null, newestSeconds: null });

    expect((await push([row('FRESH1', '1200.00')])).inserted).toBe(1);
    const waiting = await importBacklog(db.db);
    expect(waiting.oldestSeconds).toBeGreaterThanOrEqual(0);
    expect(waiting.oldestSeconds).toBeLessThan(QUIET_SECONDS);

    const job = runAfterImportsJob(db.db, 0);
    await job.run(new AbortController().signal);
    expect(await folded('FRESH1'), 'still within the quiet time: not folded yet').toBe(0);

    await age(QUIET_SECONDS);
    await job.run(new AbortController().signal);
    expect(await folded('FRESH1')).toBe(1);
    expect(await importBacklog(db.db)).toEqual({ oldestSeconds: null, newestSeconds: null });
  });

  it('a batch committed after a run began reading waits for the next run', async () => {
    await push([row('FRESH2', '900.00')]);
    // The run's reading began before the batch committed.
    await runBusinessEtl(db.db);
    await sql`update etl_jobs set imports_folded_to = (select max(finished_at) from import_runs) - interval '1 millisecond'`.execute(db.db);
    expect((await importBacklog(db.db)).oldestSeconds).not.toBeNull();
  });

  it('decides by the quiet time, or by the oldest batch having waited long enough', () => {
    expect(runDue({ oldestSeconds: null, newestSeconds: null })).toBe(false);
    expect(runDue({ oldestSeconds: 1, newestSeconds: 1 })).toBe(false);
    expect(runDue({ oldestSeconds: QUIET_SECONDS, newestSeconds: QUIET_SECONDS })).toBe(true);
    expect(runDue({ oldestSeconds: MAX_WAIT_SECONDS - 1, newestSeconds: 0.5 })).toBe(false);
    expect(runDue({ oldestSeconds: MAX_WAIT_SECONDS, newestSeconds: 0.5 })).toBe(true);
  });
});
