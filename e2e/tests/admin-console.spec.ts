import { expect } from '@playwright/test';
import { readFile } from 'node:fs/promises';
import { expectNoSeriousA11yViolations, namedTable, screenshot, signIn, test } from './helpers';

/**
 * Administration without a terminal, at 1280 and 375 px (@mobile): files uploaded on /admin → Imports,
 * confirmations before deactivating.
 */

test.describe.configure({ mode: 'serial' });
// Uploads and imports on a two-core machine shared with other runs.
test.setTimeout(90_000);

test.describe('administration without a terminal', () => {
  test('Imports: upload a CSV, dry run with a per-row report, then a partial import recorded under my name @mobile', async ({
    page,
  }, info) => {
    const tag = info.project.name === 'mobile' ? 'M' : 'D';
    const good = `Upload ${tag} Insurance`;
    const csv = `name\n${good}\n=SUM(A1)\n`;
    await signIn(page, 'demo.head', '/admin/imports');
    await expect(page.getByRole('heading', { name: 'Upload a file' })).toBeVisible();
    const form = page.getByRole('form', { name: 'Upload a file' });

    // No file chosen: said on the field, nothing sent.
    await form.getByRole('button', { name: 'Check file' }).click();
    await expect(form.getByText('Choose a file to import')).toBeVisible();

    await form.getByLabel('Entity').selectOption('insurers');
    await form.locator('input[type=file]').setInputFiles({ name: 'insurers.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
    await expect(form.getByRole('checkbox', { name: /^Dry run/ })).toBeChecked();
    await form.getByRole('button', { name: 'Check file' }).click();
    const result = form.getByRole('status').filter({ hasText: 'insurers: received 2' });
    await expect(result).toContainText('insurers: received 2, inserted 0, updated 0, unchanged 0, rejected 1 (dry run: nothing written)');
    const problems = form.getByRole('table', { name: 'Problems found' });
    await expect(problems.getByRole('row')).toHaveCount(2);
    await expect(problems.getByRole('row').nth(1)).toHaveText(/^3\s*name\s*name looks like a spreadsheet formula/);
    await screenshot(page, `admin-imports-upload-${info.project.name}`);
    await expectNoSeriousA11yViolations(page);

    // A real import with Partial: the good row goes in; the history names the administrator.
    await form.getByRole('checkbox', { name: /^Dry run/ }).uncheck();
    await form.getByRole('checkbox', { name: /^Partial/ }).check();
    await form.getByRole('button', { name: 'Import file' }).click();
    await expect(form.getByRole('status').filter({ hasText: 'Imported in part' })).toContainText(
      'insurers: received 2, inserted 1, updated 0, unchanged 0, rejected 1',
    );
    const history = namedTable(page, 'Imports');
    const first = history.locator('tbody tr').first();
    await expect(first).toContainText('(demo.head)');
    await expect(first).toContainText('upload');
    await expect(first).toContainText('applied (partial)');
    await expect(first).toContainText('insurers');
    // Its rejected row downloads under the name the server gives the file: its line, field and reason.
    const download = page.waitForEvent('download');
    await first.getByRole('button', { name: /^Download the 1 rejected rows of import / }).click();
    const saved = await download;
    expect(saved.suggestedFilename()).toMatch(/^import-[\w-]+-insurers-rejected\.csv$/);
    const rejectedCsv = (await readFile(await saved.path(), 'utf8')).replace(/^\uFEFF/, '');
    expect(rejectedCsv.trim().split(/\r?\n/)).toEqual([
      'Line,Field,Message',
      '3,name,"name looks like a spreadsheet formula (starts with =, +, - or @)"',
    ]);
    // The same file again changes nothing: the row is unchanged.
    await form.getByRole('button', { name: 'Import file' }).click();
    await expect(form.getByRole('status').filter({ hasText: 'inserted 0, updated 0, unchanged 1, rejected 1' })).toBeVisible();
  });
});

test.describe('confirm before deactivating', () => {
  test('an employee: the dialog says what happens; Cancel changes nothing @mobile', async ({ page }) => {
    // Cancel sends nothing, so any person will do: the top of the demo organisation.
    await signIn(page, 'demo.head', '/admin/people/NH001');
    const deactivate = page.getByRole('button', { name: 'Deactivate', exact: true });
    await deactivate.click();
    const confirm = page.getByRole('dialog', { name: /^Deactivate / });
    await expect(confirm).toContainText("Every session of this person's user ends at once.");
    await expect(confirm).toContainText('They can no longer sign in.');
    await expect(confirm).toContainText('Their scheduled report mails pause; they can resume them once activated again.');
    await screenshot(page, `admin-confirm-deactivate-${test.info().project.name}`);
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(confirm).toBeHidden();
    await expect(deactivate).toBeVisible();
  });
});
