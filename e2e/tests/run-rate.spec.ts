import { expect } from '@playwright/test';
import { cellOf, kolkataDay, namedTable, screenshot, signIn, test } from './helpers';
import { api, rupee, type ApiReport } from './reports-helpers';

/** The run-rate columns of the current month (docs/product/run-rate.md) and the Dashboard trend's projected month end. */

const TODAY = kolkataDay();
const COLUMNS = ['Projected (month end)', 'Achievement %', 'Projected %', 'Required per day'];

/** Days of today's month and the day of the month, counted here from the calendar, not by the product. */
function days(): { inMonth: number; elapsed: number } {
  const [y, m, d] = TODAY.split('-').map(Number) as [number, number, number];
  return { inMonth: new Date(Date.UTC(y, m, 0)).getUTCDate(), elapsed: d };
}

test.describe('run rate', () => {
  test('Dashboard: report 11 ends with the run-rate columns, equal to MTD × days ÷ days elapsed; the trend shows the month as MTD with its projection @mobile', async ({
    page,
  }) => {
    await signIn(page, 'demo.asm', '/dashboard');
    const team = namedTable(page, 'Team report summary');
    await expect(team.getByRole('row').nth(1)).toBeVisible();
    const headers = (await team.getByRole('columnheader').allInnerTexts()).map((h) => h.replace(/[↕▲▼]/g, '').trim());
    expect(headers.slice(-4)).toEqual(COLUMNS);

    const { body } = await api<ApiReport>(page, '/api/reports/11/');
    const row = body.data.data.records.find((r) => Number(r['Total Premium']) > 0);
    expect(row).toBeDefined();
    const { inMonth, elapsed } = days();
    const projected = Math.round(((Number(row?.['Total Premium']) * inMonth) / elapsed) * 100) / 100;
    expect(Number(row?.['Projected (month end)'])).toBeCloseTo(projected, 1);
    expect(await cellOf(team, String(row?.Name), 'Projected (month end)')).toBe(rupee(projected));

    const trend = page.getByRole('img', { name: 'Total Premium, last 12 months' });
    await expect(trend).toBeVisible();
    await expect(trend.getByTestId('trend-projection')).toContainText('Projected');
    await expect(trend.getByText(/^MTD ₹/)).toHaveCount(1);
    await screenshot(page, 'run-rate-dashboard');
  });

  test('report 28 in the current month has the projection columns; last month has none', async ({ page }) => {
    await signIn(page, 'demo.zsm', '/reports/5/');
    const table = namedTable(page, 'Team business performance report revist');
    await expect(table.getByRole('row').nth(1)).toBeVisible();
    const headers = (await table.getByRole('columnheader').allInnerTexts()).map((h) => h.replace(/[↕▲▼]/g, '').trim());
    expect(headers.slice(-3)).toEqual(['Projected (month end)', 'Projected %', 'Required per day']);
    const lastMonth = `${TODAY.slice(0, 7)}-01`;
    const [y, m] = lastMonth.split('-').map(Number) as [number, number];
    const start = new Date(Date.UTC(y, m - 2, 1)).toISOString().slice(0, 10);
    const end = new Date(Date.UTC(y, m - 1, 0)).toISOString().slice(0, 10);
    const { body } = await api<ApiReport>(page, `/api/reports/28/?start_date=${start}&end_date=${end}`);
    expect(body.data.data.columns).not.toContain('Projected (month end)');
    await screenshot(page, 'run-rate-28');
  });
});
