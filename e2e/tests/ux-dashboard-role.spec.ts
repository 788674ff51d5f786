import { expect } from '@playwright/test';
import { screenshot, signIn, test } from './helpers';

/**
 * Role 204 may read only the life reports: its menu has no Dashboard entry (reports 13 and 11 are not
 * for it), and the Dashboard's address opens its first dashboard instead of an error.
 */
test('role 204: no Dashboard entry, and /dashboard opens its life dashboard without errors @mobile', async ({ page }) => {
  await signIn(page, 'demo.r204', '/mappedpartners');
  const menu = page.getByRole('navigation', { name: 'Side menu' });
  if (test.info().project.name === 'mobile') await page.getByRole('button', { name: 'Toggle menu' }).click();
  await expect(menu.getByRole('link', { name: 'Life Issuance' })).toBeVisible();
  await expect(menu.getByRole('link', { name: 'Dashboard', exact: true })).toHaveCount(0);

  const errors: number[] = [];
  page.on('response', (r) => {
    if (r.url().includes('/api/') && r.status() >= 400) errors.push(r.status());
  });
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/reports\/3\/$/);
  await expect(page.getByRole('heading', { name: 'Life Issuance', level: 1 })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Life issuance team report' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page.getByText('This report is not available for your role')).toHaveCount(0);
  expect(errors).toEqual([]);
  await screenshot(page, 'ux-role-204-dashboard');

  // Everyone else keeps the Dashboard entry.
  await page.evaluate(() => localStorage.clear());
  await signIn(page, 'demo.rm', '/mappedpartners');
  if (test.info().project.name === 'mobile') await page.getByRole('button', { name: 'Toggle menu' }).click();
  await expect(menu.getByRole('link', { name: 'Dashboard', exact: true })).toBeVisible();
});
