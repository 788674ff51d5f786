import { describe, expect, it } from 'vitest';
import type { SideMenuResponse } from '@dossier/shared';
import { buildSideMenu, dateQueryFrom, isActivePath, type SideMenuEntry } from './side-menu-model';

const menu = (empRole: string): SideMenuResponse => ({
  dashboards: [
    { dashboard_id: 1, dashboard_name: 'Business Dashboard', drillable: 1, nested_dashboard: [], date_reset: false },
    { dashboard_id: 4, dashboard_name: 'Partner Activation Dashboard Revist', drillable: 1, nested_dashboard: [], date_reset: true },
    {
      dashboard_id: 8,
      dashboard_name: 'Contests',
      drillable: 0,
      nested_dashboard: [
        { id: 32, name: 'North & west zone contest' },
        { id: 33, name: 'South zone contest' },
      ],
      date_reset: false,
    },
  ],
  dashboard_screen: { dashboard_id: 1, report_ids: [13, 11] },
  user_details: { emp_role: empRole },
});

const labels = (entries: SideMenuEntry[]) => entries.map((e) => e.label);
const search = new URLSearchParams('start_date=2026-10-01&end_date=2026-10-31&product_type_id=9,10&other=x');

describe('dateQueryFrom', () => {
  it('carries dates and products, nothing else', () => {
    expect(dateQueryFrom(search)).toBe('?start_date=2026-10-01&end_date=2026-10-31&product_type_id=9%2C10');
  });
  it('drops a lone date and is empty without any', () => {
    expect(dateQueryFrom(new URLSearchParams('start_date=2026-10-01'))).toBe('');
    expect(dateQueryFrom(new URLSearchParams('product_type_id=9'))).toBe('?product_type_id=9');
  });
});

describe('buildSideMenu', () => {
  it('starts with My day and Dashboard, then dashboards, then the static entries of a normal role', () => {
    const entries = buildSideMenu(menu('rm'), search);
    expect(labels(entries)).toEqual([
      'My day',
      'Dashboard',
      'Business Dashboard',
      'Partner Activation Dashboard Revist',
      'Contests',
      'Mapped Partners',
      'Partner Search',
      'Manage Team',
      'Requester View',
      'Mapping Dashboard',
      'RM Dashboard',
      'TRM Dashboard',
      'My views',
    ]);
    expect(entries[0]).toMatchObject({ kind: 'link', to: '/brief' });
    expect(entries[1]).toMatchObject({ kind: 'link', to: '/dashboard' });
  });

  it('gives drillable dashboards the current date query, except the date-reset ones', () => {
    const entries = buildSideMenu(menu('rm'), search);
    expect(entries[2]).toMatchObject({ kind: 'link', to: '/reports/1/?start_date=2026-10-01&end_date=2026-10-31&product_type_id=9%2C10' });
    expect(entries[3]).toMatchObject({ kind: 'link', to: '/reports/4/' });
  });

  it('shows nested entries of a non-drillable dashboard as sub-links', () => {
    const group = buildSideMenu(menu('rm'), search)[4];
    expect(group).toEqual({
      kind: 'group',
      key: 'dashboard-8',
      label: 'Contests',
      children: [
        { key: 'report-32', label: 'North & west zone contest', to: '/reports/32/' },
        { key: 'report-33', label: 'South zone contest', to: '/reports/33/' },
      ],
    });
  });

  it('gives role 204 My day, and only Life Renewals Report, Mapped Partners and My views among the static entries', () => {
    const entries = buildSideMenu(menu('204'), new URLSearchParams());
    expect(labels(entries)[0]).toBe('My day');
    expect(labels(entries).slice(4)).toEqual(['Life Renewals Report', 'Mapped Partners', 'My views']);
    expect(entries.find((e) => e.label === 'My views')).toMatchObject({ kind: 'link', to: '/views' });
    expect(entries.find((e) => e.label === 'Life Renewals Report')).toMatchObject({ kind: 'link', to: '/liferenewalsreport' });
  });

  it('gives every role but 204 every static entry but Life Renewals Report, in menu order', () => {
    for (const role of ['head', 'zsm', 'asm', 'team_lead', 'rm', 'trm', 'supervisor', '201']) {
      const entries = labels(buildSideMenu(menu(role), new URLSearchParams()));
      expect(entries.slice(entries.indexOf('Mapped Partners')), role).toEqual([
        'Mapped Partners',
        'Partner Search',
        'Manage Team',
        'Requester View',
        'Mapping Dashboard',
        'RM Dashboard',
        'TRM Dashboard',
        'My views',
      ]);
      expect(entries, role).not.toContain('Life Renewals Report');
    }
  });

  it('gives role 204 no Dashboard entry (its reports 13 and 11 are not for that role); other roles have it after My day', () => {
    expect(labels(buildSideMenu(menu('204'), new URLSearchParams()))).not.toContain('Dashboard');
    for (const role of ['rm', '201', 'supervisor', 'zsm']) {
      expect(buildSideMenu(menu(role), new URLSearchParams())[1]).toEqual({
        kind: 'link',
        key: 'dashboard',
        label: 'Dashboard',
        to: '/dashboard',
      });
    }
  });

  it('makes Partner Search a hand-off, not a route', () => {
    const entry = buildSideMenu(menu('201'), new URLSearchParams()).find((e) => e.label === 'Partner Search');
    expect(entry).toEqual({ kind: 'handoff', key: 'partner-search', label: 'Partner Search', link: 'partner_search' });
  });

  it('drops the period from the link of a dashboard the server marks date_reset, and only there', () => {
    const entries = buildSideMenu(menu('rm'), search, { staticEntries: [], topEntries: [] });
    expect(entries[0]).toMatchObject({ to: '/reports/1/?start_date=2026-10-01&end_date=2026-10-31&product_type_id=9%2C10' });
    expect(entries[1]).toMatchObject({ to: '/reports/4/' });
  });
});

describe('isActivePath', () => {
  it('ignores trailing slashes and queries', () => {
    expect(isActivePath('/reports/1/?start_date=x', '/reports/1')).toBe(true);
    expect(isActivePath('/dashboard', '/dashboard/')).toBe(true);
    expect(isActivePath('/reports/1/', '/reports/11/')).toBe(false);
  });
});
