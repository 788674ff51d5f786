import { expect, type Locator, type Page } from '@playwright/test';
import { cellOf, expectLoaded, kolkataDay, namedTable, screenshot, signIn, test } from './helpers';
import { api, rupee, type ApiReport } from './reports-helpers';

/**
 * Saved insurer, state and business type filters: wherever they shape a figure they are shown next to
 * it with a way to clear them, and every figure of the screen (tables, charts, totals) uses them.
 */

const TODAY = kolkataDay();
const YEAR_RANGE = `start_date=${kolkataDay(-300)}&end_date=${TODAY}`;
const RENEWAL = 3;

type Record_ = ApiReport['data']['data']['records'][number];
const totalRow = (r: ApiReport): Record_ | undefined => r.data.data.records.find((x) => Object.values(x)[0] === 'Total');
const premium = (r: Record_ | undefined) => Number(r?.['Total Premium'] ?? NaN);

/** The figures a chart lists for screen readers ('label: value'), by label. */
async function chartFigures(page: Page, title: string): Promise<Map<string, string>> {
  const figure = page.locator('figure').filter({ has: page.getByRole('img', { name: title, exact: true }) });
  await expect(figure).toBeVisible();
  const items = await figure.locator('li').allTextContents();
  return new Map(
    items.map((text) => {
      const at = text.lastIndexOf(': ');
      return [text.slice(0, at), text.slice(at + 2)] as const;
    }),
  );
}

const appliedFilters = (page: Page): Locator => page.getByRole('region', { name: 'Applied filters' });

/** Chooses Renewal only in the Business Type multi-select of the page's date form and submits. */
async function submitRenewalOnly(page: Page): Promise<void> {
  const form = page.getByRole('form', { name: 'Date range' }).first();
  await form.getByRole('button', { name: /^Business Type:/ }).click();
  const choices = page.getByRole('group', { name: 'Business Type' });
  // The saved choice (none: all) is restored a moment after the form shows; a click before that is undone.
  await expect(choices.getByRole('checkbox', { name: 'All' })).toBeChecked();
  await choices.getByRole('checkbox', { name: 'All' }).uncheck();
  await choices.getByRole('checkbox', { name: 'Renewal' }).check();
  await page.keyboard.press('Escape');
  await form.getByRole('button', { name: 'Submit' }).click();
  await expect.poll(() => page.evaluate(() => localStorage.getItem('business_type'))).toBe(`[${RENEWAL}]`);
}

test.describe('saved filters are visible and shape every figure', () => {
  test('Business Dashboard, a drill page and the Dashboard: tables, charts and totals use the same filters @mobile', async ({ page }) => {
    test.slow();
    await signIn(page, 'demo.asm', `/reports/1/?${YEAR_RANGE}`);
    const summary = namedTable(page, 'Business summary');
    await expect(summary.getByRole('row').filter({ hasText: /^Total/ })).toBeVisible();
    await expect(appliedFilters(page)).toHaveCount(0);
    await submitRenewalOnly(page);

    // The report page: the filters are listed above the chart and the tables.
    await expect(appliedFilters(page)).toContainText('Business Type: Renewal');
    const range = `start_date=${kolkataDay(-300)}&end_date=${TODAY}`;
    const filtered13 = (
      await api<ApiReport>(page, '/api/dashboard/report_filter/13/', {
        method: 'POST',
        body: { business_type: [RENEWAL], start_date: kolkataDay(-300), end_date: TODAY },
      })
    ).body;
    await expect.poll(() => cellOf(summary, /^Total/, 'Total Premium')).toBe(rupee(premium(totalRow(filtered13))));
    // The page's chart draws the same filtered rows: no New Business or Rollover premium under a Renewal filter.
    await expect
      .poll(async () => Object.fromEntries(await chartFigures(page, 'Business summary: Total Premium')))
      .toEqual(
        Object.fromEntries(
          filtered13.data.data.records
            .filter((r) => r['Business Type'] !== 'Total')
            .map((r) => [String(r['Business Type']), rupee(Number(r['Total Premium']))]),
        ),
      );
    await screenshot(page, 'ux-filters-business-dashboard');

    // A drill page: the table and the bars by member both filtered.
    const team = (await api<ApiReport>(page, `/api/reports/11/?${range}`)).body;
    const tl = String(team.data.data.records.find((r) => String(r['User Id']).startsWith('TL'))?.['User Id']);
    await page.goto(`/reports/11/${tl}?${range}`);
    await expect(appliedFilters(page)).toContainText('Business Type: Renewal');
    const drill = (
      await api<ApiReport>(page, '/api/dashboard/report_filter/11/', {
        method: 'POST',
        body: { business_type: [RENEWAL], start_date: kolkataDay(-300), end_date: TODAY, account_id: tl },
      })
    ).body;
    const drillTable = namedTable(page, 'Team report summary');
    await expectLoaded(drillTable);
    const top = [...drill.data.data.records].sort((a, b) => premium(b) - premium(a))[0];
    await expect.poll(() => cellOf(drillTable, String(top?.['User Id']), 'Total Premium')).toBe(rupee(premium(top)));
    const bars = await chartFigures(page, 'Team report summary: Total Premium');
    for (const r of drill.data.data.records.filter((x) => premium(x) > 0)) {
      expect(bars.get(String(r.Name)), String(r.Name)).toBe(rupee(premium(r)));
    }

    // The Dashboard: the filters are shown there too; the trend's latest month is the summary's Total.
    await page.goto('/dashboard');
    await expect(appliedFilters(page)).toContainText('Business Type: Renewal');
    const dash = namedTable(page, 'Business summary');
    await expectLoaded(dash);
    const month13 = (await api<ApiReport>(page, `/api/reports/13/?business_type=${RENEWAL}`)).body;
    await expect.poll(() => cellOf(dash, /^Total/, 'Total Premium')).toBe(rupee(premium(totalRow(month13))));
    const trendTitle = 'Total Premium, last 12 months';
    await expect.poll(async () => [...(await chartFigures(page, trendTitle)).values()].at(-1)).toBe(rupee(premium(totalRow(month13))));
    await screenshot(page, 'ux-filters-dashboard');

    // Clearing them there clears them everywhere: storage, the summary, the trend.
    await appliedFilters(page).getByRole('button', { name: 'Clear filters' }).click();
    await expect(appliedFilters(page)).toHaveCount(0);
    expect(await page.evaluate(() => localStorage.getItem('business_type'))).toBe('[]');
    const all13 = (await api<ApiReport>(page, '/api/reports/13/')).body;
    expect(premium(totalRow(all13))).toBeGreaterThan(premium(totalRow(month13)));
    await expectLoaded(dash);
    await expect.poll(() => cellOf(dash, /^Total/, 'Total Premium')).toBe(rupee(premium(totalRow(all13))));
    await expect.poll(async () => [...(await chartFigures(page, trendTitle)).values()].at(-1)).toBe(rupee(premium(totalRow(all13))));
    await page.goto(`/reports/1/?${range}`);
    await expect(summary.getByRole('row').filter({ hasText: /^Total/ })).toBeVisible();
    await expect(appliedFilters(page)).toHaveCount(0);
    await expect(
      page
        .getByRole('form', { name: 'Date range' })
        .first()
        .getByRole('button', { name: /^Business Type:/ }),
    ).toHaveAccessibleName(/Business Type: (Select Business Type|All Business Selected)/);
  });
});
