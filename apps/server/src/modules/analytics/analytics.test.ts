import {
  addDays,
  ANALYTICS_COLUMNS,
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

  it('sorts by any column, searches managers and pages on the server, ties in the default order', async () => {
    const head = await ctx.as('head');
    const get = async (query: string) => {
      const res = await head.get(`${TEAM_PATHS.analytics}?start_date=01/01/2025&end_date=31/12/2025&${query}`);
      expect(res.statusCode).toBe(200);
      return { rows: res.json<AnalyticsRow[]>(), total: Number(res.headers['x-total-count']) };
    };
    const part = (r: AnalyticsRow, re: RegExp) => re.exec(String(r.Manager))?.[1] ?? '';
    const code = (r: AnalyticsRow) => part(r, /<small>(\S+) · /);
    // Requests of June 2025 to two RMs, an item of each status, and the online mappings of the accepted ones
    // (ended since, so no partner keeps a second current mapping).
    const requestTo = async (request: string, manager: string, line: string, items: [string, string][]) => {
      const made = await sql<{ id: number }>`
        insert into mapping_requests (code, requested_by, manager_id, product_line, created_at)
        select ${request}, e.id, e.id, ${line}, '2025-06-10T05:00:00Z' from employees e where e.unique_code = ${manager}
        returning id`.execute(ctx.db.db);
      for (const [partner, status] of items) {
        const item = await sql<{ id: number }>`
          insert into mapping_request_items (request_id, partner_id, status)
          select ${made.rows[0]?.id}, p.id, ${status} from partners p where p.unique_code = ${partner} returning id`.execute(ctx.db.db);
        if (status !== 'accepted') continue;
        await sql`insert into partner_mappings (partner_id, manager_id, reporting_type, valid_from, valid_to, request_item_id)
          select p.id, e.id, 2, '2025-06-12T05:00:00Z', '2025-06-20T05:00:00Z', ${item.rows[0]?.id}
          from partners p, employees e where p.unique_code = ${partner} and e.unique_code = ${manager}`.execute(ctx.db.db);
      }
    };
    await requestTo('SORT1', 'RM002', 'health', [
      ['EI000011', 'accepted'],
      ['EI000012', 'rejected'],
      ['EI000014', 'pending'],
    ]);
    await requestTo('SORT2', 'RM003', 'life', [
      ['EI000012', 'accepted'],
      ['EI000014', 'cancelled'],
    ]);
    const all = (await get('')).rows;
    expect(all.map(code).sort()).toEqual(['RM001', 'RM002', 'RM003']);
    // Names in the database's own order (its collation), code breaking ties.
    const byName = (
      await sql<{ code: string }>`select unique_code as code from employees where unique_code = any(${all.map(code)})
        order by name, unique_code`.execute(ctx.db.db)
    ).rows.map((r) => r.code);
    const count = (r: AnalyticsRow, label: string) => Number(r[label]);
    // The default order: most requests raised, most offline mappings in force, then name and code.
    const byDefault = [...all].sort(
      (a, b) =>
        count(b, 'Requests Raised') - count(a, 'Requests Raised') ||
        count(b, 'Total Offline') - count(a, 'Total Offline') ||
        byName.indexOf(code(a)) - byName.indexOf(code(b)),
    );
    expect(all.map(code)).toEqual(byDefault.map(code));
    for (const { label, sort } of ANALYTICS_COLUMNS) {
      for (const order of ['asc', 'desc'] as const) {
        const sign = order === 'asc' ? 1 : -1;
        // A stable sort of the default order: ties keep it.
        const expected = [...byDefault].sort((a, b) =>
          sort === 'manager' ? sign * (byName.indexOf(code(a)) - byName.indexOf(code(b))) : sign * (count(a, label) - count(b, label)),
        );
        expect((await get(`sort=${sort}&order=${order}`)).rows.map(code), `${sort} ${order}`).toEqual(expected.map(code));
      }
    }
    // Without an order, the counts sort most first and the manager from A.
    expect((await get('sort=bulk')).rows.map(code)).toEqual((await get('sort=bulk&order=desc')).rows.map(code));
    expect((await get('sort=manager')).rows.map(code)).toEqual(byName);

    // The search finds managers by name, code or designation, case-insensitively; the total counts what it found.
    const text = (r: AnalyticsRow) => `${part(r, /<strong>(.*)<\/strong>/)} ${code(r)} ${part(r, / · (.*)<\/small>/)}`.toLowerCase();
    for (const search of ['RM00', 'R20', 'rm001', 'PERSON']) {
      const found = byDefault.filter((r) => text(r).includes(search.toLowerCase()));
      expect(found.length).toBeGreaterThan(0);
      expect(await get(`search=${search}`)).toEqual({ rows: found, total: found.length });
    }
    expect(await get('search=nobody%25')).toEqual({ rows: [], total: 0 });

    // A page of the order, with the total of every row.
    expect(await get('limit=2&offset=1')).toEqual({ rows: byDefault.slice(1, 3), total: all.length });
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
    'sort=name',
    'order=up',
    'limit=0',
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
