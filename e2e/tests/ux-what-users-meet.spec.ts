import { expect, type Locator } from '@playwright/test';
import { monthRange } from '@dossier/shared';
import { cellOf, expectLoaded, kolkataDay, messageDialog, namedTable, screenshot, signIn, test } from './helpers';

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

const dmy = (d: string) => `${d.slice(8, 10)}/${d.slice(5, 7)}/${d.slice(0, 4)}`;

/** The roles as the Add employee form lists them (docs/product/administration.md, 'People'). */
const ROLE_NAMES = [
  'National head',
  'Zonal sales manager',
  'Area sales manager',
  'Team lead',
  'Relationship manager',
  'Telephone relationship manager',
  'Call-centre supervisor',
  'Paymaster (201)',
  'Life only (204)',
] as const;

test.describe('messages', () => {
  test('Add employee with nothing filled: Code and Role say they are required, no internal codes listed @mobile', async ({ page }) => {
    await signIn(page, 'demo.head', '/admin/people');
    await page.getByRole('button', { name: 'Add employee' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add employee' });
    await dialog.getByRole('button', { name: 'Add employee' }).click();
    await expect(dialog.getByText('Code is required', { exact: true })).toBeVisible();
    await expect(dialog.getByText('Role is required', { exact: true })).toBeVisible();
    await expect(dialog.getByText('Designation is required', { exact: true })).toBeVisible();
    for (const field of ['Name', 'Email', 'Phone']) await expect(dialog.getByText(`${field} is required`, { exact: true })).toBeVisible();
    await expect(dialog.getByText(/must be one of|must be a code of|must be an email|must be 10 to 15/)).toHaveCount(0);
    // The roles are listed by what they are called; the stored code stays behind them.
    await dialog.getByRole('combobox', { name: /^Role/ }).click();
    await expect(page.getByRole('listbox').getByRole('option')).toHaveText([...ROLE_NAMES]);
    await page.getByRole('option', { name: 'Team lead', exact: true }).click();
    await expect(dialog.getByRole('combobox', { name: /^Role/ })).toHaveValue('Team lead');
    await dialog.getByRole('textbox', { name: /^Code/ }).fill('bad code!');
    await dialog.getByRole('button', { name: 'Add employee' }).click();
    await expect(dialog.getByText('Code may only hold letters, digits, - or _', { exact: true })).toBeVisible();
    await screenshot(page, 'ux-messages-add-employee');
  });

  test('Add user with the employee code and the login emptied: each says it is required @mobile', async ({ page }) => {
    await signIn(page, 'demo.head', '/admin/users');
    await page.getByRole('button', { name: 'Add user' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add user' });
    await dialog.getByRole('button', { name: 'Add user' }).click();
    await expect(dialog.getByText('Employee code is required', { exact: true })).toBeVisible();
    await expect(dialog.getByText('Login is required', { exact: true })).toBeVisible();
    await dialog.getByRole('textbox', { name: /^Employee code/ }).fill('EMP 1');
    await dialog.getByRole('button', { name: 'Add user' }).click();
    await expect(dialog.getByText('Employee code may only hold letters, digits, - or _', { exact: true })).toBeVisible();
    await screenshot(page, 'ux-messages-add-user');
  });

  test('reversed dates typed into the address are set aside with a notice @mobile', async ({ page }) => {
    await signIn(page, 'demo.head', '/reports/1/?start_date=2026-05-20&end_date=2026-05-01');
    const month = monthRange(kolkataDay());
    await expect(page.getByRole('status', { name: 'Dates in the address' })).toHaveText(
      `The period in the address ends before it starts (20/05/2026 to 01/05/2026); showing ${dmy(month.start_date)} to ${dmy(month.end_date)} instead.`,
    );
    await screenshot(page, 'ux-messages-date-notice');
  });

  test('the Dashboard names an impossible date in the address and the period it shows instead @mobile', async ({ page }) => {
    await signIn(page, 'demo.head', '/dashboard?start_date=2026-02-01&end_date=2026-02-30');
    const month = monthRange(kolkataDay());
    await expect(page.getByRole('status', { name: 'Dates in the address' })).toHaveText(
      `'2026-02-30' in the address is not a real date; showing ${dmy(month.start_date)} to ${dmy(month.end_date)} instead.`,
    );
    await screenshot(page, 'ux-messages-dashboard-date-notice');
  });

  test('a non-administrator opening an administration address is refused once, on the page, without an error dialog @mobile', async ({
    page,
  }) => {
    await signIn(page, 'demo.rm', '/admin');
    for (const path of ['/admin/people', '/admin/users', '/admin/hierarchy', '/admin/imports', '/admin/audit', '/admin/people/RM00001']) {
      await page.goto(path);
      await expect(page.getByRole('alert')).toHaveText('Administration is for administrators only.');
      // Whatever the screen would have asked the server has had its answer by now.
      await page.waitForLoadState('networkidle');
      await expect(messageDialog(page)).toHaveCount(0);
    }
    await screenshot(page, 'ux-messages-admin-refusal');
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

/**
 * Fails unless the text of `element` lies wholly inside the visible part of its table (the scroll frame) and
 * inside the window: a message centred under columns scrolled out of view shows a letter or two.
 */
async function expectTextInView(element: Locator): Promise<void> {
  const box = await element.evaluate((el) => {
    const frame = (el.closest('[data-scroll-frame]') ?? document.body).getBoundingClientRect();
    const range = document.createRange();
    range.selectNodeContents(el);
    const text = range.getBoundingClientRect();
    return { text: [text.left, text.right], frame: [frame.left, Math.min(frame.right, window.innerWidth)] };
  });
  expect(box.text[0], `text from ${box.text.join('–')} within ${box.frame.join('–')}`).toBeGreaterThanOrEqual(box.frame[0] ?? 0);
  expect(box.text[1], `text from ${box.text.join('–')} within ${box.frame.join('–')}`).toBeLessThanOrEqual(box.frame[1] ?? 0);
}

/** True when what a person sees at the centre of `element` is the element itself, not something over it. */
function seenAtItsCentre(element: Locator): Promise<boolean> {
  return element.evaluate((el) => {
    const r = el.getBoundingClientRect();
    const top = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    return top !== null && el.contains(top);
  });
}

test.describe('narrow screens', () => {
  test('Manage Team with no requests in the period says so, the whole message in view @mobile', async ({ page }) => {
    // A month more than a year back: the demo's requests are all recent.
    const { start_date, end_date } = monthRange(kolkataDay(-400));
    await signIn(page, 'demo.tl', `/manageteam?start_date=${start_date}&end_date=${end_date}`);
    const table = namedTable(page, 'Manage Team');
    await expectLoaded(table);
    const message = table.getByTestId('empty-message');
    await expect(message).toHaveText('No data to display');
    await expectTextInView(message);
    // Scrolled to the table's far end, the message is still in view.
    const scrolled = await table.evaluate((el) => {
      const box = el.closest('[data-scroll-frame]')?.firstElementChild;
      box?.scrollBy({ left: 2000 });
      return box?.scrollLeft ?? 0;
    });
    // At 375px the table is wider than the screen and has scrolled; at 1280px it fits, the message adding nothing to its width.
    expect(scrolled > 0, `scrolled by ${scrolled}px`).toBe(test.info().project.name === 'mobile');
    await expectTextInView(message);
    await screenshot(page, 'ux-narrow-manage-team-empty');
  });

  test('the TRM Dashboard on a day without cases says so, the whole message in view @mobile', async ({ page }) => {
    await signIn(page, 'demo.trm', '/trm-dashboard');
    await expect(namedTable(page, 'Cases').locator('tbody tr').first()).toBeVisible();
    // The 1st of last month is at least four weeks back, before any demo case.
    await page.getByRole('button', { name: 'Pick a date' }).click();
    await page.getByRole('button', { name: 'Previous month' }).click();
    const picked = page.waitForResponse((r) => r.url().includes('/trm-case-history/') && /date=\d{4}-\d{2}-01/.test(r.url()));
    await page.locator('.mantine-DatePickerInput-day:not([data-outside])').filter({ hasText: /^1$/ }).click();
    await picked;
    const message = namedTable(page, 'Cases').getByTestId('empty-message');
    await expect(message).toHaveText('No Data available for this partner');
    await expectTextInView(message);
    await screenshot(page, 'ux-narrow-trm-empty');
  });

  test('Requester View: no pinned column covers Pincode, and Cancel mapping can be reached @mobile', async ({ page }) => {
    await signIn(page, 'demo.rm', '/requesterview');
    const table = namedTable(page, 'Unmapped partners');
    await expectLoaded(table);
    await expect(table.locator('tbody tr').first()).toBeVisible();
    const pincode = table.getByRole('columnheader', { name: 'Pincode' });
    await pincode.scrollIntoViewIfNeeded();
    expect(await seenAtItsCentre(pincode), 'the Pincode header is not covered').toBe(true);
    const firstPincode = table.locator('tbody tr').first().getByRole('cell').nth(3);
    await expect(firstPincode).toHaveText(/^\d{6}$/);
    expect(await seenAtItsCentre(firstPincode), 'the first Pincode is not covered').toBe(true);
    const cancel = table.getByRole('button', { name: 'Cancel mapping' }).first();
    await cancel.scrollIntoViewIfNeeded();
    await expect(cancel).toBeVisible();
    expect(await seenAtItsCentre(cancel), 'Cancel mapping is not covered').toBe(true);
    await screenshot(page, 'ux-narrow-requester-view');
  });
});

test.describe('Life Issuance chart', () => {
  test('each bar is named by its channel, payment term and instalment type, as its row in the table @mobile', async ({ page }) => {
    await signIn(page, 'demo.head', '/reports/3/');
    const table = namedTable(page, 'Life issuance channel report');
    await expectLoaded(table);
    // The chart draws the largest rows of the whole report: with more rows than a page, show them all.
    const region = page.getByRole('region', { name: 'Life issuance channel report', exact: true });
    const perPage = region.getByRole('combobox', { name: 'Rows per page' });
    if (await perPage.isVisible()) {
      await perPage.click();
      await page.getByRole('option', { name: '100', exact: true }).click();
      await expect(region.getByText(/^Rows 1–(\d+) of \1$/)).toBeVisible();
    }
    const rows = await table
      .locator('tbody tr')
      .evaluateAll((trs) => trs.map((tr) => Array.from(tr.querySelectorAll('td'), (td) => (td.textContent ?? '').trim())));
    expect(rows.length, 'rows of the channel report').toBeGreaterThan(1);
    const expected = rows.map(([channel, term, instalment]) => `${channel} · ${term} · ${instalment}`);
    const chart = page.getByRole('img', { name: /^Life issuance channel report: Total Premium/ });
    await expect(chart).toBeVisible();
    // Each bar's whole name is its <title> ('name: figure'); the drawn text is that name too, never cut.
    const bars = await chart
      .locator('g')
      .evaluateAll((gs) =>
        gs.map((g) => ({ title: g.querySelector('title')?.textContent ?? '', drawn: g.querySelector('text')?.textContent ?? '' })),
      );
    const names = bars.map((b) => b.title.slice(0, b.title.lastIndexOf(': ')));
    expect(new Set(names).size, `distinct names in ${names.join(' | ')}`).toBe(names.length);
    for (const name of names) expect(expected).toContain(name);
    expect(bars.map((b) => b.drawn)).toEqual(names);
    await screenshot(page, 'ux-life-issuance-chart');
  });
});
