import { ANALYTICS_OFFLINE_COLUMNS, ANALYTICS_ONLINE_COLUMNS, TEAM_PATHS, type AnalyticsRow } from '@dossier/shared';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTeamTestApp } from '../../../test/team-fixtures';

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
});
