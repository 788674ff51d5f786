import { expect, type Locator } from '@playwright/test';
import { monthRange } from '@dossier/shared';
import { cellOf, expectLoaded, kolkataDay, namedTable, screenshot, signIn, test } from './helpers';

/**
 * What a person meets on the screens, at the width where each showed wrong: names as stored, growth from
 * nothing, the call-history popup inside the window, the 375px screens and the messages. Tests tagged
 * @mobile run at 375px too.
 */

test.describe('names as stored', () => {
  test('the RM Dashboard shows a name that mixes cases as stored and re-cases one held in capitals @mobile', async ({ page }) => {
    // The demo's names are generated; the first lead is given the names of the report screens.
    await page.route(/\/partner-listing\//, async (route) => {
      const response = await route.fetch();
      const body = (await response.json()) as { data: { partner_name: string | null; customer_name: string | null }[] };
      if (body.data[0]) {
        body.data[0].partner_name = 'J.P. McAllister Motors';
        body.data[0].customer_name = "Priya D'Souza";
      }
      if (body.data[1]) {
        body.data[1].partner_name = 'A.K. Sharma';
        body.data[1].customer_name = "KAVYA O'BRIEN-IYER";
      }
      await route.fulfill({ response, json: body });
    });
    await signIn(page, 'demo.rm', '/rm-dashboard');
    const table = namedTable(page, 'Leads');
    await expectLoaded(table);
    await expect(table.locator('tbody tr').first()).toBeVisible();
    expect(await cellOf(table, 'J.P. McAllister Motors', 'Partner Name')).toBe('J.P. McAllister Motors');
    expect(await cellOf(table, 'J.P. McAllister Motors', 'Customer Name')).toBe("Priya D'Souza");
    expect(await cellOf(table, 'A.K. Sharma', 'Customer Name')).toBe("Kavya O'Brien-Iyer");
    await screenshot(page, 'ux-names-rm-dashboard');
  });
});

/** A cell's figure by row text and column title; a growth header's second line ('vs 1–31 Dec') is left out. */
async function cellUnder(table: Locator, rowText: RegExp, column: string): Promise<string> {
  const headers = (await table.getByRole('columnheader').allInnerTexts()).map((h) => (h.split('\n')[0] ?? '').replace(/[↕▲▼]/g, '').trim());
  const index = headers.indexOf(column);
  expect(index, `column ${column} in ${headers.join('|')}`).toBeGreaterThanOrEqual(0);
  const text = await table.getByRole('row').filter({ hasText: rowText }).first().getByRole('cell').nth(index).innerText();
  // The growth marks are named images of their own (checked by name below); the figure is the text.
  return text.replace(/[▲▼■✦]/g, '').trim();
}

test.describe('growth from nothing', () => {
  test("the first month of business says 'New' with the change, never '▲ 100%'", async ({ page }) => {
    // The demo's business starts on the 1st of the month 23 months back: the month before it has none.
    const today = kolkataDay();
    const back = new Date(Date.UTC(Number(today.slice(0, 4)), Number(today.slice(5, 7)) - 1 - 23, 1));
    const { start_date, end_date } = monthRange(back.toISOString().slice(0, 10));
    await signIn(page, 'demo.head', `/reports/1/?start_date=${start_date}&end_date=${end_date}`);
    const summary = namedTable(page, 'Business summary');
    await expectLoaded(summary);
    const total = summary.getByRole('row').filter({ hasText: /^Total/ });
    await expect(total).toBeVisible();
    let fromNothing = 0;
    for (const type of ['New Business', 'Rollover', 'Renewal', 'Total']) {
      const row = new RegExp(`^${type}`);
      const count = await cellUnder(summary, row, 'Policies count');
      if (count === '0') continue;
      fromNothing++;
      expect(await cellUnder(summary, row, 'Policies count growth')).toBe(`New (+${count})`);
      expect(await cellUnder(summary, row, 'Premium Growth %')).toBe(`New (+${await cellUnder(summary, row, 'Total Premium')})`);
    }
    expect(fromNothing).toBeGreaterThan(0);
    await expect(summary.getByText('100%')).toHaveCount(0);
    await expect(summary.getByRole('img', { name: 'new' }).first()).toBeVisible();
    await screenshot(page, 'ux-growth-from-nothing');
  });
});

test.describe('messages', () => {
  test('Add employee with nothing filled: Code and Role say they are required, no internal codes listed @mobile', async ({ page }) => {
    await signIn(page, 'demo.head', '/admin/people');
    await page.getByRole('button', { name: 'Add employee' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add employee' });
    await dialog.getByRole('button', { name: 'Add employee' }).click();
    await expect(dialog.getByText('Code is required', { exact: true })).toBeVisible();
    await expect(dialog.getByText('Role is required', { exact: true })).toBeVisible();
    await expect(dialog.getByText('Designation is required', { exact: true })).toBeVisible();
    await expect(dialog.getByText(/must be one of|must be a code of/)).toHaveCount(0);
    await dialog.getByRole('textbox', { name: /^Code/ }).fill('bad code!');
    await dialog.getByRole('button', { name: 'Add employee' }).click();
    await expect(dialog.getByText('Code may only hold letters, digits, - or _', { exact: true })).toBeVisible();
    await screenshot(page, 'ux-messages-add-employee');
  });

  test('reversed dates typed into the address are set aside with a notice @mobile', async ({ page }) => {
    await signIn(page, 'demo.head', '/reports/1/?start_date=2026-05-20&end_date=2026-05-01');
    const month = monthRange(kolkataDay());
    const dmy = (d: string) => `${d.slice(8, 10)}/${d.slice(5, 7)}/${d.slice(0, 4)}`;
    await expect(page.getByRole('status', { name: 'Dates in the address' })).toHaveText(
      `The period in the address ends before it starts (20/05/2026 to 01/05/2026); showing ${dmy(month.start_date)} to ${dmy(month.end_date)} instead.`,
    );
    await screenshot(page, 'ux-messages-date-notice');
  });

  test('the password page asks for 12 characters, as the CLI and the README do', async ({ page }) => {
    await page.goto('/reset-password?token=x');
    await expect(page.getByText('At least 12 characters', { exact: true })).toBeVisible();
  });
});

test.describe('call-history popup', () => {
  test('opened from a row near the bottom of the window, it ends inside the window @mobile', async ({ page }) => {
    await signIn(page, 'demo.rm', '/rm-dashboard');
    const table = namedTable(page, 'Leads');
    await expectLoaded(table);
    const badge = table.getByTestId('call-count').filter({ hasNotText: /^0$/ }).last();
    await expect(badge).toBeVisible();
    // The badge's row at the bottom of the window, as a person reaches it by scrolling down.
    await badge.evaluate((el) => el.scrollIntoView({ block: 'end' }));
    await badge.click();
    const popup = page.getByRole('dialog', { name: 'Call history' });
    await expect(popup.getByTestId('call-entry').first()).toBeVisible();
    const height = page.viewportSize()?.height ?? 0;
    await expect
      .poll(() => popup.evaluate((el) => Math.round(el.getBoundingClientRect().bottom)), { message: 'popup bottom within the window' })
      .toBeLessThanOrEqual(height);
    expect(await popup.evaluate((el) => el.getBoundingClientRect().top)).toBeGreaterThanOrEqual(0);
    await screenshot(page, 'ux-call-history-popup');
  });
});
