import ExcelJS from 'exceljs';
import { readFile } from 'node:fs/promises';
import { expect, type Page } from '@playwright/test';
import {
  cellOf,
  closeDialog,
  expectNoSeriousA11yViolations,
  kolkataDay,
  messageDialog,
  monthStart,
  namedTable,
  screenshot,
  signIn,
  switchUser,
} from './helpers';
import { api, findMail, pickDay, rupee, type ApiReport } from './reports-helpers';
import { test } from './helpers';

/**
 * Reporting screens against the real server and the small demo organisation: dashboard,
 * filters, drill-down with breadcrumbs, table behaviour, downloads, mail, renewal row actions, the
 * mobile number lookup, role 204, and the 375px layout.
 */

const TODAY = kolkataDay();
const YEAR_START = kolkataDay(-300);
const YEAR_RANGE = `start_date=${YEAR_START}&end_date=${TODAY}`;
const dmy = (iso: string) => iso.split('-').reverse().join('/');

function totalOf(report: ApiReport, column: string): number {
  const total = report.data.data.records.find((r) => Object.values(r)[0] === 'Total');
  return Number(total?.[column] ?? NaN);
}

test.describe('reports', () => {
  test('dashboard shows reports 13 and 11 whose figures match the API', async ({ page }) => {
    await signIn(page, 'demo.asm', '/dashboard');
    await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
    const summary = namedTable(page, 'Business summary');
    await expect(summary.getByRole('row').filter({ hasText: /^Total/ })).toBeVisible();
    await expect(namedTable(page, 'Team report summary')).toBeVisible();
    // Date picker hidden on the Dashboard screen.
    await expect(page.getByRole('form', { name: 'Date range' })).toHaveCount(0);

    const { body } = await api<ApiReport>(page, '/api/reports/13/');
    expect(await cellOf(summary, /^Total/, 'Total Premium')).toBe(rupee(totalOf(body, 'Total Premium')));
    expect(await cellOf(summary, /^Total/, 'Policies count')).toBe(totalOf(body, 'Policies count').toLocaleString('en-IN'));
    await expect(page.getByRole('img', { name: 'Total Premium, last 12 months' })).toBeVisible();
    await expect(page.getByText(/^Data as of \d{1,2} [A-Z][a-z]{2} \d{4} \d{1,2}:\d{2} [AP]M$/).first()).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    // Width 6: side by side from 1200px (ux-layout.spec.ts checks 1280px and 375px); at 1600px both fit whole.
    const sideBySide = async () => {
      const [a, b] = await Promise.all(
        ['Business summary', 'Team report summary'].map((n) => page.getByRole('region', { name: n }).boundingBox()),
      );
      return Boolean(a && b && Math.abs(a.y - b.y) < 2 && b.x >= a.x + a.width);
    };
    expect(await sideBySide()).toBe(true);
    const scrollsSideways = (table: typeof summary) =>
      table.evaluate((el) => {
        const scroller = el.closest('.mantine-TableScrollContainer-scrollContainer');
        return scroller !== null && scroller.scrollWidth > scroller.clientWidth + 1;
      });
    await page.setViewportSize({ width: 1600, height: 900 });
    await expect.poll(sideBySide).toBe(true);
    await expect.poll(() => scrollsSideways(summary)).toBe(false);
  });

  test('changing the dates and the filters changes the URL and the figures, which match the API', async ({ page }) => {
    await signIn(page, 'demo.asm', '/reports/1/');
    const summary = namedTable(page, 'Business summary');
    await expect(summary.getByRole('row').filter({ hasText: /^Total/ })).toBeVisible();
    const before = await cellOf(summary, /^Total/, 'Total Premium');

    // Last month, chosen on the calendar (the fields are read-only).
    const start = monthStart(kolkataDay(-40));
    const end = kolkataDay(-1);
    const form = page.getByRole('form', { name: 'Date range' }).first();
    await pickDay(page, form.getByLabel('Start date'), start);
    await pickDay(page, form.getByLabel('End date'), end);
    await form.getByRole('button', { name: 'Submit' }).click();
    await expect(page).toHaveURL(new RegExp(`/reports/1/\\?start_date=${start}&end_date=${end}$`));
    const ranged = (await api<{ reports: ApiReport[] }>(page, `/api/reports/1/?start_date=${start}&end_date=${end}`)).body.reports[0];
    if (!ranged) throw new Error('no business summary');
    await expect.poll(() => cellOf(summary, /^Total/, 'Total Premium')).toBe(rupee(totalOf(ranged, 'Total Premium')));
    expect(rupee(totalOf(ranged, 'Total Premium'))).not.toBe(before);

    // Business type: only New Business. Saved on Submit, applied through the report filter call.
    await form.getByRole('button', { name: /^Business Type:/ }).click();
    const choices = page.getByRole('group', { name: 'Business Type' });
    // The saved choice (none: all) is restored a moment after the form shows; a click before that is undone.
    await expect(choices.getByRole('checkbox', { name: 'All' })).toBeChecked();
    await choices.getByRole('checkbox', { name: 'All' }).uncheck();
    await choices.getByRole('checkbox', { name: 'New Business' }).check();
    await page.keyboard.press('Escape');
    await expect(form.getByRole('button', { name: 'Business Type: New Business' })).toBeVisible();
    const filtered = page.waitForResponse((r) => r.url().includes('/api/dashboard/report_filter/13/') && r.status() === 200);
    await form.getByRole('button', { name: 'Submit' }).click();
    const filteredBody = (await (await filtered).json()) as ApiReport;
    expect(await page.evaluate(() => localStorage.getItem('business_type'))).toBe('[1]');
    const newBusiness = filteredBody.data.data.records.find((r) => r['Business Type'] === 'New Business');
    await expect.poll(() => cellOf(summary, /^Total/, 'Total Premium')).toBe(rupee(totalOf(filteredBody, 'Total Premium')));
    expect(totalOf(filteredBody, 'Total Premium')).toBe(Number(newBusiness?.['Total Premium']));
    const api13 = await api<ApiReport>(page, '/api/dashboard/report_filter/13/', {
      method: 'POST',
      body: { business_type: [1], start_date: start, end_date: end },
    });
    expect(totalOf(api13.body, 'Total Premium')).toBe(totalOf(filteredBody, 'Total Premium'));

    // The choice comes back about 500 ms after a reload.
    await page.reload();
    await expect(
      page.getByRole('form', { name: 'Date range' }).first().getByRole('button', { name: 'Business Type: New Business' }),
    ).toBeVisible();

    // Products: Apply puts product_type_id in the address.
    await page.getByRole('button', { name: 'Products: All Products Selected' }).click();
    const products = page.getByRole('group', { name: 'Products' });
    await products.getByRole('checkbox', { name: 'All' }).uncheck();
    await products.getByRole('checkbox', { name: 'Two Wheeler Comprehensive' }).check();
    await products.getByRole('checkbox', { name: 'Four Wheeler Comprehensive' }).check();
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Apply' }).click();
    await expect(page).toHaveURL(new RegExp(`start_date=${start}&end_date=${end}&product_type_id=9,10$`));
    await expect(page.getByRole('button', { name: 'Products: Two Wheeler Comprehensive, Four Wheeler Comprehensive' })).toBeVisible();
  });

  test('drill from team to partner to the executive report and back through the breadcrumbs', async ({ page }) => {
    await signIn(page, 'demo.asm', `/reports/1/?${YEAR_RANGE}`);
    await expect(page.getByRole('navigation', { name: 'Breadcrumb' })).toHaveCount(0);
    const team = namedTable(page, 'Team report summary');
    const tl = team.getByRole('link', { name: /^TL\d+$/ }).first();
    const tlCode = await tl.innerText();
    await tl.click();
    await expect(page).toHaveURL(new RegExp(`/reports/11/${tlCode}\\?${YEAR_RANGE}`));
    const crumbs = page.getByRole('navigation', { name: 'Breadcrumb' });
    await expect(crumbs.getByRole('link', { name: 'Home' })).toBeVisible();

    const rm = namedTable(page, 'Team report summary')
      .getByRole('link', { name: /^RM\d+$/ })
      .first();
    const rmCode = await rm.innerText();
    await rm.click();
    await expect(page).toHaveURL(new RegExp(`/reports/11/${rmCode}\\?`));
    await expect(crumbs.getByRole('link')).toHaveCount(2);

    const partner = namedTable(page, 'Team report summary')
      .getByRole('link', { name: /^EI\d+$/ })
      .first();
    const partnerCode = await partner.innerText();
    await partner.click();
    await expect(page).toHaveURL(new RegExp(`/reports/37/${partnerCode}\\?${YEAR_RANGE}`));
    await expect(page.getByRole('heading', { name: 'Executive report', level: 1 })).toBeVisible();
    await expect(crumbs.getByRole('link')).toHaveCount(3);
    await expect(crumbs.locator('[aria-current="page"]')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Renewal dues' })).toHaveAttribute('href', `/reports/38/${partnerCode}`);

    // Back to the RM: the trail is cut after the RM's entry.
    const rmCrumb = crumbs.getByRole('link').nth(2);
    await rmCrumb.click();
    await expect(page).toHaveURL(new RegExp(`/reports/11/${rmCode}\\?${YEAR_RANGE}`));
    await expect(crumbs.getByRole('link')).toHaveCount(2);
    const trail = JSON.parse((await page.evaluate(() => localStorage.getItem('breadcrums'))) ?? '[]') as { account_id: string }[];
    expect(trail.map((c) => c.account_id).slice(1)).toEqual([tlCode, rmCode]);

    await crumbs.getByRole('link', { name: 'Home' }).click();
    await expect(page).toHaveURL(new RegExp(`/reports/1/\\?${YEAR_RANGE}`));
    await expect(page.getByRole('navigation', { name: 'Breadcrumb' })).toHaveCount(0);
  });

  test('search, sort and page a report table', async ({ page }) => {
    await signIn(page, 'demo.asm');
    const partner = await busiestPartner(page);
    await page.goto(`/reports/37/${partner.code}?${YEAR_RANGE}`);
    const table = namedTable(page, 'Executive report');
    const records = partner.report.data.data.records;
    await expect(page.getByText(`1–10 of ${records.length}`)).toBeVisible();
    await expect(table.getByRole('row')).toHaveCount(11);

    // Total Premium sorts by amount (k / lac undone), descending on the second click.
    await table.getByRole('button', { name: /^Total Premium/ }).click();
    await table.getByRole('button', { name: /^Total Premium/ }).click();
    await expect(table.getByRole('columnheader', { name: /^Total Premium/ })).toHaveAttribute('aria-sort', 'descending');
    const amounts = records.map((r) => Number(r['Total Premium'])).sort((a, b) => b - a);
    await expect.poll(() => cellOf(table, /pay_/, 'Total Premium')).toBe(rupee(amounts[0] ?? 0));

    // Pages from 1; 10, 20, 50 or 100 rows.
    await page.getByRole('combobox', { name: 'Rows per page' }).click();
    await page.getByRole('option', { name: '20' }).click();
    await expect(page.getByText(`1–20 of ${records.length}`)).toBeVisible();
    await page.getByRole('button', { name: 'Page 2' }).click();
    await expect(page.getByText(`21–${Math.min(40, records.length)} of ${records.length}`)).toBeVisible();
    await expect.poll(() => cellOf(table, /pay_/, 'Total Premium')).toBe(rupee(amounts[20] ?? 0));

    // Search: trimmed and case-insensitive.
    const customer = String(records[0]?.Customer);
    await page.getByRole('searchbox', { name: 'Search Executive report' }).fill(`  ${customer.toUpperCase()}  `);
    const expected = records.filter((r) => Object.values(r).some((v) => String(v).toLowerCase().includes(customer.toLowerCase()))).length;
    await expect(table.getByRole('row')).toHaveCount(Math.min(expected, 20) + 1);
  });

  test('executive rows: Pay Now for renewals awaiting payment, sales promotion view with day/month/year dates', async ({ page }) => {
    await signIn(page, 'demo.asm');
    const partner = await partnerWith(page, (r) => Boolean(r['One Click Url']));
    await page.goto(`/reports/37/${partner.code}?${YEAR_RANGE}`);
    const awaiting = partner.report.data.data.records.find((r) => r['One Click Url']);
    if (!awaiting) throw new Error('no renewal awaiting payment');
    await page.getByRole('searchbox', { name: 'Search Executive report' }).fill(String(awaiting['Payment Id']));
    const table = namedTable(page, 'Executive report');
    // Payment ids are unique: wait for the search to leave the one row (a strict locator fails at once on two).
    await expect(table.getByRole('row')).toHaveCount(2);
    await expect(table.getByRole('link', { name: 'Pay Now' })).toHaveAttribute('href', String(awaiting['One Click Url']));
    const view = table.getByRole('link', { name: `Sales promotion view of ${String(awaiting.view)}` });
    const href = new URL((await view.getAttribute('href')) ?? '', 'http://x');
    expect(href.searchParams.get('rm_code')).toMatch(/^ASM/);
    expect(href.searchParams.get('start_date')).toMatch(/^\d{2}\/\d{2}\/\d{4}$/);
    expect(href.searchParams.get('end_date')).toBe(`${TODAY.slice(8, 10)}/${TODAY.slice(5, 7)}/${TODAY.slice(0, 4)}`);
    await expect(
      table.getByRole('button', { name: `Email renewal notice for ${String(awaiting['Payment Id'])}`, exact: true }),
    ).toBeVisible();
  });

  test('the dropdown filter keeps User Id and Name and the columns starting with the choice', async ({ page }) => {
    await signIn(page, 'demo.asm', `/reports/1/?${YEAR_RANGE}`);
    const panel = page.getByRole('region', { name: 'User insurer wise business' });
    const table = namedTable(page, 'User insurer wise business');
    const headers = async () => (await table.getByRole('columnheader').allInnerTexts()).map((h) => h.replace(/[↕▲▼]/g, '').trim());
    await expect(table.getByRole('columnheader', { name: 'Total' })).toBeVisible();
    const all = await headers();
    const insurer = all[2] ?? '';
    await panel.getByRole('combobox', { name: 'Select Insurer column' }).click();
    await page.getByRole('option', { name: insurer, exact: true }).click();
    await expect.poll(headers).toEqual(['User Id', 'Name', ...all.filter((h) => h.startsWith(insurer))]);
    await expect(panel.getByText('Note: Data is refreshed every 5 minutes')).toBeVisible();
  });

  test('download CSV and XLSX of all rows and read them back', async ({ page }) => {
    await signIn(page, 'demo.asm');
    const partner = await busiestPartner(page);
    await page.goto(`/reports/37/${partner.code}?${YEAR_RANGE}`);
    const rows = partner.report.data.data.records;

    for (const format of ['CSV', 'Excel (XLSX)'] as const) {
      await page.getByRole('button', { name: 'Download Report: Executive report' }).click();
      const download = page.waitForEvent('download');
      await page.getByRole('menuitem', { name: format }).click();
      const file = await download;
      const path = await file.path();
      if (format === 'CSV') {
        expect(file.suggestedFilename()).toMatch(/^executive-report_.*\.csv$/);
        const lines = (await readFile(path, 'utf8'))
          .replace(/^\uFEFF/, '')
          .trim()
          .split(/\r?\n/);
        expect(lines).toHaveLength(rows.length + 1);
        expect(lines[0]).toContain('Payment Id');
        expect(lines.slice(1).map((l) => l.split(',')[0])).toEqual(rows.map((r) => r['Payment Id']));
      } else {
        expect(file.suggestedFilename()).toMatch(/\.xlsx$/);
        const wb = new ExcelJS.Workbook();
        await wb.xlsx.readFile(path);
        const sheet = wb.worksheets[0];
        expect(sheet?.rowCount).toBe(rows.length + 1);
        expect(sheet?.getRow(2).getCell(1).value).toBe(rows[0]?.['Payment Id']);
        // What the file holds, for whoever opens it later: the period and the way back to this screen.
        const about = wb.getWorksheet('About');
        const value = (label: string) =>
          about
            ?.getRows(1, about.rowCount)
            ?.find((r) => r.getCell(1).value === label)
            ?.getCell(2).value;
        expect(value('Report')).toBe('Executive report');
        expect(value('Period')).toBe(`${dmy(YEAR_START)} to ${dmy(TODAY)}`);
        expect(value('Open it on Dossier')).toEqual(
          expect.stringMatching(
            new RegExp(`^http://localhost:\\d+/reports/37/${partner.code}\\?start_date=${YEAR_START}&end_date=${TODAY}$`),
          ),
        );
      }
    }

    // A search narrows the download to the rows it leaves; one that leaves none gives 'No Data Found !!'.
    const paymentId = String(rows[0]?.['Payment Id']);
    const search = page.getByRole('searchbox', { name: 'Search Executive report' });
    await search.fill(paymentId);
    await expect(namedTable(page, 'Executive report').getByRole('row')).toHaveCount(2);
    await page.getByRole('button', { name: 'Download Report: Executive report' }).click();
    const narrowed = page.waitForEvent('download');
    await page.getByRole('menuitem', { name: 'CSV' }).click();
    const lines = (await readFile(await (await narrowed).path(), 'utf8'))
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/);
    expect(lines.slice(1).map((l) => l.split(',')[0])).toEqual([paymentId]);
    await search.fill('no row has this text');
    await expect(namedTable(page, 'Executive report')).toContainText('No data to display');
    await page.getByRole('button', { name: 'Download Report: Executive report' }).click();
    await page.getByRole('menuitem', { name: 'CSV' }).click();
    await expect(messageDialog(page, 'No Data Found !!')).toBeVisible();
  });

  test('email a report and find it in the outbox', async ({ page }) => {
    await signIn(page, 'demo.asm', `/reports/11/?${YEAR_RANGE}`);
    await page.getByRole('button', { name: 'Email Team report summary' }).click();
    await page.getByRole('menuitem', { name: 'Send now' }).click();
    const dialog = messageDialog(page, 'Info');
    await expect(dialog).toContainText('Report will be sent on your email shortly');
    await closeDialog(page);
    // The period as the screen shows dates, up to today, and what growth compares with.
    const mail = await findMail((t) => t.includes(`Subject: Team report summary (${dmy(YEAR_START)} to ${dmy(TODAY)})`));
    expect(mail).toContain('.xlsx');
    expect(mail).toContain(`Period ${dmy(YEAR_START)} to ${dmy(TODAY)}; growth compared with `);
  });

  test('renewal dues: notice PDF, messaging-app link, notice email, and the missing-link message', async ({ page, context }) => {
    await signIn(page, 'demo.asm');
    const due = await renewalWithLink(page);
    await context.route('https://wa.me/**', (route) => route.fulfill({ contentType: 'text/plain', body: 'messaging app' }));
    await page.goto(`/reports/38/?start_date=${due.start}&end_date=${due.end}`);
    const table = namedTable(page, 'Renewal dues');
    await page.getByRole('searchbox', { name: 'Search Renewal dues' }).fill(due.policy);
    await expect(table.getByRole('row')).toHaveCount(2);

    const pdfTab = context.waitForEvent('page');
    await page.getByRole('button', { name: `Renewal notice for ${due.policy}`, exact: true }).click();
    const tab = await pdfTab;
    await expect.poll(() => tab.url()).toMatch(/\/api\/v2\/renewal_notice\/\d+\/document\/\?expires=\d+&signature=/);
    const pdf = await page.request.get(tab.url());
    expect(pdf.headers()['content-type']).toBe('application/pdf');
    expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-');
    await tab.close();

    const shareTab = context.waitForEvent('page');
    await page.getByRole('button', { name: `Share renewal link for ${due.policy}`, exact: true }).click();
    const share = await shareTab;
    await expect.poll(() => share.url()).toMatch(/^https:\/\/wa\.me\/\?text=/);
    expect(decodeURIComponent(new URL(share.url()).searchParams.get('text') ?? '')).toContain(due.policy);
    await share.close();

    await page.getByRole('button', { name: `Email renewal notice for ${due.policy}`, exact: true }).click();
    const sent = messageDialog(page, 'Success');
    await expect(sent).toContainText('Email is sent to resepective partner and customer Successfully');
    await closeDialog(page);
    const mail = await findMail((t) => t.includes(`Subject: Renewal notice:`) && t.includes(due.policy.replace(/\//g, '/')));
    expect(mail).toContain('application/pdf');

    // A policy without a renewal link: 'renewal link not exists in system !!' (docs/product/renewals.md, 'Renewal row actions').
    await page.getByRole('searchbox', { name: 'Search Renewal dues' }).fill(due.without);
    const noTab = context.waitForEvent('page');
    await page.getByRole('button', { name: `Share renewal link for ${due.without}`, exact: true }).click();
    // The tab opened at the click closes again when there is no link.
    await expect.poll(async () => (await noTab).isClosed()).toBe(true);
    await expect(messageDialog(page, 'Error')).toContainText('renewal link not exists in system !!');
  });

  test('mobile number lookup: own partner shows the number, a foreign one is refused', async ({ page }) => {
    await signIn(page, 'demo.asm');
    const asmCode = (await page.evaluate(() => localStorage.getItem('code'))) ?? '';
    await switchUser(page, 'demo.head');
    const foreign = await foreignPartner(page, asmCode);
    await switchUser(page, 'demo.asm');
    const rm = await rmWithPartners(page);
    await page.goto(`/reports/11/${rm}?${YEAR_RANGE}`);
    const table = namedTable(page, 'Team report summary');
    await table
      .getByRole('button', { name: /^Mobile number of / })
      .first()
      .click();
    const ok = messageDialog(page, 'Success');
    await expect(ok).toContainText(/Mobile Number: [+\d][\d -]{7,}/);
    await closeDialog(page);

    // A partner outside the team shows up (e.g. remapped since the report was drawn): the server refuses.
    const teamOfRm = (url: URL) => url.pathname === '/api/reports/11/' && url.searchParams.get('account_id') === rm;
    await page.route(teamOfRm, async (route) => {
      const res = await route.fetch();
      const report = (await res.json()) as ApiReport;
      const first = report.data.data.records[0];
      if (first) Object.assign(first, { 'User Id': foreign, account_id: foreign, Name: 'Foreign Partner' });
      await route.fulfill({ response: res, json: report });
    });
    await page.reload();
    await namedTable(page, 'Team report summary').getByRole('button', { name: 'Mobile number of Foreign Partner' }).click();
    await expect(messageDialog(page, 'Error')).toContainText('You are not authorized to access this mobile number');
  });

  test('partner summary hands off for EI ids; role 204 gets no partner summary link', async ({ page, context }) => {
    await signIn(page, 'demo.asm');
    const rm = await rmWithPartners(page);
    await page.goto(`/reports/11/${rm}?${YEAR_RANGE}`);
    const summary = namedTable(page, 'Team report summary')
      .getByRole('button', { name: /^Partner summary of EI/ })
      .first();
    const popup = context.waitForEvent('page');
    await summary.click();
    const portal = await popup;
    await expect(portal.getByText(/Signed in as .* by hand-off/)).toBeVisible();
    await portal.close();

    await switchUser(page, 'demo.r204', `/reports/3/?${YEAR_RANGE}`);
    const team = namedTable(page, 'Life issuance team report');
    await expect(team.getByRole('link', { name: /^EI\d+$/ }).first()).toBeVisible();
    await expect(page.getByRole('button', { name: /^Partner summary of/ })).toHaveCount(0);
    // Life Issuance hides the product filter (docs/product/report-screens.md, 'Product filter').
    await expect(page.getByRole('button', { name: /^Products:/ })).toHaveCount(0);
  });

  test('month-picker reports send the whole month', async ({ page }) => {
    await signIn(page, 'demo.asm', '/reports/5/');
    const form = page.getByRole('form', { name: 'Month' });
    await expect(form).toBeVisible();
    await form.getByRole('button', { name: 'Submit' }).click();
    const month = monthStart(TODAY);
    await expect(page).toHaveURL(new RegExp(`start_date=${month}&end_date=${TODAY.slice(0, 7)}-\\d{2}$`));
  });

  test('each screen at 1280px and 375px, keyboard reachable, no page-wide overflow @mobile', async ({ page }) => {
    // Six screens, each loaded with its charts, photographed and checked with axe: about 30 s.
    test.slow();
    await signIn(page, 'demo.asm');
    const partner = await busiestPartner(page);
    const screens: [string, string][] = [
      ['dashboard', '/dashboard'],
      ['business-dashboard', `/reports/1/?${YEAR_RANGE}`],
      ['team-drill', `/reports/11/${await rmWithPartners(page)}?${YEAR_RANGE}`],
      ['executive-report', `/reports/37/${partner.code}?${YEAR_RANGE}`],
      ['renewal-dues', `/reports/38/`],
      ['activation-month', '/reports/4/'],
    ];
    for (const [name, path] of screens) {
      await page.goto(path);
      await expect(page.getByRole('table').first()).toBeVisible();
      await expect(page.getByText('Loading…')).toHaveCount(0);
      // Charts load lazily after the tables.
      await page.waitForLoadState('networkidle');
      await expect(page.locator('.mantine-Skeleton-root')).toHaveCount(0);
      expect(await page.evaluate(() => document.documentElement.scrollWidth), name).toBeLessThanOrEqual(page.viewportSize()?.width ?? 0);
      await screenshot(page, name);
      await expectNoSeriousA11yViolations(page);
    }
    // Keyboard: Tab reaches the first table's search box from the top of the page.
    await page.goto(`/reports/11/?${YEAR_RANGE}`);
    await expect(page.getByRole('searchbox', { name: 'Search Team report summary' })).toBeVisible();
    let reached = false;
    for (let i = 0; i < 60 && !reached; i++) {
      await page.keyboard.press('Tab');
      reached = await page.evaluate(() => document.activeElement?.getAttribute('aria-label') === 'Search Team report summary');
    }
    expect(reached).toBe(true);
    await expectNoSeriousA11yViolations(page);
  });

  test('375px: stacked panels, hidden side menu, tel link for the mobile number @mobile', async ({ page }) => {
    test.skip(test.info().project.name !== 'mobile', 'mobile project only');
    await signIn(page, 'demo.asm', '/dashboard');
    await expect(page.getByRole('navigation', { name: 'Side menu' })).toBeHidden();
    const first = await page.getByRole('region', { name: 'Business summary' }).boundingBox();
    const second = await page.getByRole('region', { name: 'Team report summary' }).boundingBox();
    expect(second && first && second.y > first.y + first.height - 1).toBe(true);
    const rm = await rmWithPartners(page);
    await page.goto(`/reports/11/${rm}?${YEAR_RANGE}`);
    await namedTable(page, 'Team report summary')
      .getByRole('button', { name: /^Mobile number of / })
      .first()
      .click();
    await expect(messageDialog(page, 'Success').getByRole('link')).toHaveAttribute('href', /^tel:/);
  });
});

/** The partner of the viewer's subtree with the most policies in the year (for paging and sorting). */
async function busiestPartner(page: Page): Promise<{ code: string; report: ApiReport }> {
  const rm = await rmWithPartners(page);
  const team = (await api<ApiReport>(page, `/api/reports/11/?${YEAR_RANGE}&account_id=${rm}`)).body;
  const best = [...team.data.data.records].sort((a, b) => Number(b['Policies count']) - Number(a['Policies count']))[0];
  const code = String(best?.account_id);
  const report = (await api<ApiReport>(page, `/api/reports/37/?${YEAR_RANGE}&account_id=${code}`)).body;
  expect(report.data.data.records.length).toBeGreaterThan(20);
  return { code, report };
}

type ApiRecord = ApiReport['data']['data']['records'][number];

/** A partner of the viewer's team with an executive row of some kind (walks the team, busiest partners first). */
async function partnerWith(page: Page, having: (row: ApiRecord) => boolean): Promise<{ code: string; report: ApiReport }> {
  const queue: string[] = [''];
  for (let calls = 0; calls < 40 && queue.length > 0;) {
    const account = queue.shift() ?? '';
    const rows = (await api<ApiReport>(page, `/api/reports/11/?${YEAR_RANGE}${account ? `&account_id=${account}` : ''}`)).body.data.data
      .records;
    calls++;
    const partners = rows
      .filter((r) => String(r.account_id).includes('EI'))
      .sort((a, b) => Number(b['Policies count']) - Number(a['Policies count']));
    for (const p of partners.slice(0, 3)) {
      const code = String(p.account_id);
      const report = (await api<ApiReport>(page, `/api/reports/37/?${YEAR_RANGE}&account_id=${code}`)).body;
      calls++;
      if (report.data.data.records.some(having)) return { code, report };
    }
    queue.push(...rows.map((r) => String(r.account_id)).filter((c) => c !== 'null' && !c.includes('EI')));
  }
  throw new Error('no partner with such rows in the demo team');
}

/** An RM of the viewer's team (found by walking the team report) whose rows are partners. */
async function rmWithPartners(page: Page): Promise<string> {
  const queue: string[] = [''];
  for (let i = 0; i < 20 && queue.length > 0; i++) {
    const account = queue.shift() ?? '';
    const report = (await api<ApiReport>(page, `/api/reports/11/?${YEAR_RANGE}${account ? `&account_id=${account}` : ''}`)).body;
    const rows = report.data.data.records;
    const partners = rows.filter((r) => String(r.account_id).includes('EI'));
    if (account && partners.length > 0 && partners.some((p) => Number(p['Policies count']) > 20)) return account;
    queue.push(...rows.map((r) => String(r.account_id)).filter((c) => c !== 'null' && !c.includes('EI')));
  }
  throw new Error('no RM with busy partners in the demo team');
}

/** A policy due for renewal with a renewal awaiting payment (link exists), and one without. */
async function renewalWithLink(page: Page): Promise<{ policy: string; without: string; start: string; end: string }> {
  const start = kolkataDay(-45);
  const end = kolkataDay(45);
  const report = (await api<ApiReport>(page, `/api/reports/38/?start_date=${start}&end_date=${end}`)).body;
  let policy: string | undefined;
  let without: string | undefined;
  for (const r of report.data.data.records) {
    const res = await api<unknown>(page, '/api/v2/renewal_link/', {
      method: 'POST',
      body: { policy_number: r['Policy No'], product_type: r.product_type },
    });
    if (res.status === 200) policy ??= String(r['Policy No']);
    else if (res.status === 404) without ??= String(r['Policy No']);
    if (policy && without) return { policy, without, start, end };
  }
  throw new Error('no renewal with a link in the demo data');
}

/** A partner outside the given employee's subtree (looked up as the national head, zone by zone). */
async function foreignPartner(page: Page, insideCode: string): Promise<string> {
  const zsms = (await api<ApiReport>(page, `/api/reports/11/?${YEAR_RANGE}`)).body.data.data.records.map((r) => String(r.account_id));
  for (const zsm of zsms) {
    const below = (await api<ApiReport>(page, `/api/reports/11/?${YEAR_RANGE}&account_id=${zsm}`)).body.data.data.records;
    if (zsm === insideCode || below.some((r) => r.account_id === insideCode)) continue;
    let account = zsm;
    for (let depth = 0; depth < 6; depth++) {
      const rows = (await api<ApiReport>(page, `/api/reports/11/?${YEAR_RANGE}&account_id=${account}`)).body.data.data.records;
      const partner = rows.find((r) => String(r.account_id).includes('EI'));
      if (partner) return String(partner.account_id);
      const next = rows.find((r) => r.account_id);
      if (!next) break;
      account = String(next.account_id);
    }
  }
  throw new Error('no foreign partner');
}
