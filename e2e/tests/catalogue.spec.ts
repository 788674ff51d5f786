import { expect } from '@playwright/test';
import { expectLoaded, namedTable, signIn, test } from './helpers';
import { api, type ApiReport } from './reports-helpers';

/**
 * Every page of the report catalogue renders in the browser: each dashboard of the side menu (the demo's
 * contests one board page each, contests.spec.ts has how they come from the data; the list is the README's) and the renewal dues page show every table the server answers for them, loaded,
 * with no error. Downloads and mails of every report are walked at the API (catalogue-walk.test.ts).
 */
const PAGES = [
  { id: 1, name: 'Business Dashboard' },
  { id: 2, name: 'Health Business' },
  { id: 3, name: 'Life Issuance' },
  { id: 4, name: 'Partner Activation Dashboard Revist' },
  { id: 5, name: 'Team Business Performance' },
  { id: 6, name: 'Apex Journey' },
  { id: 7, name: 'Recruitment' },
  { id: 32, name: 'North & west zone contest' },
  { id: 33, name: 'South zone contest' },
  { id: 34, name: 'East zone contest' },
  { id: 9, name: 'Direct dashboard' },
  { id: 10, name: 'Loans' },
  { id: 38, name: 'Renewal dues' },
];

/**
 * At 375px the Business Dashboard, the Renewal dues page and one contest are walked: the other pages show the same
 * table component with other columns, and CI's 30 minutes hold both widths of every other browser test.
 */
const ON_PHONES = new Set([1, 32, 38]);

test.describe('the report catalogue in the browser', () => {
  for (const { id, name } of PAGES) {
    test(`${name} (/reports/${id}/) shows every table of its answer${ON_PHONES.has(id) ? ' @mobile' : ''}`, async ({ page }) => {
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
