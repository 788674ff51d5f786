import { expect, test } from '@playwright/test';
import { DASHBOARDS } from '@dossier/shared';
import { expectLoaded, namedTable, signIn } from './helpers';
import { api, type ApiReport } from './reports-helpers';

/**
 * Every page of the report catalogue renders in the browser: each dashboard of the side menu (the contests
 * one report page each) and the renewal dues page show every table the server answers for them, loaded,
 * with no error. Downloads and mails of every report are walked at the API (catalogue-walk.test.ts).
 */
const PAGES = [
  ...DASHBOARDS.flatMap((d) =>
    d.nested.length > 0 ? d.nested.map((n) => ({ id: n.id, name: n.name })) : [{ id: d.dashboard_id, name: d.dashboard_name }],
  ),
  { id: 38, name: 'Renewal dues' },
];

test.describe('the report catalogue in the browser', () => {
  for (const { id, name } of PAGES) {
    test(`${name} (/reports/${id}/) shows every table of its answer @mobile`, async ({ page }) => {
      await signIn(page, 'demo.head', `/reports/${id}/`);
      const answer = await api<{ kind: 'page'; reports: ApiReport[] } | (ApiReport & { kind: 'report' })>(page, `/api/reports/${id}/`);
      expect(answer.status).toBe(200);
      const reports = answer.body.kind === 'page' ? answer.body.reports : [answer.body];
      expect(reports.length).toBeGreaterThan(0);
      for (const report of reports) {
        const table = namedTable(page, report.report_name);
        await expect(table).toBeVisible();
        await expectLoaded(table);
      }
      await expect(page.getByRole('dialog', { name: 'Error' })).toHaveCount(0);
    });
  }
});
