import { expect, type Page } from '@playwright/test';
import { readFile } from 'node:fs/promises';
import { expectNoSeriousA11yViolations, namedTable, screenshot, signIn, switchUser, test } from './helpers';

/**
 * The administration screens (/admin) as demo.head, the demo's one administrator, and My sessions.
 */

/** The employee the People test adds and the Users test gives a login. */
const CODE = 'E2ED1';

async function waitForRows(page: Page, table: string) {
  const t = namedTable(page, table);
  await expect(t).toHaveAttribute('aria-busy', 'false');
  await expect(t.locator('tbody tr').first()).toBeVisible();
  return t;
}

test.describe.configure({ mode: 'serial' });

test.describe('administration', () => {
  test('People: search, add an employee, open them, edit and move them', async ({ page }) => {
    const code = CODE;
    await signIn(page, 'demo.head', '/admin/people');
    await expect(page.getByRole('heading', { name: 'People', level: 1 })).toBeVisible();
    const people = await waitForRows(page, 'People');
    await expect(page.getByText(/^Rows 1–20 of \d+$/)).toBeVisible();
    await screenshot(page, 'admin-people');
    await expectNoSeriousA11yViolations(page);

    await page.getByRole('button', { name: 'Add employee' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add employee' });
    await dialog.getByRole('button', { name: 'Add employee' }).click();
    await expect(dialog.getByText('Name is required')).toBeVisible();
    await dialog.getByRole('textbox', { name: /^Code/ }).fill(code);
    await dialog.getByRole('textbox', { name: /^Name/ }).fill(`Browser Person ${code}`);
    await dialog.getByRole('textbox', { name: /^Email/ }).fill(`${code.toLowerCase()}@example.com`);
    await dialog.getByRole('combobox', { name: /^Role/ }).click();
    await page.getByRole('option', { name: 'Relationship manager', exact: true }).click();
    await dialog.getByRole('combobox', { name: /^Designation/ }).click();
    await page.getByRole('option', { name: 'Relationship manager', exact: true }).click();
    // demo.head (the national head) is the first manager.
    const head = await page.request
      .get('/accounts/api/v1/me/', { headers: { authorization: `Token ${await page.evaluate(() => localStorage.getItem('token'))}` } })
      .then((r) => r.json() as Promise<{ code: string; first_name: string }>);
    await dialog.getByRole('combobox', { name: /^Manager code/ }).fill(head.code);
    // A plain field last: the suggestion lists of the fields above close.
    await dialog.getByRole('textbox', { name: /^Phone/ }).fill('9876512345');
    await screenshot(page, 'admin-person-dialog');
    await dialog.getByRole('button', { name: 'Add employee' }).click();

    await expect(page).toHaveURL(new RegExp(`/admin/people/${code}$`));
    await expect(page.getByRole('heading', { name: `Browser Person ${code} (${code})` })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Manager chain' })).toContainText(head.first_name);
    await expect(page.getByText('No user yet.')).toBeVisible();

    // Move under another manager: the chain follows.
    await page.getByRole('button', { name: 'Edit or move' }).click();
    const edit = page.getByRole('dialog', { name: `Edit Browser Person ${code}` });
    await edit.getByRole('combobox', { name: /^Designation/ }).click();
    await page.getByRole('option', { name: 'Team lead', exact: true }).click();
    await edit.getByRole('combobox', { name: /^Manager code/ }).fill('');
    await edit.getByRole('button', { name: 'Save' }).click();
    await expect(edit).toBeHidden();
    await expect(page.getByText('nobody (top of the organisation)')).toBeVisible();
    await expect(page.getByText('Team lead', { exact: true })).toBeVisible();
    await screenshot(page, 'admin-person');
    await expectNoSeriousA11yViolations(page);

    // Search finds them by code.
    await page.goto('/admin/people');
    await page.getByLabel('Search').fill(code);
    await expect(people.locator('tbody tr')).toHaveCount(1);
    await expect(people.getByRole('link', { name: code })).toBeVisible();
  });

  test('Users: add a user with a password link, set flags, see sessions, deactivate', async ({ page }) => {
    const code = CODE;
    const login = `e2e.${code.toLowerCase()}`;
    await signIn(page, 'demo.head', `/admin/users?new=${code}`);
    const dialog = page.getByRole('dialog', { name: 'Add user' });
    await expect(dialog.getByRole('textbox', { name: /^Employee code/ })).toHaveValue(code);
    await dialog.getByRole('textbox', { name: /^Login/ }).fill(login);
    await dialog.getByRole('button', { name: 'Add user' }).click();
    await expect(dialog).toBeHidden();

    const drawer = page.getByRole('dialog', { name: `Browser Person ${code} (${login})` });
    await expect(drawer).toBeVisible();
    await expect(drawer.getByText('no password (company sign-in)')).toBeVisible();
    // Not forced: a forced click skips the wait for the opening drawer to stand still and could land mid-animation.
    await drawer.getByRole('switch', { name: 'May download reports' }).click();
    await expect(drawer.getByRole('switch', { name: 'May download reports' })).not.toBeChecked();
    await drawer.getByRole('button', { name: 'Mail a password link' }).click();
    await expect(drawer.getByText(`A one-time link to set a password was mailed to ${code.toLowerCase()}@example.com.`)).toBeVisible();
    await expect(drawer.getByText('No active sessions')).toBeVisible();
    await screenshot(page, 'admin-user-drawer');
    await expectNoSeriousA11yViolations(page);

    await drawer.getByRole('button', { name: 'Deactivate user' }).click();
    const confirm = page.getByRole('dialog', { name: /^Deactivate user / });
    await expect(confirm).toContainText('Every session of this user ends at once.');
    await expect(confirm).toContainText('Their scheduled report mails pause');
    await confirm.getByRole('button', { name: 'Deactivate' }).click();
    await expect(drawer.getByRole('button', { name: 'Activate user' })).toBeVisible();
    await page.keyboard.press('Escape');

    // demo.head's own row: its sessions include this browser's.
    await page.getByLabel('Search').fill('demo.head');
    const users = namedTable(page, 'Users');
    await expect(users.locator('tbody tr')).toHaveCount(1);
    await users.getByRole('button', { name: 'demo.head' }).click();
    const own = page.getByRole('dialog', { name: /\(demo\.head\)$/ });
    await expect(own.getByText('Your session')).toBeVisible();
    await page.keyboard.press('Escape');
    await page.getByLabel('Search').fill('');
    await waitForRows(page, 'Users');
    await screenshot(page, 'admin-users');
  });

  test('Hierarchy: the tree opens level by level with counts, and search leads to a person', async ({ page }) => {
    await signIn(page, 'demo.head', '/admin/hierarchy');
    const tree = page.getByRole('tree', { name: 'Organisation' });
    await expect(tree.getByRole('treeitem').first()).toBeVisible();
    const top = tree.getByRole('treeitem').first();
    await expect(top).toContainText(/\d+ people/);
    await expect(top).toContainText(/\d+ partners/);
    await top
      .getByRole('button', { name: /^Expand / })
      .first()
      .click();
    await expect(top.getByRole('group').getByRole('treeitem').first()).toBeVisible();
    await top
      .getByRole('button', { name: /^Collapse / })
      .first()
      .click();
    await expect(top.getByRole('group')).toHaveCount(0);

    await page.getByLabel('Find a person').fill('rm');
    const results = page.getByRole('list', { name: 'Search results' });
    await expect(results.getByRole('button').first()).toBeVisible();
    const hit = (await results.getByRole('button').first().innerText()).trim();
    await results.getByRole('button').first().click();
    const name = hit.replace(/ \(.*$/, '');
    await expect(tree.locator('[aria-selected="true"]')).toContainText(name);
    await screenshot(page, 'admin-hierarchy');
    await expectNoSeriousA11yViolations(page);
  });

  test('Audit trail: filters, server paging and the CSV download', async ({ page }) => {
    await signIn(page, 'demo.head', '/admin/audit');
    const trail = await waitForRows(page, 'Audit trail');
    // Signing in is audited: demo.head's sign-ins are there whatever ran before.
    await page.getByRole('combobox', { name: 'Action' }).fill('login');
    await page.getByRole('option', { name: 'login', exact: true }).click();
    await page.getByLabel('Person').fill('demo.head');
    await page.getByRole('form', { name: 'Audit filters' }).getByRole('button', { name: 'Search', exact: true }).click();
    // The filtered page replaces the unfiltered one when its answer arrives, and the unfiltered rows may be
    // demo.head's too: wait until every row shown is one of demo.head's sign-ins.
    await expect(async () => {
      const rows = await trail.locator('tbody tr').allInnerTexts();
      expect(rows.length).toBeGreaterThan(0);
      for (const text of rows) expect(text).toMatch(/\(demo\.head\)\s+login\s+user/);
    }).toPass();
    await screenshot(page, 'admin-audit');
    await expectNoSeriousA11yViolations(page);

    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download CSV' }).click();
    const file = await (await download).path();
    const csv = (await readFile(file, 'utf8')).replace(/^\uFEFF/, '');
    const lines = csv.trim().split('\r\n');
    expect(lines[0]).toBe('When (UTC),Login,Code,Name,Action,Entity,Entity id,Before,After,Address');
    expect(lines.length).toBeGreaterThan(1);
    expect(lines.slice(1).filter((l) => !l.includes(',demo.head,') || !l.includes(',login,user,'))).toEqual([]);

    await page.getByLabel('From', { exact: true }).fill('2026-02-01');
    await page.getByLabel('To', { exact: true }).fill('2026-01-01');
    await page.getByRole('form', { name: 'Audit filters' }).getByRole('button', { name: 'Search', exact: true }).click();
    await expect(page.getByText('The end date cannot be before the start date')).toBeVisible();
  });

  test('Imports and API keys: a key is shown once, listed without it, and revoked', async ({ page }) => {
    const name = 'e2e-key';
    await signIn(page, 'demo.head', '/admin/imports');
    await expect(page.getByRole('heading', { name: 'Imports and API keys', level: 1 })).toBeVisible();
    await expect(namedTable(page, 'Imports')).toHaveAttribute('aria-busy', 'false');
    await page.getByLabel('Key name').fill('-bad name');
    await page.getByRole('button', { name: 'Create key' }).click();
    await expect(page.getByText(/^Key name: letters, digits/)).toBeVisible();
    await page.getByLabel('Key name').fill(name);
    await page.getByRole('button', { name: 'Create key' }).click();
    await expect(page.getByText('Choose the entities the key may push')).toBeVisible();
    await page.getByRole('checkbox', { name: 'policies', exact: true }).check();
    await page.getByRole('checkbox', { name: 'customers', exact: true }).check();
    await page.getByRole('button', { name: 'Create key' }).click();
    const shown = page.getByRole('status').filter({ hasText: `Key ${name} created` });
    await expect(shown).toBeVisible();
    const key = (await shown.locator('pre').innerText()).trim();
    expect(key).toMatch(/^dsk_[A-Za-z0-9_-]{40,}$/);
    const keys = namedTable(page, 'API keys');
    const row = keys.getByRole('row').filter({ hasText: name });
    await expect(row).toContainText('Active');
    await expect(row).toContainText('customers, policies');
    await screenshot(page, 'admin-imports');
    await expectNoSeriousA11yViolations(page);
    await page.reload();
    await expect(keys.getByRole('row').filter({ hasText: name })).toBeVisible();
    expect(await page.content()).not.toContain(key);
    await keys.getByRole('row').filter({ hasText: name }).getByRole('button', { name: 'Revoke' }).click();
    await expect(keys.getByRole('row').filter({ hasText: name })).toContainText('Revoked');
  });

  test('Administration is for administrators only: no menu entry, a clear refusal', async ({ page }) => {
    await signIn(page, 'demo.head', '/');
    await expect(page.getByRole('navigation', { name: 'Side menu' }).getByRole('link', { name: 'Administration' })).toBeVisible();
    await switchUser(page, 'demo.rm', '/');
    await expect(page.getByRole('navigation', { name: 'Side menu' }).getByRole('link', { name: 'Mapped Partners' })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Side menu' }).getByRole('link', { name: 'Administration' })).toHaveCount(0);
    await page.goto('/admin/people');
    await expect(page.getByText('Administration is for administrators only.')).toBeVisible();
  });

  test('My sessions: this device is listed; signing out everywhere ends it', async ({ page }) => {
    await signIn(page, 'demo.asm', '/');
    await page.getByRole('button', { name: 'User menu' }).click();
    await page.getByRole('menuitem', { name: 'My sessions' }).click();
    await expect(page).toHaveURL(/\/sessions$/);
    const sessions = namedTable(page, 'Active sessions');
    await expect(sessions.getByText('This device')).toBeVisible();
    await screenshot(page, 'my-sessions');
    await expectNoSeriousA11yViolations(page);
    await page.getByRole('button', { name: 'Sign out everywhere' }).click();
    await expect(page).toHaveURL(/\/login\?next=/);
  });
});
