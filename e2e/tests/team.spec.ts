import { expect } from '@playwright/test';
import {
  cellOf,
  closeDialog,
  expectLoaded,
  expectNoSeriousA11yViolations,
  kolkataDay,
  messageDialog,
  monthStart,
  namedTable,
  screenshot,
  signIn,
  test,
} from './helpers';

/**
 * The team and partner management screens (docs/product/team.md, docs/product/renewals.md) against the demo organisation: demo.asm
 * (designation asm, with demo requests of demo.rm and demo.tl to decide), demo.zsm above it,
 * demo.r204 (life-only role) and demo.supervisor (a call-centre branch without partners).
 * Tests tagged @mobile also run at 375px.
 */

/** The current month in India time, like the app's default range. */
function monthBounds(): { first: string; last: string } {
  const first = monthStart(kolkataDay());
  const [y, m] = first.split('-').map(Number) as [number, number];
  const lastDay = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return { first, last: `${first.slice(0, 8)}${String(lastDay).padStart(2, '0')}` };
}

test.describe('team and partner management', () => {
  test('Life Renewals Report: role 204, current month by default, date and month filters', async ({ page }) => {
    await signIn(page, 'demo.r204', '/liferenewalsreport');
    await expect(page.getByRole('heading', { name: 'Life Renewals Report' })).toBeVisible();
    const renewals = namedTable(page, 'Life Renewals Report');
    for (const header of ['User Id', 'Renewal Due NOP', 'Renewal Due Premium']) {
      await expect(renewals.getByRole('columnheader', { name: header })).toBeVisible();
    }
    await expectLoaded(renewals);
    await expect(renewals.locator('tbody tr').first()).toBeVisible();
    await screenshot(page, 'life-renewals');
    await expectNoSeriousA11yViolations(page);

    const { first, last } = monthBounds();
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page).toHaveURL(new RegExp(`start_date=${first}&end_date=${last}`));

    // A range with dues: the whole plan window of the demo; rows sorted by due count descending.
    await page.goto('/liferenewalsreport?start_date=2020-01-01&end_date=2021-12-31');
    await expect(renewals.getByText('No data to display')).toBeVisible();

    await page.getByText('Month', { exact: true }).click();
    await expect(page.getByRole('form', { name: 'Month' })).toBeVisible();
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page).toHaveURL(/start_date=2020-01-01&end_date=2020-01-31/);
  });

  test('Life Renewals Report: search, paging and rupee premiums for demo.head', async ({ page }) => {
    await signIn(page, 'demo.head', '/liferenewalsreport');
    const renewals = namedTable(page, 'Life Renewals Report');
    await expectLoaded(renewals);
    await expect(renewals.locator('tbody tr').first()).toBeVisible();
    const counts = await renewals.locator('tbody tr td:nth-child(2)').allInnerTexts();
    const numbers = counts.map(Number);
    expect(numbers).toEqual([...numbers].sort((a, b) => b - a));
    await expect(renewals.locator('tbody tr td:nth-child(3)').first()).toContainText('₹');
    const code = (await renewals.locator('tbody tr td:first-child').first().innerText()).trim();
    await page.getByRole('searchbox', { name: 'Search Life Renewals Report' }).fill(`  ${code.toLowerCase()}  `);
    await expect(renewals.locator('tbody tr')).toHaveCount(1);
    await page.getByRole('searchbox', { name: 'Search Life Renewals Report' }).fill('no such partner');
    await expect(renewals.getByText('No data to display')).toBeVisible();
  });

  test('Mapped Partners: list, search, paging, Check Reporting (500px) and the mobile lookup @mobile', async ({ page }) => {
    await signIn(page, 'demo.asm', '/mappedpartners');
    await expect(page.getByRole('heading', { name: 'Mapped Partners' })).toBeVisible();
    const partners = namedTable(page, 'Mapped Partners');
    for (const header of ['Name', 'Partner Code', 'Life POS Certified', 'Mapped RB FLS', 'Contact']) {
      await expect(partners.getByRole('columnheader', { name: header })).toBeVisible();
    }
    await expectLoaded(partners);
    await expect(partners.locator('tbody tr')).toHaveCount(10);
    await expect(page.getByRole('button', { name: 'Page 1' })).toBeVisible();
    await screenshot(page, 'mapped-partners');
    await expectNoSeriousA11yViolations(page);

    const name = (await partners.locator('tbody tr td:first-child').first().innerText()).trim();
    await page.getByRole('searchbox', { name: 'Search Mapped Partners' }).fill(name.toUpperCase());
    await expect(partners.locator('tbody tr').first()).toContainText(name);

    await partners
      .getByRole('button', { name: `Check Reporting for ${name}` })
      .first()
      .click();
    await expect(messageDialog(page)).toContainText('Reporting Managers');
    await expect(messageDialog(page)).toContainText(/1: .+, Partner to|Reporting Not Found/);
    await screenshot(page, 'mapped-partners-reporting');
    await closeDialog(page);

    // The shared mobile lookup (docs/product/renewals.md, 'Mobile number lookup'): 'Mobile Number' in a 350px dialog, a tel: link at 767px or narrower.
    await partners
      .getByRole('button', { name: `Mobile number of ${name}` })
      .first()
      .click();
    const mobile = messageDialog(page, 'Success');
    await expect(mobile).toContainText(/Mobile Number: \d{10}/);
    const width = page.viewportSize()?.width ?? 1280;
    await expect(mobile.getByRole('link', { name: /\d{10}/ })).toHaveCount(width <= 767 ? 1 : 0);
    const dialogWidth = async () => Math.round((await mobile.boundingBox())?.width ?? 0);
    if (width > 767) await expect.poll(dialogWidth).toBe(350);
    else await expect.poll(dialogWidth).toBeGreaterThan(width * 0.8);
    await expectNoSeriousA11yViolations(page);
    await closeDialog(page);
  });

  test('Mapped Partners: as on a date before any mapping is empty', async ({ page }) => {
    await signIn(page, 'demo.asm', '/mappedpartners?selected_date=2015-01-01');
    await expect(namedTable(page, 'Mapped Partners').getByText('No data to display')).toBeVisible();
  });

  test('Requester view: asm product radio, disabled Submit, submit and cancel a mapping', async ({ page }) => {
    await signIn(page, 'demo.asm', '/requesterview');
    await expect(page.getByRole('heading', { name: 'Requester View' })).toBeVisible();
    await expect(page.getByRole('radio', { name: 'Motor' })).toBeChecked();
    const submit = page.getByRole('button', { name: 'Submit' });
    await expect(submit).toBeDisabled();
    const partners = namedTable(page, 'Unmapped partners');
    await expect(partners.locator('tbody tr').first()).toBeVisible();
    await expect(page.getByRole('radiogroup', { name: 'Manager' })).toHaveCount(0);

    // A free partner (no pending request): its checkbox is enabled.
    const free = partners
      .getByRole('checkbox', { name: /^Select EI/ })
      .and(page.locator(':enabled'))
      .first();
    await free.check();
    await expect(page.getByText('1 selected')).toBeVisible();
    await expect(submit).toBeDisabled();
    const managers = page.getByRole('radiogroup', { name: 'Manager' });
    await expect(managers.getByRole('radio').first()).toBeVisible();
    await managers.getByRole('radio').first().check();
    await expect(submit).toBeEnabled();
    await screenshot(page, 'requester-view');
    await expectNoSeriousA11yViolations(page);

    // Switching the product resets the selection.
    await page.getByRole('radio', { name: 'Health' }).check();
    await expect(page.getByText('0 selected')).toBeVisible();
    await expect(submit).toBeDisabled();
    await page.getByRole('radio', { name: 'Motor' }).check();

    const label = await free.getAttribute('aria-label');
    const code = /Select (EI\d+)/.exec(label ?? '')?.[1] ?? '';
    expect(code).not.toBe('');
    await partners.getByRole('checkbox', { name: new RegExp(`^Select ${code} `) }).check();
    await managers.getByRole('radio').first().check();
    await submit.click();
    await expect(messageDialog(page)).toContainText(/Mapping request MR\d{6} raised: 1 partner to/);
    await closeDialog(page);

    // Reloaded: the partner now waits in the request and the requester may withdraw it.
    const row = partners.locator('tbody tr', { hasText: code });
    await expect(row).toContainText(/MR\d{6}/);
    await expect(page.getByText('0 selected')).toBeVisible();
    await row.getByRole('button', { name: 'Cancel mapping' }).click();
    await expect(messageDialog(page)).toContainText(new RegExp(`Mapping request MR\\d{6} for ${code} cancelled`));
    await closeDialog(page);
    await expect(row.getByRole('button', { name: 'Cancel mapping' })).toHaveCount(0);
  });

  test('Manage Team → Reportee list: accept one reportee, back to Manage Team @mobile', async ({ page }) => {
    await signIn(page, 'demo.asm', '/manageteam');
    await expect(page.getByRole('heading', { name: 'Manage Team' })).toBeVisible();
    const team = namedTable(page, 'Manage Team');
    await expectLoaded(team);
    // Other tests raise and decide requests too: this one follows the request it opens, by its code.
    const open = team.getByRole('link', { name: /^Open MR\d{6} of / }).first();
    const [, code = '', manager = ''] = /^Open (MR\d{6}) of (.+)$/.exec((await open.getAttribute('aria-label')) ?? '') ?? [];
    expect(code).not.toBe('');
    const pending = Number(await cellOf(team, code, 'Pending'));
    expect(pending).toBeGreaterThan(0);
    await screenshot(page, 'manage-team');
    await expectNoSeriousA11yViolations(page);

    await open.click();
    await expect(page).toHaveURL(new RegExp(`/reporteelist\\?id=.+&unique_code=[A-Z]+\\d+&request_raised=${code}$`));
    await expect(page.getByText(`Name : ${manager}`, { exact: true })).toBeVisible();
    const reportees = namedTable(page, 'Reportees');
    await expectLoaded(reportees);
    await expect(reportees.getByRole('columnheader', { name: 'User Id' })).toBeVisible();
    await expect(reportees.getByRole('columnheader', { name: 'Request Raised' })).toBeVisible();
    // The request's pending reportees, as many as Manage Team said (a page holds 10).
    await expect(reportees.getByRole('checkbox', { name: /^Select EI/ })).toHaveCount(Math.min(pending, 10));
    await expect(reportees.locator('tbody tr').filter({ hasNotText: code })).toHaveCount(0);
    await screenshot(page, 'reportee-list');
    await expectNoSeriousA11yViolations(page);

    // Sorting by a column header reorders rows.
    await reportees.getByRole('button', { name: 'Name' }).click();
    await expect(reportees.getByRole('columnheader', { name: 'Name' })).toHaveAttribute('aria-sort', 'ascending');

    await reportees
      .getByRole('checkbox', { name: /^Select EI/ })
      .first()
      .check();
    await page.getByRole('button', { name: 'Accept' }).click();
    await expect(page).toHaveURL(/\/manageteam$/);
    await expect(messageDialog(page)).toContainText(`1 reportee accepted for ${manager}`);
    await closeDialog(page);

    // The request keeps one reportee fewer, or leaves the list once its last reportee is decided.
    await expectLoaded(team);
    await page.getByRole('searchbox', { name: 'Search Manage Team' }).fill(code);
    if (pending === 1) {
      await expect(team.getByText('No data to display')).toBeVisible();
    } else {
      await expect(team.getByRole('link', { name: `Open ${code} of ${manager}` })).toBeVisible();
      expect(await cellOf(team, code, 'Pending')).toBe(String(pending - 1));
    }
  });

  test('the whole workflow: asm requests, zsm rejects and accepts, mapped partners and the dashboard follow', async ({ browser }) => {
    const asm = await browser.newPage();
    await signIn(asm, 'demo.asm', '/requesterview');
    const partners = namedTable(asm, 'Unmapped partners');
    const free = partners.getByRole('checkbox', { name: /^Select EI/ }).and(asm.locator(':enabled'));
    await expect(free.first()).toBeVisible();
    const codes: string[] = [];
    for (const box of (await free.all()).slice(0, 2))
      codes.push(/Select (EI\d+)/.exec((await box.getAttribute('aria-label')) ?? '')?.[1] ?? '');
    expect(codes).toHaveLength(2);
    for (const code of codes) await partners.getByRole('checkbox', { name: new RegExp(`^Select ${code} `) }).check();
    const managers = asm.getByRole('radiogroup', { name: 'Manager' });
    const target = managers.getByRole('radio').last();
    const targetLabel = (await target.getAttribute('value')) ?? '';
    await target.check();
    await asm.getByRole('button', { name: 'Submit' }).click();
    const raised = /Mapping request (MR\d{6})/.exec((await messageDialog(asm).innerText()) ?? '')?.[1] ?? '';
    expect(raised).not.toBe('');
    await asm.close();

    const zsm = await browser.newPage();
    await signIn(zsm, 'demo.zsm', '/manageteam');
    await namedTable(zsm, 'Manage Team')
      .getByRole('link', { name: new RegExp(`^Open ${raised} of `) })
      .click();
    await expect(zsm.getByText(`(${targetLabel})`)).toBeVisible();
    const reportees = namedTable(zsm, 'Reportees');
    await reportees.getByRole('checkbox', { name: new RegExp(`^Select ${codes[1]} `) }).check();
    await zsm.getByRole('button', { name: 'Reject' }).click();
    await expect(messageDialog(zsm)).toContainText('1 reportee rejected');
    await closeDialog(zsm);
    await namedTable(zsm, 'Manage Team')
      .getByRole('link', { name: new RegExp(`^Open ${raised} of `) })
      .click();
    await reportees.getByRole('checkbox', { name: new RegExp(`^Select ${codes[0]} `) }).check();
    await zsm.getByRole('button', { name: 'Accept' }).click();
    await expect(messageDialog(zsm)).toContainText('1 reportee accepted');
    await closeDialog(zsm);

    // Mapped as on today includes the accepted partner; the rejected one is not mapped.
    await zsm.goto('/mappedpartners');
    const mapped = namedTable(zsm, 'Mapped Partners');
    await expect(mapped.locator('tbody tr').first()).toBeVisible();
    const search = zsm.getByRole('searchbox', { name: 'Search Mapped Partners' });
    const posCode = (code: string) => code.replace('EI', 'POS');
    await search.fill(posCode(codes[0] ?? ''));
    await expect(mapped.locator('tbody tr')).toHaveCount(1);
    await search.fill(posCode(codes[1] ?? ''));
    await expect(mapped.getByText('No data to display')).toBeVisible();

    // Yesterday the accepted partner was not mapped yet.
    const yesterday = kolkataDay(-1);
    await zsm.goto(`/mappedpartners?selected_date=${yesterday}`);
    await expect(mapped.locator('tbody tr').first()).toBeVisible();
    await search.fill(posCode(codes[0] ?? ''));
    await expect(mapped.getByText('No data to display')).toBeVisible();

    // The mapping dashboard counts the accepted and the rejected item for the target manager.
    await zsm.goto('/analytics');
    const analytics = namedTable(zsm, 'Analytics report');
    await zsm.getByRole('searchbox', { name: 'Search Analytics report' }).fill(targetLabel);
    const row = analytics.locator('tbody tr').first();
    await expect(row).toContainText(targetLabel);
    const cells = await row.locator('td').allInnerTexts();
    expect(Number(cells[2])).toBeGreaterThanOrEqual(1); // Accepted
    expect(Number(cells[3])).toBeGreaterThanOrEqual(1); // Rejected
    await zsm.close();
  });

  test('Mapping Dashboard: Online over 8 columns, Offline over 2, sanitised HTML cells', async ({ page }) => {
    await signIn(page, 'demo.asm', '/analytics');
    await expect(page.getByRole('heading', { name: 'Analytics report' })).toBeVisible();
    const analytics = namedTable(page, 'Analytics report');
    await expect(analytics.locator('thead th[scope="colgroup"]', { hasText: /^Online$/ })).toHaveAttribute('colspan', '8');
    await expect(analytics.locator('thead th[scope="colgroup"]', { hasText: /^Offline$/ })).toHaveAttribute('colspan', '2');
    await expect(analytics.locator('tbody tr').first()).toBeVisible();
    await expect(analytics.locator('tbody tr td:first-child strong').first()).toBeVisible();
    await expect(analytics.locator('script, img, a')).toHaveCount(0);
    await expect(page.getByRole('searchbox', { name: 'Search Analytics report' })).toBeVisible();
    await screenshot(page, 'analytics');
    await expectNoSeriousA11yViolations(page);
    await analytics.getByRole('button', { name: 'Requests Raised' }).click();
    await expect(analytics.getByRole('columnheader', { name: 'Requests Raised' })).toHaveAttribute('aria-sort', 'ascending');

    // The server sorts every row, not the page: fewest requests raised first (the default order is most first),
    // then most offline mappings in force first.
    const inOrder = (nth: number, step: (before: number, after: number) => boolean) => async () => {
      const values = (await analytics.locator(`tbody tr td:nth-child(${nth})`).allInnerTexts()).map(Number);
      return values.length > 1 && values.every((v, i) => i === 0 || step(values[i - 1] ?? 0, v));
    };
    await expect.poll(inOrder(2, (before, after) => before <= after)).toBe(true);
    const totalOffline = analytics.getByRole('button', { name: 'Total Offline' });
    await totalOffline.click();
    await totalOffline.click();
    await expect(analytics.getByRole('columnheader', { name: 'Total Offline' })).toHaveAttribute('aria-sort', 'descending');
    await expect.poll(inOrder(11, (before, after) => before >= after)).toBe(true);
    // A search that finds nothing says so and keeps its box, to be cleared.
    const search = page.getByRole('searchbox', { name: 'Search Analytics report' });
    await search.fill('no such manager');
    await expect(analytics.getByText('No data to display')).toBeVisible();
    await search.fill('');
    await expect(analytics.locator('tbody tr td:first-child strong').first()).toBeVisible();
  });

  test('the supervisor branch: empty screens say so, the dashboard hides its search', async ({ page }) => {
    await signIn(page, 'demo.supervisor', '/manageteam');
    await expect(namedTable(page, 'Manage Team').getByText('No data to display')).toBeVisible();
    await page.goto('/analytics');
    await expect(namedTable(page, 'Analytics report').getByText('No data to display')).toBeVisible();
    await expect(page.getByRole('searchbox', { name: 'Search Analytics report' })).toHaveCount(0);
    await page.goto('/mappedpartners');
    await expect(namedTable(page, 'Mapped Partners').getByText('No data to display')).toBeVisible();
    await page.goto('/requesterview');
    await expect(namedTable(page, 'Unmapped partners').locator('tbody tr').first()).toBeVisible();
    await expect(page.getByRole('button', { name: 'Submit' })).toBeDisabled();
  });

  test('role 204 is refused the management screens by the server', async ({ page }) => {
    await signIn(page, 'demo.r204', '/manageteam');
    await expect(messageDialog(page)).toContainText('Manage Team is not available to your role');
  });
});
