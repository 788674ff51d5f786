import { expect, type Locator, type Page } from '@playwright/test';
import {
  cellOf,
  expectLoaded,
  expectNoSeriousA11yViolations,
  kolkataDay,
  namedTable,
  screenshot,
  signIn,
  switchUser,
  test,
} from './helpers';
import { api, rupee, type ApiReport } from './reports-helpers';

/**
 * Saved views (docs/product/views.md): a drilled, filtered report page saved under a name, found again under
 * 'My views', opened by its owner and through its link by a manager above the account (same filters, same
 * figures) and refused to someone of another branch; shared with a colleague, who finds it under 'Shared with
 * me' and sees their own team's figures.
 */

const START = kolkataDay(-300);
const END = kolkataDay();
const PRODUCTS = [9, 10];
const RENEWAL = 3;
const OUTSIDE_TEAM = 'This view shows an account outside your team.';

type Record_ = ApiReport['data']['data']['records'][number];
const totalPremium = (r: ApiReport) => Number(r.data.data.records.find((x) => Object.values(x)[0] === 'Total')?.['Total Premium'] ?? NaN);
const appliedFilters = (page: Page): Locator => page.getByRole('region', { name: 'Applied filters' });
const summaryTotal = (page: Page) => cellOf(namedTable(page, 'Business summary'), /^Total/, 'Total Premium');

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

/** The page shows the view: the drilled account's address with the period and products, Renewal only, the figure. */
async function expectTheView(page: Page, tl: string, figure: string): Promise<void> {
  await expect(page).toHaveURL(new RegExp(`/reports/1/${tl}\\?start_date=${START}&end_date=${END}&product_type_id=9,10$`));
  await expect(appliedFilters(page)).toContainText('Business Type: Renewal');
  await expect(appliedFilters(page)).not.toContainText('Insurer');
  await expect(page.getByRole('button', { name: /^Products:|Select Products/ }).first()).toBeVisible();
  await expectLoaded(namedTable(page, 'Business summary'));
  await expect.poll(() => summaryTotal(page)).toBe(figure);
}

test.describe('saved views', () => {
  test('save a drilled, filtered view, find it under My views, open it, share its link', async ({ page, context }) => {
    test.slow();
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    const name = 'Renewals of my TL';
    await signIn(page, 'demo.asm', `/reports/11/?start_date=${START}&end_date=${END}`);
    const team = (await api<ApiReport>(page, `/api/reports/11/?start_date=${START}&end_date=${END}`)).body;
    const tl = String(team.data.data.records.find((r: Record_) => String(r['User Id']).startsWith('TL'))?.['User Id']);
    expect(tl).toMatch(/^TL/);

    // The drilled page with a period and products in the address, and Renewal chosen in the form.
    await page.goto(`/reports/1/${tl}?start_date=${START}&end_date=${END}&product_type_id=${PRODUCTS.join(',')}`);
    await expectLoaded(namedTable(page, 'Business summary'));
    await submitRenewalOnly(page);
    const expected = (
      await api<ApiReport>(page, '/api/dashboard/report_filter/13/', {
        method: 'POST',
        body: { business_type: [RENEWAL], product_type_id: PRODUCTS, start_date: START, end_date: END, account_id: tl },
      })
    ).body;
    expect(totalPremium(expected)).toBeGreaterThan(0);
    const figure = rupee(totalPremium(expected));
    await expectTheView(page, tl, figure);

    // Save view: the name is required, then the link is offered.
    await page.getByRole('button', { name: 'Save view' }).click();
    const dialog = page.getByRole('dialog', { name: 'Save view' });
    await dialog.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(dialog.getByText('Enter a name for the view')).toBeVisible();
    await dialog.getByLabel('Name').fill(`  ${name}  `);
    await screenshot(page, 'views-save-dialog');
    await dialog.getByRole('button', { name: 'Save', exact: true }).click();
    const done = page.getByRole('dialog', { name: 'View saved' });
    await expect(done).toContainText(`Saved as ${name}.`);
    const link = await done.getByLabel('Link to this view').inputValue();
    expect(link).toMatch(/\/views\/[0-9a-f-]{36}$/);
    await done.getByRole('button', { name: 'Copy link' }).click();
    await expect(done.getByRole('status')).toHaveText('Link copied');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);
    await expectNoSeriousA11yViolations(page);
    await screenshot(page, 'views-saved-dialog');
    await done.getByRole('button', { name: 'Close', exact: true }).click();

    // The same name again is refused beside the name.
    await page.getByRole('button', { name: 'Save view' }).click();
    await page.getByRole('dialog', { name: 'Save view' }).getByLabel('Name').fill(name.toUpperCase());
    await page.getByRole('dialog', { name: 'Save view' }).getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page.getByRole('dialog', { name: 'Save view' }).getByRole('alert')).toContainText(
      `You already have a view named '${name.toUpperCase()}'. Choose another name.`,
    );
    await page.getByRole('dialog', { name: 'Save view' }).getByRole('button', { name: 'Cancel' }).click();

    // Elsewhere, with the filters cleared: My views lists it, and Open brings the whole view back.
    await appliedFilters(page).getByRole('button', { name: 'Clear filters' }).click();
    await page.goto('/reports/1/');
    await page.getByRole('navigation', { name: 'Side menu' }).getByRole('link', { name: 'My views' }).click();
    await expect(page.getByRole('heading', { name: 'My views', level: 1 })).toBeVisible();
    const views = namedTable(page, 'My views');
    await expectLoaded(views);
    expect(await cellOf(views, name, 'Page')).toBe('Business Dashboard');
    expect(await cellOf(views, name, 'Account')).toBe(tl);
    expect(await cellOf(views, name, 'Filters')).toBe(
      'Products: Two Wheeler Comprehensive, Four Wheeler Comprehensive; Business Type: Renewal',
    );
    await screenshot(page, 'views-my-views');
    await expectNoSeriousA11yViolations(page);
    await page.getByRole('button', { name: `Open ${name}` }).click();
    await expectTheView(page, tl, figure);
    await screenshot(page, 'views-opened');

    // A manager above the account opens the link: the same filters and the same figures.
    await switchUser(page, 'demo.zsm', new URL(link).pathname);
    await expectTheView(page, tl, figure);

    // Someone of another branch gets the clear refusal.
    await switchUser(page, 'demo.supervisor', new URL(link).pathname);
    await expect(page.getByRole('alert')).toContainText(OUTSIDE_TEAM);
    await expect(page.getByRole('link', { name: 'Go to My views' })).toBeVisible();
    await screenshot(page, 'views-refused');
  });

  test('a Dashboard view, copy link, edit and delete in My views; a deleted view’s link says so', async ({ page, context }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await signIn(page, 'demo.rm', '/dashboard');
    await expectLoaded(namedTable(page, 'Business summary'));
    await page.getByRole('button', { name: 'Save view' }).click();
    await page.getByRole('dialog', { name: 'Save view' }).getByLabel('Name').fill('My dashboard');
    await page.getByRole('dialog', { name: 'Save view' }).getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByRole('dialog', { name: 'View saved' }).getByRole('button', { name: 'Close', exact: true }).click();

    await page.goto('/reports/1/');
    await expectLoaded(namedTable(page, 'Business summary'));
    await page.getByRole('button', { name: 'Save view' }).click();
    await page.getByRole('dialog', { name: 'Save view' }).getByLabel('Name').fill('My month');
    await page.getByRole('dialog', { name: 'Save view' }).getByRole('button', { name: 'Save', exact: true }).click();
    const link = await page.getByRole('dialog', { name: 'View saved' }).getByLabel('Link to this view').inputValue();
    await page.getByRole('dialog', { name: 'View saved' }).getByRole('button', { name: 'Close', exact: true }).click();

    await page.goto('/views');
    const views = namedTable(page, 'My views');
    await expectLoaded(views);
    expect(await cellOf(views, 'My dashboard', 'Page')).toBe('Dashboard');
    await page.getByRole('button', { name: 'Copy link of My dashboard' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'copied' })).toHaveText("Link to 'My dashboard' copied");
    expect(await page.evaluate(() => navigator.clipboard.readText())).toMatch(/\/views\/[0-9a-f-]{36}$/);
    await page.getByRole('button', { name: 'Open My dashboard' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
    await page.goBack();
    await expectLoaded(views);
    expect(await cellOf(views, 'My month', 'Period')).toBe('Default period');
    expect(await cellOf(views, 'My month', 'Account')).toBe('Top (whoever opens it)');
    await page.getByRole('button', { name: 'Edit My month' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit view' });
    await edit.getByLabel('Name').fill('x'.repeat(81));
    await edit.getByRole('textbox', { name: 'Description' }).fill('y'.repeat(301));
    await edit.getByRole('button', { name: 'Save' }).click();
    await expect(edit.getByText('A view name can have at most 80 characters')).toBeVisible();
    await expect(edit.getByText('A description can have at most 300 characters')).toBeVisible();
    await edit.getByLabel('Name').fill('This month, all of it');
    await edit.getByRole('textbox', { name: 'Description' }).fill('Every product, the default period');
    await edit.getByRole('button', { name: 'Save' }).click();
    await expect(edit).toBeHidden();
    await expect(views.getByRole('link', { name: 'This month, all of it' })).toBeVisible();
    await expect(views.getByRole('row').filter({ hasText: 'This month, all of it' })).toContainText('Every product, the default period');

    await page.getByRole('button', { name: 'Delete This month, all of it' }).click();
    await page.getByRole('dialog', { name: 'Delete view' }).getByRole('button', { name: 'Delete' }).click();
    await expect(views.getByRole('link', { name: 'This month, all of it' })).toHaveCount(0);
    await page.goto(new URL(link).pathname);
    await expect(page.getByRole('alert')).toContainText('This view no longer exists: its owner deleted it.');
  });

  test('share a view with a colleague, who finds it under Shared with me and opens it with their own figures @mobile', async ({ page }) => {
    test.slow();
    const name = `May for the team (${test.info().project.name})`;
    const description = 'Each of you sees your own team';
    const period = `start_date=${START}&end_date=${END}`;
    await signIn(page, 'demo.asm', `/reports/1/?${period}`);
    await expectLoaded(namedTable(page, 'Business summary'));
    await page.getByRole('button', { name: 'Save view' }).click();
    const save = page.getByRole('dialog', { name: 'Save view' });
    await save.getByLabel('Name').fill(name);
    await save.getByRole('textbox', { name: 'Description' }).fill(description);
    await save.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByRole('dialog', { name: 'View saved' }).getByRole('button', { name: 'Close', exact: true }).click();

    // The owner's own figure, and their name as a recipient reads it.
    const summaryOf = async () =>
      (await api<ApiReport>(page, '/api/dashboard/report_filter/13/', { method: 'POST', body: { start_date: START, end_date: END } })).body;
    const ownersFigure = rupee(totalPremium(await summaryOf()));
    const me = (await api<{ first_name: string; last_name: string }>(page, '/accounts/api/v1/me/')).body;
    const owner = `${me.first_name} ${me.last_name}`.trim();

    // The owner shares it with the team lead below them, found by login.
    await page.goto('/views');
    const views = namedTable(page, 'My views');
    await expectLoaded(views);
    await expect(views.getByRole('row').filter({ hasText: name })).toContainText(description);
    await page.getByRole('button', { name: `Share ${name}` }).click();
    const dialog = page.getByRole('dialog', { name: `Share ${name}` });
    await expect(dialog.getByText('Nobody yet')).toBeVisible();
    await dialog.getByRole('combobox', { name: 'Add a colleague' }).fill('demo.tl');
    const option = page.getByRole('option').first();
    await expect(option).toBeVisible();
    const colleague = (await option.innerText()).trim();
    await option.click();
    const recipients = dialog.getByRole('list', { name: 'Shared with' });
    await expect(recipients.getByRole('listitem')).toHaveCount(1);
    await expect(recipients).toContainText(colleague);
    await expect(recipients).toContainText('demo.tl');
    await expect(dialog.getByRole('combobox', { name: 'Add a colleague' })).toHaveValue('');
    await screenshot(page, 'views-share-dialog');
    await expectNoSeriousA11yViolations(page);
    await dialog.getByRole('button', { name: 'Close', exact: true }).click();
    await expect(views.getByRole('row').filter({ hasText: name })).toContainText('Shared with 1 colleague');

    // The team lead signs in: the view is under Shared with me, with who shared it.
    await switchUser(page, 'demo.tl', '/views');
    const shared = namedTable(page, 'Shared with me');
    await expectLoaded(shared);
    const row = shared.getByRole('row').filter({ hasText: name });
    await expect(row).toContainText(description);
    await expect(row).toContainText(`Shared by ${owner}`);
    await expect(namedTable(page, 'My views').getByRole('link', { name })).toHaveCount(0);
    await screenshot(page, 'views-shared-with-me');
    await expectNoSeriousA11yViolations(page);

    // Opened, the page has the view's period and the team lead's own figures.
    await row.getByRole('button', { name: `Open ${name}` }).click();
    await expect(page).toHaveURL(new RegExp(`/reports/1/\\?${period}$`));
    const tlsFigure = rupee(totalPremium(await summaryOf()));
    expect(tlsFigure).not.toBe(ownersFigure);
    await expectLoaded(namedTable(page, 'Business summary'));
    await expect.poll(() => summaryTotal(page)).toBe(tlsFigure);

    // They cannot edit it; they take it off their list.
    await page.goto('/views');
    await expectLoaded(shared);
    await expect(shared.getByRole('button', { name: `Edit ${name}` })).toHaveCount(0);
    await shared.getByRole('button', { name: `Remove ${name} from my list` }).click();
    await expect(page.getByRole('status').filter({ hasText: 'removed' })).toHaveText(`View '${name}' removed from Shared with me`);
    await expect(shared.getByRole('row').filter({ hasText: name })).toHaveCount(0);
  });
});
