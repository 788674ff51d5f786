import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb } from '../../../test/db';
import { loadDemoIfEmpty } from '../../demo/load';
import { runBusinessEtl } from '../etl/module';
import { countMappedPartnersAsOn } from './queries';

type TestDb = Awaited<ReturnType<typeof createTestDb>>;

const DAY = 86_400_000;

describe("Mapped Partners' total from the managers' counts", () => {
  let db: TestDb;
  beforeAll(async () => {
    db = await createTestDb();
    await loadDemoIfEmpty(db, { scale: 0.005, seed: 11, log: () => undefined });
    await runBusinessEtl(db.db);
  });
  afterAll(() => db.drop());

  /** The mappings in force at `at` under the viewer, counted one by one from the history. */
  const recount = async (viewer: number, at: Date) =>
    (
      await sql<{ n: number }>`
        select count(*)::int as n from partner_mappings m
        where m.manager_id in (select descendant_id from employee_closure where ancestor_id = ${viewer})
          and m.valid_from <= ${at} and (m.valid_to is null or m.valid_to > ${at})`.execute(db.db)
    ).rows[0]?.n;

  /** For one viewer of each level and days from before the first mapping to today: [viewer, day, count, recount]. */
  async function compare(): Promise<[number, string, number, number | undefined][]> {
    const viewers = await sql<{ id: number }>`
      select distinct on (designation) id from employees order by designation, id`.execute(db.db);
    const now = Date.now();
    const days = [0, 3, 40, 400, 2_000].map((d) => new Date(now - d * DAY));
    const out: [number, string, number, number | undefined][] = [];
    for (const { id } of viewers.rows) {
      for (const at of days)
        out.push([id, at.toISOString(), await countMappedPartnersAsOn(db.db, id, at, undefined), await recount(id, at)]);
    }
    return out;
  }
  const mismatches = (rows: [number, string, number, number | undefined][]) => rows.filter(([, , n, m]) => n !== m);

  it('equals a recount of the mapping history for every level and day, before and after the changes are folded', async () => {
    const before = await compare();
    expect(before.some(([, , n]) => n > 0)).toBe(true);
    expect(mismatches(before)).toEqual([]);

    // Changes the ETL has not folded: a partner remapped, a mapping made to start in ten days, one ended in
    // five days, one ended two days ago, and one deleted.
    const current = await sql<{ id: number; partner_id: number; manager_id: number }>`
      select id, partner_id, manager_id from partner_mappings where valid_to is null order by id limit 5`.execute(db.db);
    const [a, b, c, d, e] = current.rows;
    if (!a || !b || !c || !d || !e) throw new Error('the demo has fewer than five current mappings');
    const other = await sql<{
      id: number;
    }>`select id from employees where id <> ${a.manager_id} and designation = 'rm' order by id limit 1`.execute(db.db);
    await sql`update partner_mappings set valid_to = now() where id = ${a.id}`.execute(db.db);
    await sql`insert into partner_mappings (partner_id, manager_id, reporting_type, valid_from)
      values (${a.partner_id}, ${other.rows[0]?.id ?? a.manager_id}, 2, now())`.execute(db.db);
    await sql`update partner_mappings set valid_from = now() + interval '10 days' where id = ${b.id}`.execute(db.db);
    await sql`update partner_mappings set valid_to = now() + interval '5 days' where id = ${c.id}`.execute(db.db);
    await sql`update partner_mappings set valid_to = now() - interval '2 days' where id = ${d.id}`.execute(db.db);
    await sql`delete from partner_mappings where id = ${e.id}`.execute(db.db);
    const waiting = await compare();
    expect(mismatches(waiting)).toEqual([]);
    // The changes moved some count: the comparison is not of two unchanged figures.
    expect(waiting.map((r) => r[2])).not.toEqual(before.map((r) => r[2]));

    await runBusinessEtl(db.db);
    expect(mismatches(await compare())).toEqual([]);
  });
});
