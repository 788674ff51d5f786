import { expect, type Page } from '@playwright/test';
import { expectLoaded, namedTable, screenshot, signIn, test } from './helpers';

/**
 * The Contests group of the side menu is the contests the distributor has (docs/product/reports-catalogue.md,
 * 'Contests'): the demo's three by their names, and a contest uploaded on /admin → Imports joins them under the
 * name it was imported with, its board one click away. The instance without contests is own-data.spec.ts.
 */

test.describe.configure({ mode: 'serial' });
// An import and an ETL run on a two-core machine shared with other runs.
test.setTimeout(90_000);

const DEMO_CONTESTS = ['North & west zone contest', 'South zone contest', 'East zone contest'];
const IMPORTED = 'Diwali Dhamaka Drive';

/** The links of the side menu's Contests group, in order. */
async function contestLinks(page: Page): Promise<string[]> {
  const menu = page.getByRole('navigation', { name: 'Side menu' });
  const group = menu.getByRole('button', { name: 'Contests' });
  await expect(group).toHaveAttribute('aria-expanded', 'true');
  // Mantine's NavLink renders a group's entries right after its button.
  const entries = group.locator('xpath=following-sibling::*[1]').getByRole('link');
  return (await entries.allInnerTexts()).map((t) => t.trim());
}

test.describe('contest boards', () => {
  test("the side menu lists the demo's contests by name, and a board opens", async ({ page }) => {
    await signIn(page, 'demo.head', '/dashboard');
    await expect.poll(() => contestLinks(page)).toEqual(DEMO_CONTESTS);
    await page.getByRole('navigation', { name: 'Side menu' }).getByRole('link', { name: 'South zone contest' }).click();
    await expect(page).toHaveURL(/\/reports\/33\/$/);
    const board = namedTable(page, 'South zone contest');
    await expectLoaded(board);
    await expect(board.getByRole('columnheader', { name: /^Rank/ })).toBeVisible();
    await expect(board.locator('tbody tr').first()).toContainText(/\d/);
    await screenshot(page, 'contest-board');
  });

  test('a contest uploaded on /admin joins the group under its imported name, and its board opens', async ({ page }) => {
    await signIn(page, 'demo.head', '/admin/imports');
    const form = page.getByRole('form', { name: 'Upload a file' });
    await form.getByLabel('Entity').selectOption('contests');
    const csv = `name,zones,starts_on,ends_on,target_wp\n${IMPORTED},South|East,2026-05-01,2026-05-31,150000\n`;
    await form.locator('input[type=file]').setInputFiles({ name: 'contests.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
    await form.getByRole('checkbox', { name: /^Dry run/ }).uncheck();
    await form.getByRole('button', { name: 'Import file' }).click();
    await expect(form.getByRole('status').filter({ hasText: 'contests: received 1' })).toContainText(
      'contests: received 1, inserted 1, updated 0, unchanged 0, rejected 0',
    );

    await page.goto('/dashboard');
    await expect.poll(() => contestLinks(page)).toEqual([...DEMO_CONTESTS, IMPORTED]);
    await page.getByRole('navigation', { name: 'Side menu' }).getByRole('link', { name: IMPORTED }).click();
    // The first contest of an import takes the first id clear of the catalogue's (FIRST_CONTEST_ID).
    await expect(page).toHaveURL(/\/reports\/1001\/$/);
    const board = namedTable(page, IMPORTED);
    await expectLoaded(board);
    await expect(page.getByRole('dialog', { name: 'Error' })).toHaveCount(0);
  });
});
