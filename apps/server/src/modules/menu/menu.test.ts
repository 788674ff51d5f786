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

  it('gives an rm every dashboard with drillable flags and nested entries', async () => {
    const menu = await get<SideMenuResponse>('rm', '/api/side_menu/');
    expect(menu.user_details.emp_role).toBe('rm');
    expect(menu.dashboards.map((d) => d.dashboard_id)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    const contests = menu.dashboards.find((d) => d.dashboard_name === 'Contests');
    expect(contests?.drillable).toBe(0);
    expect(contests?.nested_dashboard.map((n) => n.name)).toEqual(['North & west zone contest', 'South zone contest', 'East zone contest']);
    expect(menu.dashboards.find((d) => d.dashboard_name === 'Business Dashboard')?.drillable).toBe(1);
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
