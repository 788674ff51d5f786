import {
  addDays,
  ANALYTICS_OFFLINE_COLUMNS,
  ANALYTICS_ONLINE_COLUMNS,
  kolkataDayEnd,
  kolkataDayStart,
  kolkataToday,
  TEAM_PATHS,
  toDayMonthYear,
  type AnalyticsRow,
} from '@dossier/shared';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTeamTestApp } from '../../../test/team-fixtures';
import { runBusinessEtl } from '../etl/business-etl';

describe('Mapping Dashboard: GET analytics', () => {
  let ctx: Awaited<ReturnType<typeof createTeamTestApp>>;
  beforeAll(async () => {
    ctx = await createTeamTestApp();
  });
  afterAll(() => ctx.close());

  const march = `${TEAM_PATHS.analytics}?start_date=01/03/2025&end_date=31/03/2025`;

  it('gives a row per manager of the subtree: Manager, 8 online and 2 offline columns', async () => {
    const res = await (await ctx.as('zsm')).get(march);
    expect(res.statusCode).toBe(200);
    const rows = res.json<AnalyticsRow[]>();
    expect(Object.keys(rows[0] ?? {})).toEqual(['Manager', ...ANALYTICS_ONLINE_COLUMNS, ...ANALYTICS_OFFLINE_COLUMNS]);
    expect(rows.map((r) => String(r.Manager))).toEqual([
      '<strong>rm Person</strong><br><small>RM001 · rm</small>',
      '<strong>r204 Person</strong><br><small>RM002 · rm</small>',
    ]);
    // Farhan (EI000006) moved to RM001 on 1 March 2025: one offline mapping opened in the range.
    expect(rows[0]).toMatchObject({ 'Requests Raised': 0, 'Bulk Mapped': 1, 'Total Offline': 4 });
    expect(res.headers['x-total-count']).toBe('2');
  });

  it('keeps to the subtree and answers empty where nothing happened', async () => {
    const rows = (await (await ctx.as('zsm2')).get(march)).json<AnalyticsRow[]>();
    expect(rows.map((r) => String(r.Manager))).toEqual(['<strong>r201 Person</strong><br><small>RM003 · rm</small>']);
    expect((await (await ctx.as('zsm')).get(`${TEAM_PATHS.analytics}?start_date=01/01/2020&end_date=31/01/2020`)).json()).toEqual([]);
  });

  it('defaults to the last 30 days', async () => {
    const res = await (await ctx.as('head')).get(TEAM_PATHS.analytics);
    expect(res.statusCode).toBe(200);
    expect(res.json<AnalyticsRow[]>().length).toBeGreaterThan(0);
  });

  it('escapes names in the HTML cell', async () => {
    await sql`update employees set name = '<img src=x onerror=alert(1)>' where unique_code = 'RM003'`.execute(ctx.db.db);
    const rows = (await (await ctx.as('zsm2')).get(march)).json<AnalyticsRow[]>();
    expect(String(rows[0]?.Manager)).toBe('<strong>&lt;img src=x onerror=alert(1)&gt;</strong><br><small>RM003 · rm</small>');
  });

  it.each([
    'start_date=2025-03-01&end_date=2025-03-31',
    'start_date=31/03/2025&end_date=01/03/2025',
    'start_date=01/03/2025',
    'start_date=01/01/2020&end_date=01/01/2025',
  ])('refuses %s with 400', async (query) => {
    expect((await (await ctx.as('zsm')).get(`${TEAM_PATHS.analytics}?${query}`)).statusCode).toBe(400);
  });

  it('counts offline mappings as a recount of the mappings does, for a range ending today or in the past, before and after the ETL folds the changes', async () => {
    const ranges = [
      ['2025-03-01', '2025-03-31'],
      [addDays(kolkataToday(), -30), kolkataToday()],
    ] as const;
    // Per manager with anything offline: [Bulk Mapped, Total Offline], straight from the mappings.
    const recount = async (start: string, end: string) => {
      const [from, to] = [kolkataDayStart(start), kolkataDayEnd(end)];
      const res = await sql<{ code: string; bulk: number; total: number }>`
        select e.unique_code as code, (count(*) filter (where m.valid_from >= ${from}))::int as bulk,
          (count(*) filter (where m.valid_to is null or m.valid_to >= ${to}))::int as total
        from partner_mappings m join employees e on e.id = m.manager_id
        where m.request_item_id is null and m.valid_from < ${to} group by e.unique_code`.execute(ctx.db.db);
      return Object.fromEntries(res.rows.filter((r) => r.bulk || r.total).map((r) => [r.code, [r.bulk, r.total]]));
    };
    const shown = async (start: string, end: string) => {
      const query = `start_date=${toDayMonthYear(start)}&end_date=${toDayMonthYear(end)}`;
      const rows = (await (await ctx.as('head')).get(`${TEAM_PATHS.analytics}?${query}`)).json<AnalyticsRow[]>();
      return Object.fromEntries(
        rows
          .filter((r) => r['Bulk Mapped'] || r['Total Offline'])
          .map((r): [string, number[]] => [
            /<small>(\S+) · /.exec(String(r.Manager))?.[1] ?? '',
            [Number(r['Bulk Mapped']), Number(r['Total Offline'])],
          ]),
      );
    };
    const agree = async () => {
      for (const [start, end] of ranges) expect(await shown(start, end)).toEqual(await recount(start, end));
    };
    const id = async (table: 'partners' | 'employees', code: string) =>
      (await sql<{ id: number }>`select id from ${sql.table(table)} where unique_code = ${code}`.execute(ctx.db.db)).rows[0]?.id;
    const map = async (partner: string, manager: string, from: string, to: string | null) =>
      sql`insert into partner_mappings (partner_id, manager_id, reporting_type, valid_from, valid_to)
        values (${await id('partners', partner)}, ${await id('employees', manager)}, 2, ${from}::timestamptz, ${to}::timestamptz)`.execute(
        ctx.db.db,
      );

    await runBusinessEtl(ctx.db.db);
    await agree();
    // Changes the ETL has not folded yet: one mapping ended today, one opened today, one opened after March and
    // one in force through March that ended later.
    await sql`update partner_mappings set valid_to = now() where valid_to is null
      and partner_id = ${await id('partners', 'EI000002')}`.execute(ctx.db.db);
    await map('EI000011', 'RM002', new Date().toISOString(), null);
    await map('EI000014', 'RM001', '2025-04-10T05:00:00Z', null);
    await map('EI000012', 'RM003', '2025-02-01T05:00:00Z', '2025-06-01T05:00:00Z');
    // RM003 at March's end: Esha, and the mapping that ended in June.
    expect((await recount('2025-03-01', '2025-03-31')).RM003).toEqual([0, 2]);
    await agree();
    await runBusinessEtl(ctx.db.db);
    await agree();
    // A current mapping moved to another manager, not yet folded.
    await sql`update partner_mappings set manager_id = ${await id('employees', 'RM001')} where valid_to is null
      and partner_id = ${await id('partners', 'EI000005')}`.execute(ctx.db.db);
    await agree();
  });
});
