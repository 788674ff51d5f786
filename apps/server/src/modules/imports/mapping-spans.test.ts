import type { ImportEntity, ImportReport } from '@dossier/shared';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb } from '../../../test/db';
import { buildOrg, toCsv, type Row } from '../../../test/import-org';
import { importRows } from './core';
import { csvRows } from './readers';

type TestDb = Awaited<ReturnType<typeof createTestDb>>;

const org = buildOrg();

const span = (partner: string, manager: string, from: string, to = ''): Row => ({
  partner_code: partner,
  manager_code: manager,
  reporting_type: '2',
  valid_from: from,
  valid_to: to,
});

/** Midnight in Kolkata of a day, as the database gives it back in UTC. */
const ist = (day: string): string => new Date(`${day}T00:00:00+05:30`).toISOString();

// A span sent without valid_to ends where its partner's next span starts, whether that span is in the same
// file or already stored (docs/data-contract.md); a span sent with valid_to keeps it.
describe('partner mapping spans end where the next one starts', () => {
  let db: TestDb;
  const run = (entity: ImportEntity, rows: Row[]): Promise<ImportReport> =>
    importRows(db.db, entity, csvRows(Readable.from([Buffer.from(toCsv(rows))])), { partial: false, dryRun: false, source: 'cli' });

  /** Every stored span of the partners, as "partner manager from → to" in UTC. */
  async function spans(partners: string[]): Promise<string[]> {
    const rows = await db.db
      .selectFrom('partner_mappings as m')
      .innerJoin('partners as p', 'p.id', 'm.partner_id')
      .innerJoin('employees as e', 'e.id', 'm.manager_id')
      .select(['p.unique_code as partner', 'e.unique_code as manager', 'm.valid_from', 'm.valid_to'])
      .where('p.unique_code', 'in', partners)
      .orderBy('p.unique_code')
      .orderBy('m.valid_from')
      .execute();
    return rows.map((r) => `${r.partner} ${r.manager} ${r.valid_from.toISOString()} → ${r.valid_to?.toISOString() ?? 'open'}`);
  }

  beforeAll(async () => {
    db = await createTestDb();
    for (const entity of ['employees', 'partners'] as const) {
      const report = await run(entity, org[entity]);
      expect([entity, report.applied, report.errors]).toEqual([entity, true, []]);
    }
  });
  afterAll(async () => {
    await db.drop();
  });

  it('spans only in the file: each ends at the next of its partner, in any order; the last stays open', async () => {
    const file = [
      span('P01EI', 'R2', '2025-06-01'),
      span('P02EI', 'R3', '2025-03-01'),
      span('P01EI', 'R1', '2025-01-01'),
      span('P01EI', 'R3', '2025-09-01'),
      span('P02EI', 'R1', '2025-01-01', '2025-02-01'),
    ];
    expect(await run('partner_mappings', file)).toMatchObject({ inserted: 5, updated: 0, unchanged: 0, rejected: 0, applied: true });
    expect(await spans(['P01EI', 'P02EI'])).toEqual([
      `P01EI R1 ${ist('2025-01-01')} → ${ist('2025-06-01')}`,
      `P01EI R2 ${ist('2025-06-01')} → ${ist('2025-09-01')}`,
      `P01EI R3 ${ist('2025-09-01')} → open`,
      `P02EI R1 ${ist('2025-01-01')} → ${ist('2025-02-01')}`,
      `P02EI R3 ${ist('2025-03-01')} → open`,
    ]);
  });

  it('spans mixed with stored ones: a span ends at a stored start, and a later span closes the stored open one', async () => {
    // Stored for P01EI: Jan, Jun, Sep (open). Sent: Mar (ends at the stored Jun), Dec (closes the stored Sep).
    // P02EI's Feb span ends at its stored Mar span, later in time than the file's other P02EI span.
    const file = [span('P01EI', 'R3', '2025-03-01'), span('P01EI', 'R1', '2025-12-01'), span('P02EI', 'R2', '2025-02-01')];
    expect(await run('partner_mappings', file)).toMatchObject({ inserted: 3, updated: 0, unchanged: 0, rejected: 0, applied: true });
    expect(await spans(['P01EI', 'P02EI'])).toEqual([
      `P01EI R1 ${ist('2025-01-01')} → ${ist('2025-06-01')}`,
      `P01EI R3 ${ist('2025-03-01')} → ${ist('2025-06-01')}`,
      `P01EI R2 ${ist('2025-06-01')} → ${ist('2025-09-01')}`,
      `P01EI R3 ${ist('2025-09-01')} → ${ist('2025-12-01')}`,
      `P01EI R1 ${ist('2025-12-01')} → open`,
      `P02EI R1 ${ist('2025-01-01')} → ${ist('2025-02-01')}`,
      `P02EI R2 ${ist('2025-02-01')} → ${ist('2025-03-01')}`,
      `P02EI R3 ${ist('2025-03-01')} → open`,
    ]);
  });

  it('re-sending the same history, in another order, changes nothing', async () => {
    const before = await spans(['P01EI', 'P02EI']);
    const history = [
      span('P02EI', 'R3', '2025-03-01'),
      span('P01EI', 'R3', '2025-09-01'),
      span('P01EI', 'R1', '2025-12-01'),
      span('P02EI', 'R2', '2025-02-01'),
      span('P01EI', 'R3', '2025-03-01'),
      span('P02EI', 'R1', '2025-01-01', '2025-02-01'),
      span('P01EI', 'R2', '2025-06-01'),
      // Stored before the March span came: its end is the one it was given then.
      span('P01EI', 'R1', '2025-01-01', '2025-06-01'),
    ];
    expect(await run('partner_mappings', history)).toMatchObject({ inserted: 0, updated: 0, unchanged: 8, rejected: 0, applied: true });
    expect(await spans(['P01EI', 'P02EI'])).toEqual(before);
  });

  it('a span sent again with an end it did not have before is one update', async () => {
    const report = await run('partner_mappings', [span('P01EI', 'R1', '2025-12-01', '2026-01-01T10:30:00+05:30')]);
    expect(report).toMatchObject({ inserted: 0, updated: 1, unchanged: 0, rejected: 0, applied: true });
    expect((await spans(['P01EI'])).at(-1)).toBe(`P01EI R1 ${ist('2025-12-01')} → 2026-01-01T05:00:00.000Z`);
  });
});
