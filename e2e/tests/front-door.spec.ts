import { expect } from '@playwright/test';
import { cellOf, DEMO_PASSWORD, expectLoaded, namedTable, screenshot, test } from './helpers';
import { api, rupee, type ApiReport } from './reports-helpers';

/**
 * The way a person comes in: the bare address (not a deep link, not a session planted in storage), the
 * sign-in form, then the menu to a report, at 1280px and at 375px.
 */
test('from / through the sign-in form and the menu to the Business Dashboard @mobile', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveURL(/\/login/);
  await screenshot(page, 'front-door-sign-in');
  await page.getByLabel('Username').fill('demo.asm');
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).not.toHaveURL(/\/login/);

  const menu = page.getByRole('navigation', { name: 'Side menu' });
  // At 375px the side menu waits behind the menu button.
  if (test.info().project.name === 'mobile') {
    await expect(menu).toBeHidden();
    await page.getByRole('button', { name: 'Toggle menu' }).click();
  }
  await menu.getByRole('link', { name: 'Business Dashboard' }).click();
  await expect(page).toHaveURL(/\/reports\/1\b/);
  await expect(page.getByRole('heading', { name: 'Business Dashboard' }).first()).toBeVisible();

  // The Total of the Business summary on screen is the API's, for the range the page shows.
  const table = namedTable(page, 'Business summary');
  await expectLoaded(table);
  const range = new URL(page.url()).searchParams;
  const query = new URLSearchParams({ start_date: range.get('start_date') ?? '', end_date: range.get('end_date') ?? '' });
  const report = await api<ApiReport>(page, `/api/reports/13/?${range.get('start_date') ? query.toString() : ''}`);
  expect(report.status).toBe(200);
  const total = report.body.data.data.records.find((r) => r['Business Type'] === 'Total');
  expect(await cellOf(table, /^Total/, 'Total Premium')).toBe(rupee(Number(total?.['Total Premium'])));
  await screenshot(page, 'front-door-business-dashboard');
});
