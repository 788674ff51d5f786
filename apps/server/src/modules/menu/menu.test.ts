import { type HeaderLinksResponse, type SideMenuResponse } from '@dossier/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeader, createTestApp, signIn, type TestContext } from '../../../test/app';

describe('side menu and header links', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx.close());

  const get = async <T>(login: string, url: string): Promise<T> => {
    const token = await signIn(ctx.app, login, undefined, `10.9.0.${login.length}`);
    const res = await ctx.app.inject({ method: 'GET', url, headers: authHeader(token) });
    expect(res.statusCode).toBe(200);
    return res.json<T>();
  };

  it('gives an rm every dashboard with drillable flags, and no Contests group while there are no contests', async () => {
    const menu = await get<SideMenuResponse>('rm', '/api/side_menu/');
    expect(menu.user_details.emp_role).toBe('rm');
    expect(menu.dashboards.map((d) => d.dashboard_id)).toEqual([1, 2, 3, 4, 5, 6, 7, 9, 10]);
    expect(menu.dashboards.find((d) => d.dashboard_name === 'Business Dashboard')?.drillable).toBe(1);
    // The month-based dashboards open on their own period; the Dashboard screen shows the business summary and the team report.
    expect(menu.dashboards.filter((d) => d.date_reset).map((d) => d.dashboard_id)).toEqual([4, 5]);
    expect(menu.dashboard_screen).toEqual({ dashboard_id: 1, report_ids: [13, 11] });
  });

  it('lists the contests there are as the Contests group, by their names, in the order they were created', async () => {
    const contest = { zone_ids: [1], starts_on: '2026-05-01', ends_on: '2026-05-31', target_wp: '1000' };
    await ctx.db.db
      .insertInto('contests')
      .values([
        { id: 1002, name: 'Zonal sprint', ...contest },
        { id: 1001, name: 'Annual drive', ...contest },
      ])
      .execute();
    const menu = await get<SideMenuResponse>('rm', '/api/side_menu/');
    expect(menu.dashboards.map((d) => d.dashboard_id)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(menu.dashboards.find((d) => d.dashboard_name === 'Contests')).toEqual({
      dashboard_id: 8,
      dashboard_name: 'Contests',
      drillable: 0,
      nested_dashboard: [
        { id: 1001, name: 'Annual drive' },
        { id: 1002, name: 'Zonal sprint' },
      ],
      date_reset: false,
    });
    // Role 204 has no business reports: no contests either.
    expect((await get<SideMenuResponse>('r204', '/api/side_menu/')).dashboards.map((d) => d.dashboard_name)).toEqual(['Life Issuance']);
    await ctx.db.db.deleteFrom('contests').execute();
  });

  it('gives role 204 the life dashboards only', async () => {
    const menu = await get<SideMenuResponse>('r204', '/api/side_menu/');
    expect(menu.user_details.emp_role).toBe('204');
    expect(menu.dashboards.map((d) => d.dashboard_name)).toEqual(['Life Issuance']);
  });

  it('shows paymaster links to role 201 only and hides partner search from 204', async () => {
    const r201 = await get<HeaderLinksResponse>('r201', '/api/header_links/');
    const rm = await get<HeaderLinksResponse>('rm', '/api/header_links/');
    const r204 = await get<HeaderLinksResponse>('r204', '/api/header_links/');
    expect(r201.paymaster.length).toBeGreaterThan(0);
    expect(rm.paymaster).toEqual([]);
    expect(rm.partner_search.target).toBe('partner-search');
    expect(r204.partner_search.url).toBe('');
    expect(rm.meeting.map((m) => m.name)).toEqual(['Book an Appointment', 'My Booked Appointment']);
    expect(rm.rule_search.name).toBe('Rule Search');
    expect(rm.insurance.length).toBeGreaterThanOrEqual(4);
  });
});
