import type { ImportReport } from '@dossier/shared';
import { sql } from 'kysely';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb } from '../../../test/db';
import { buildOrg, toCsv, type Row } from '../../../test/import-org';
import { importRows, type ImportOptions } from './core';
import { csvRows } from './readers';

type TestDb = Awaited<ReturnType<typeof createTestDb>>;

const org = buildOrg();
// 120 policies on lines 2–121, one with an unknown state (line 52), and PR00004 (line 5) again on line 122.
const policies: Row[] = [
  ...org.policies.map((p, i) => (i === 50 ? { ...p, state: 'Gujrat' } : p)),
  { ...org.policies[3]!, paid_amount: '1.00' },
];
const ERRORS = [
  { line: 52, field: 'state', message: 'state "Gujrat" is not a known state' },
  { line: 122, field: 'proposal_no', message: 'proposal_no "PR00004" appears more than once (first on line 5)' },
];

/** A file row as `stored` shows it. */
const storedText = (p: Row): string => `${Number(p.paid_amount).toFixed(2)} ${p.status}`;

/** What the policies table holds, by proposal number: any written row shows. */
async function stored(db: TestDb): Promise<Record<string, string>> {
  const rows = await db.db.selectFrom('policies').select(['proposal_no', 'paid_amount', 'status']).orderBy('proposal_no').execute();
  return Object.fromEntries(rows.map((r) => [r.proposal_no, `${r.paid_amount} ${r.status}`]));
}

/** The definitions of the policies table's indexes: a first load drops the plain ones and builds them again. */
async function indexes(db: TestDb): Promise<string[]> {
  const res = await sql<{ definition: string }>`
    select pg_get_indexdef(indexrelid) as definition from pg_index where indrelid = 'policies'::regclass order by 1`.execute(db.db);
  return res.rows.map((r) => r.definition);
}

/**
 * The policies table's keys and whether its reference trigger is on: a first load sets both aside and must
 * put them back, whether it commits or rolls back.
 */
async function guards(db: TestDb): Promise<string[]> {
  const res = await sql<{ guard: string }>`
    select conname || ' ' || pg_get_constraintdef(oid) as guard from pg_constraint where conrelid = 'policies'::regclass
    union all
    select tgname || ' ' || tgenabled::text from pg_trigger where tgrelid = 'policies'::regclass and not tgisinternal
    order by 1`.execute(db.db);
  return res.rows.map((r) => r.guard);
}

// Policies are staged, checked and written batch by batch (docs/decisions/015-import-core.md): a file that
// spans many batches must answer exactly what one batch answers, and write the same.
describe('a policies file read in batches', () => {
  let db: TestDb;
  let policyIndexes: string[] = [];
  let policyGuards: string[] = [];
  const run = (rows: Row[], options: Partial<ImportOptions>): Promise<ImportReport> =>
    importRows(db.db, 'policies', csvRows(Readable.from([Buffer.from(toCsv(rows))])), {
      partial: false,
      dryRun: false,
      source: 'cli',
      ...options,
    });

  beforeAll(async () => {
    db = await createTestDb();
    for (const entity of ['insurers', 'employees', 'partners', 'partner_mappings', 'customers'] as const) {
      const report = await importRows(db.db, entity, csvRows(Readable.from([Buffer.from(toCsv(org[entity]))])), {
        partial: false,
        dryRun: false,
        source: 'cli',
      });
      expect([entity, report.applied, report.errors]).toEqual([entity, true, []]);
    }
    policyIndexes = await indexes(db);
    expect(policyIndexes.length).toBeGreaterThan(5);
    policyGuards = await guards(db);
    expect(policyGuards).toContain('policies_references_on_insert O');
    expect(policyGuards).toContain('policies_proposal_no_key UNIQUE (proposal_no)');
  });
  afterAll(async () => {
    await db.drop();
  });

  it('refuses the whole file for one bad row in a late batch: the earlier batches are not written', async () => {
    const report = await run(policies, { batchRows: 7 });
    expect(report).toEqual({
      entity: 'policies',
      received: 121,
      inserted: 0,
      updated: 0,
      unchanged: 0,
      rejected: 2,
      applied: false,
      dryRun: false,
      partial: false,
      errors: ERRORS,
    });
    expect(await stored(db)).toEqual({});
    // The first load dropped the indexes and keys and set the reference trigger aside; the rollback gave them back.
    expect(await indexes(db)).toEqual(policyIndexes);
    expect(await guards(db)).toEqual(policyGuards);
  });

  it('a dry run in batches counts what one batch counts and writes nothing', async () => {
    const inBatches = await run(policies, { batchRows: 7, partial: true, dryRun: true });
    const atOnce = await run(policies, { partial: true, dryRun: true });
    expect(inBatches).toEqual(atOnce);
    expect(inBatches).toMatchObject({ received: 121, inserted: 119, updated: 0, unchanged: 0, rejected: 2, applied: false });
    expect(inBatches.errors).toEqual(ERRORS);
    expect(await stored(db)).toEqual({});
  });

  it('partial: writes every good row once, the first of a repeated key; sent again, all unchanged', async () => {
    const first = await run(policies, { batchRows: 7, partial: true });
    expect(first).toMatchObject({ received: 121, inserted: 119, updated: 0, unchanged: 0, rejected: 2, applied: true });
    expect(first.errors).toEqual(ERRORS);
    const expected: Record<string, string> = {};
    for (const p of org.policies.filter((_, i) => i !== 50)) expected[p.proposal_no ?? ''] = storedText(p);
    expect(await stored(db)).toEqual(expected);
    // Built again over the loaded rows, and used: a partner's policies are found through its index.
    expect(await indexes(db)).toEqual(policyIndexes);
    const plan = await db.db.transaction().execute(async (trx) => {
      // 119 rows fit in a page, where a scan is cheaper: only whether the index is usable is asked here.
      await sql`set local enable_seqscan = off`.execute(trx);
      return sql<{ 'QUERY PLAN': string }>`explain select * from policies where partner_id = 1 and issued_at > now()`.execute(trx);
    });
    expect(plan.rows.map((r) => r['QUERY PLAN']).join('\n')).toContain('policies_partner_idx');
    // The keys and the reference trigger are back in force: a repeated proposal number and an unknown partner are refused.
    expect(await guards(db)).toEqual(policyGuards);
    const copyOf = (change: string) =>
      sql.raw(`insert into policies (proposal_no, partner_id, employee_id, customer_id, product_type_id, insurer_id, state_id,
        business_type, channel, status, paid_amount, weightage_premium, payment_id, issued_at, created_at, updated_at)
      select ${change}, employee_id, customer_id, product_type_id, insurer_id, state_id, business_type, channel, status,
        paid_amount, weightage_premium, payment_id, issued_at, created_at, updated_at from policies order by id limit 1`);
    await expect(copyOf('proposal_no, partner_id').execute(db.db)).rejects.toThrow(/policies_proposal_no_key/);
    await expect(copyOf(`'PRNEW', 999999`).execute(db.db)).rejects.toThrow(/policies_partner_id_fkey/);

    const again = await run(policies, { batchRows: 7, partial: true });
    expect(again).toMatchObject({ inserted: 0, updated: 0, unchanged: 119, rejected: 2, applied: true });
    expect(await stored(db)).toEqual(expected);
  });

  it('a changed row in a later batch is one update; the rest unchanged', async () => {
    const changed = org.policies.map((p, i) => (i === 100 ? { ...p, status: 'cancelled' } : p)).filter((_, i) => i !== 50);
    const report = await run(changed, { batchRows: 7 });
    expect(report).toMatchObject({ received: 119, inserted: 0, updated: 1, unchanged: 118, rejected: 0, applied: true, errors: [] });
    const rows = await stored(db);
    const policy = org.policies[100]!;
    expect(rows[policy.proposal_no ?? '']).toBe(storedText({ ...policy, status: 'cancelled' }));
  });
});
