import { expect, test, type Page } from '@playwright/test';
import { DEMO_PASSWORD } from './helpers';

/**
 * The team and partner management screens (spec 000 §2) against the demo organisation: demo.asm
 * (designation asm, with demo requests of demo.rm and demo.tl to decide), demo.zsm above it,
 * demo.r204 (life-only role) and demo.supervisor (a call-centre branch without partners).
 * Tests tagged @mobile also run at 375px.
 */

const SHOTS = process.env.TEAM_SHOTS_DIR;

interface Session {
  token: string;
  user: { code: string; first_name: string; last_name: string; email: string; user_type: string; tier: string; registration_date: string };
}
// One sign-in per demo user and worker: the sign-in rate limit (10 a minute) would refuse more.
const sessions = new Map<string, Session>();

/** Signs in through the API once per user, puts the session where the app keeps it, opens `path`. */
async function signIn(page: Page, login: string, path: string): Promise<void> {
  let session = sessions.get(login);
  if (!session) {
    const res = await page.request.post('/accounts/api/v1/login/', { data: { username: login, password: DEMO_PASSWORD } });
    expect(res.status()).toBe(200);
    session = (await res.json()) as Session;
    sessions.set(login, session);
  }
  const { token, user } = session;
  await page.addInitScript(
    ([t, u]) => {
      if (localStorage.getItem('token') === t) return;
      localStorage.setItem('token', t);
      localStorage.setItem('code', u.code);
      localStorage.setItem('first_name', u.first_name);
      localStorage.setItem('last_name', u.last_name);
      localStorage.setItem('email', u.email);
      localStorage.setItem('user_type', u.user_type);
      localStorage.setItem('tier', u.tier);
      localStorage.setItem('registration_date', u.registration_date);
    },
    [token, user] as const,
  );
  await page.goto(path);
}

async function shot(page: Page, name: string): Promise<void> {
  if (!SHOTS) return;
  const width = page.viewportSize()?.width ?? 0;
  await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: true });
}

const table = (page: Page, name: string) => page.getByRole('table', { name });
const dialog = (page: Page) => page.getByRole('dialog');

async function closeDialog(page: Page): Promise<void> {
  await dialog(page).getByRole('button', { name: 'Close', exact: true }).click();
  await expect(dialog(page)).toBeHidden();
}

function monthBounds(): { first: string; last: string } {
  // India time, like the app.
  const now = new Date(Date.now() + 330 * 60_000);
  const y = now.getUTCFullYear();
  const m = now.getUTCMonth();
  const pad = (n: number) => String(n).padStart(2, '0');
  const lastDay = new Date(Date.UTC(y, m + 1, 0)).getUTCDate();
  return { first: `${y}-${pad(m + 1)}-01`, last: `${y}-${pad(m + 1)}-${pad(lastDay)}` };
}

test.describe('team and partner management', () => {
  test('Life Renewals Report: role 204, current month by default, date and month filters @mobile', async ({ page }) => {
    await signIn(page, 'demo.r204', '/liferenewalsreport');
    await expect(page.getByRole('heading', { name: 'Life Renewals Report' })).toBeVisible();
    const renewals = table(page, 'Life Renewals Report');
    for (const header of ['User Id', 'Renewal Due NOP', 'Renewal Due Premium']) {
      await expect(renewals.getByRole('columnheader', { name: header })).toBeVisible();
    }
    await expect(renewals.locator('tbody tr').first()).toBeVisible();
    await shot(page, 'life-renewals');

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
    const renewals = table(page, 'Life Renewals Report');
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
    const partners = table(page, 'Mapped Partners');
    for (const header of ['Name', 'Partner Code', 'Life POS Certified', 'Mapped RB FLS', 'Contact']) {
      await expect(partners.getByRole('columnheader', { name: header })).toBeVisible();
    }
    await expect(partners.locator('tbody tr')).toHaveCount(10);
    await expect(page.getByRole('button', { name: 'Page 1' })).toBeVisible();
    await shot(page, 'mapped-partners');

    const name = (await partners.locator('tbody tr td:first-child').first().innerText()).trim();
    await page.getByRole('searchbox', { name: 'Search Mapped Partners' }).fill(name.toUpperCase());
    await expect(partners.locator('tbody tr').first()).toContainText(name);

    await partners.getByRole('button', { name: `Check Reporting for ${name}` }).first().click();
    await expect(dialog(page)).toContainText('Reporting Managers');
    await expect(dialog(page)).toContainText(/1: .+, Partner to|Reporting Not Found/);
    await shot(page, 'mapped-partners-reporting');
    await closeDialog(page);

    await partners.getByRole('button', { name: `Mobile number of ${name}` }).first().click();
    await expect(dialog(page)).toContainText('Success');
    await expect(dialog(page)).toContainText(/Mobile Number: \d{10}/);
    const narrow = (page.viewportSize()?.width ?? 1280) <= 767;
    await expect(dialog(page).getByRole('link', { name: /\d{10}/ })).toHaveCount(narrow ? 1 : 0);
    await closeDialog(page);
  });

  test('Mapped Partners: as on a date before any mapping is empty', async ({ page }) => {
    await signIn(page, 'demo.asm', '/mappedpartners?selected_date=2015-01-01');
    await expect(table(page, 'Mapped Partners').getByText('No data to display')).toBeVisible();
  });

  test('Requester view: asm product radio, disabled Submit, submit and cancel a mapping @mobile', async ({ page }) => {
    await signIn(page, 'demo.asm', '/requesterview');
    await expect(page.getByRole('heading', { name: 'Requester View' })).toBeVisible();
    await expect(page.getByRole('radio', { name: 'Motor' })).toBeChecked();
    const submit = page.getByRole('button', { name: 'Submit' });
    await expect(submit).toBeDisabled();
    const partners = table(page, 'Unmapped partners');
    await expect(partners.locator('tbody tr').first()).toBeVisible();
    await expect(page.getByRole('radiogroup', { name: 'Manager' })).toHaveCount(0);

    // A free partner (no pending request): its checkbox is enabled.
    const free = partners.getByRole('checkbox', { name: /^Select EI/ }).and(page.locator(':enabled')).first();
    await free.check();
    await expect(page.getByText('1 selected')).toBeVisible();
    await expect(submit).toBeDisabled();
    const managers = page.getByRole('radiogroup', { name: 'Manager' });
    await expect(managers.getByRole('radio').first()).toBeVisible();
    await managers.getByRole('radio').first().check();
    await expect(submit).toBeEnabled();
    await shot(page, 'requester-view');

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
    await expect(dialog(page)).toContainText(/Mapping request MR\d{6} raised: 1 partner to/);
    await closeDialog(page);

    // Reloaded: the partner now waits in the request and the requester may withdraw it.
    const row = partners.locator('tbody tr', { hasText: code });
    await expect(row).toContainText(/MR\d{6}/);
    await expect(page.getByText('0 selected')).toBeVisible();
    await row.getByRole('button', { name: 'Cancel mapping' }).click();
    await expect(dialog(page)).toContainText(new RegExp(`Mapping request MR\\d{6} for ${code} cancelled`));
    await closeDialog(page);
    await expect(row.getByRole('button', { name: 'Cancel mapping' })).toHaveCount(0);
  });

  test('Manage Team → Reportee list: accept one reportee, back to Manage Team @mobile', async ({ page }) => {
    await signIn(page, 'demo.asm', '/manageteam');
    await expect(page.getByRole('heading', { name: 'Manage Team' })).toBeVisible();
    const team = table(page, 'Manage Team');
    await expect(team.locator('tbody tr').first()).toBeVisible();
    const before = await team.locator('tbody tr').count();
    await shot(page, 'manage-team');

    await team.getByRole('link', { name: /^Open MR\d{6} of / }).first().click();
    await expect(page).toHaveURL(/\/reporteelist\?id=.+&unique_code=[A-Z]+\d+&request_raised=MR\d{6}/);
    await expect(page.getByText(/^Name : .+ \([A-Z]+\d+\)$/)).toBeVisible();
    const reportees = table(page, 'Reportees');
    await expect(reportees.getByRole('columnheader', { name: 'User Id' })).toBeVisible();
    await expect(reportees.getByRole('columnheader', { name: 'Request Raised' })).toBeVisible();
    const count = await reportees.locator('tbody tr').count();
    await shot(page, 'reportee-list');

    // Sorting by a column header reorders rows.
    await reportees.getByRole('button', { name: 'Name' }).click();
    await expect(reportees.getByRole('columnheader', { name: 'Name' })).toHaveAttribute('aria-sort', 'ascending');

    await reportees.getByRole('checkbox', { name: /^Select EI/ }).first().check();
    await page.getByRole('button', { name: 'Accept' }).click();
    await expect(page).toHaveURL(/\/manageteam$/);
    await expect(dialog(page)).toContainText('1 reportee accepted for');
    await closeDialog(page);
    // The request leaves the list once its last reportee is decided.
    await expect(team.locator('tbody tr')).toHaveCount(count === 1 ? before - 1 : before);
  });

  test('the whole workflow: asm requests, zsm rejects and accepts, mapped partners and the dashboard follow', async ({ browser }) => {
    const asm = await browser.newPage();
    await signIn(asm, 'demo.asm', '/requesterview');
    const partners = table(asm, 'Unmapped partners');
    const free = partners.getByRole('checkbox', { name: /^Select EI/ }).and(asm.locator(':enabled'));
    await expect(free.first()).toBeVisible();
    const codes: string[] = [];
    for (const box of (await free.all()).slice(0, 2)) codes.push(/Select (EI\d+)/.exec((await box.getAttribute('aria-label')) ?? '')?.[1] ?? '');
    expect(codes).toHaveLength(2);
    for (const code of codes) await partners.getByRole('checkbox', { name: new RegExp(`^Select ${code} `) }).check();
    const managers = asm.getByRole('radiogroup', { name: 'Manager' });
    const target = managers.getByRole('radio').last();
    const targetLabel = (await target.getAttribute('value')) ?? '';
    await target.check();
    await asm.getByRole('button', { name: 'Submit' }).click();
    const raised = /Mapping request (MR\d{6})/.exec((await dialog(asm).innerText()) ?? '')?.[1] ?? '';
    expect(raised).not.toBe('');
    await asm.close();

    const zsm = await browser.newPage();
    await signIn(zsm, 'demo.zsm', '/manageteam');
    await table(zsm, 'Manage Team').getByRole('link', { name: new RegExp(`^Open ${raised} of `) }).click();
    await expect(zsm.getByText(`(${targetLabel})`)).toBeVisible();
    const reportees = table(zsm, 'Reportees');
    await reportees.getByRole('checkbox', { name: new RegExp(`^Select ${codes[1]} `) }).check();
    await zsm.getByRole('button', { name: 'Reject' }).click();
    await expect(dialog(zsm)).toContainText('1 reportee rejected');
    await closeDialog(zsm);
    await table(zsm, 'Manage Team').getByRole('link', { name: new RegExp(`^Open ${raised} of `) }).click();
    await reportees.getByRole('checkbox', { name: new RegExp(`^Select ${codes[0]} `) }).check();
    await zsm.getByRole('button', { name: 'Accept' }).click();
    await expect(dialog(zsm)).toContainText('1 reportee accepted');
    await closeDialog(zsm);

    // Mapped as on today includes the accepted partner; the rejected one is not mapped.
    await zsm.goto('/mappedpartners');
    const mapped = table(zsm, 'Mapped Partners');
    await expect(mapped.locator('tbody tr').first()).toBeVisible();
    const search = zsm.getByRole('searchbox', { name: 'Search Mapped Partners' });
    const posCode = (code: string) => code.replace('EI', 'POS');
    await search.fill(posCode(codes[0] ?? ''));
    await expect(mapped.locator('tbody tr')).toHaveCount(1);
    await search.fill(posCode(codes[1] ?? ''));
    await expect(mapped.getByText('No data to display')).toBeVisible();

    // Yesterday the accepted partner was not mapped yet.
    const yesterday = new Date(Date.now() + 330 * 60_000 - 86_400_000).toISOString().slice(0, 10);
    await zsm.goto(`/mappedpartners?selected_date=${yesterday}`);
    await expect(mapped.locator('tbody tr').first()).toBeVisible();
    await search.fill(posCode(codes[0] ?? ''));
    await expect(mapped.getByText('No data to display')).toBeVisible();

    // The mapping dashboard counts the accepted and the rejected item for the target manager.
    await zsm.goto('/analytics');
    const analytics = table(zsm, 'Analytics report');
    await zsm.getByRole('searchbox', { name: 'Search Analytics report' }).fill(targetLabel);
    const row = analytics.locator('tbody tr').first();
    await expect(row).toContainText(targetLabel);
    const cells = await row.locator('td').allInnerTexts();
    expect(Number(cells[2])).toBeGreaterThanOrEqual(1); // Accepted
    expect(Number(cells[3])).toBeGreaterThanOrEqual(1); // Rejected
    await zsm.close();
  });

  test('Mapping Dashboard: Online over 8 columns, Offline over 2, sanitised HTML cells @mobile', async ({ page }) => {
    await signIn(page, 'demo.asm', '/analytics');
    await expect(page.getByRole('heading', { name: 'Analytics report' })).toBeVisible();
    const analytics = table(page, 'Analytics report');
    await expect(analytics.locator('thead th[scope="colgroup"]', { hasText: /^Online$/ })).toHaveAttribute('colspan', '8');
    await expect(analytics.locator('thead th[scope="colgroup"]', { hasText: /^Offline$/ })).toHaveAttribute('colspan', '2');
    await expect(analytics.locator('tbody tr').first()).toBeVisible();
    await expect(analytics.locator('tbody tr td:first-child strong').first()).toBeVisible();
    await expect(analytics.locator('script, img, a')).toHaveCount(0);
    await expect(page.getByRole('searchbox', { name: 'Search Analytics report' })).toBeVisible();
    await shot(page, 'analytics');
    await analytics.getByRole('button', { name: 'Requests Raised' }).click();
    await expect(analytics.getByRole('columnheader', { name: 'Requests Raised' })).toHaveAttribute('aria-sort', 'ascending');
  });

  test('the supervisor branch: empty screens say so, the dashboard hides its search', async ({ page }) => {
    await signIn(page, 'demo.supervisor', '/manageteam');
    await expect(table(page, 'Manage Team').getByText('No data to display')).toBeVisible();
    await page.goto('/analytics');
    await expect(table(page, 'Analytics report').getByText('No data to display')).toBeVisible();
    await expect(page.getByRole('searchbox', { name: 'Search Analytics report' })).toHaveCount(0);
    await page.goto('/mappedpartners');
    await expect(table(page, 'Mapped Partners').getByText('No data to display')).toBeVisible();
    await page.goto('/requesterview');
    await expect(table(page, 'Unmapped partners').locator('tbody tr').first()).toBeVisible();
    await expect(page.getByRole('button', { name: 'Submit' })).toBeDisabled();
  });

  test('role 204 is refused the management screens by the server', async ({ page }) => {
    await signIn(page, 'demo.r204', '/manageteam');
    await expect(dialog(page)).toContainText('Manage Team is not available to your role');
  });
});
