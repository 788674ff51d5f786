import { expect, type Locator, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations, messageDialog, namedTable, screenshot, signIn, test } from './helpers';

/**
 * Call centre (docs/product/callcentre.md) against the demo organisation and the deterministic simulator (calls are
 * answered after 2 s and end 4 s later).
 */

/** The dialog the tests work in (Mantine renders it with role dialog and the title 'Meeting Details:'). */
const dialog = (page: Page) => page.getByRole('dialog', { name: 'Meeting Details:' });

async function chooseOption(page: Page, field: Locator, option: string | RegExp | null): Promise<string> {
  await field.click();
  // Other selects keep their (hidden) options mounted: look only in this field's listbox.
  const listbox = page.locator(`#${await field.getAttribute('aria-controls')}`);
  const target =
    option === null
      ? listbox.locator('[role="option"]:not([data-combobox-disabled])').first()
      : listbox.getByRole('option', { name: option }).first();
  await expect(target).toBeVisible();
  const text = (await target.textContent()) ?? '';
  await target.click();
  return text;
}

/** The first open case row on the TRM dashboard whose Call button is enabled. */
async function openCaseRow(page: Page, skip = 0): Promise<{ row: Locator; caseId: string }> {
  const row = page.locator('tr[data-status="open"]').nth(skip);
  await expect(row).toBeVisible();
  return { row, caseId: (await row.getAttribute('data-case-id')) ?? '' };
}

test.describe('Advisor Connect Leads (demo.rm)', () => {
  test('filters leads and opens the call history', async ({ page }) => {
    await signIn(page, 'demo.rm', '/rm-dashboard');
    await expect(page.getByRole('heading', { name: 'Advisor Connect Leads' })).toBeVisible();
    const all = page.getByTestId('category-0');
    await expect(all).toContainText('All Leads');
    await expect(page.getByTestId('category-1')).toContainText('Call Back Requested');
    const rows = namedTable(page, 'Leads').locator('tbody tr');
    await expect(rows.first()).toBeVisible();
    await expect(rows).toHaveCount(10);
    await screenshot(page, 'rm-dashboard');
    await expectNoSeriousA11yViolations(page);

    // More than one page of today's leads: the pager shows, its previous arrow disabled on page 1.
    await expect(page.getByRole('button', { name: 'previous page' })).toBeDisabled();
    const second = page.waitForRequest((r) => r.url().includes('/partner-listing/') && r.url().includes('current_page=2'));
    await page.getByRole('button', { name: 'Page 2', exact: true }).click();
    await second;
    await expect(page.getByRole('button', { name: 'next page' })).toBeDisabled();

    // Each filter re-fetches with everything chosen so far, from page 1.
    const tomorrow = page.waitForRequest(
      (r) => r.url().includes('/partner-listing/') && /date=\d{4}-\d{2}-\d{2}/.test(r.url()) && r.url().includes('current_page=1'),
    );
    await page.getByRole('button', { name: 'Tomorrow' }).click();
    const tomorrowUrl = new URL((await tomorrow).url());
    const tomorrowDate = tomorrowUrl.searchParams.get('date');
    const category = page.waitForRequest((r) => r.url().includes('call_status=1') && r.url().includes(`date=${tomorrowDate}`));
    await page.getByTestId('category-1').click();
    await category;
    const advisor = page.waitForRequest((r) => r.url().includes('partner_id=') && r.url().includes('call_status=1'));
    await chooseOption(page, page.getByRole('combobox', { name: 'Advisor Name' }), null);
    await advisor;
    await expect(rows.first()).toBeVisible();

    // Back to all of today's leads; a badge opens the call history near the click.
    await page.getByRole('button', { name: 'Clear advisor' }).click();
    await page.getByTestId('category-0').click();
    const todays = page.waitForResponse(
      (r) =>
        r.url().includes('/partner-listing/') &&
        !r.url().includes('partner_id') &&
        !r.url().includes('call_status') &&
        !r.url().includes(`date=${tomorrowDate}`),
    );
    await page.getByRole('button', { name: 'Today' }).click();
    await todays;
    await expect(page.getByRole('button', { name: 'Today' })).toHaveAttribute('aria-pressed', 'true');
    const withCalls = page.getByTestId('call-count').filter({ hasNotText: /^0$/ }).first();
    await expect(withCalls).toBeVisible();
    await withCalls.scrollIntoViewIfNeeded();
    const box = await withCalls.boundingBox();
    await withCalls.click();
    const popup = page.getByRole('dialog', { name: 'Call history' });
    await expect(popup).toBeVisible();
    await expect(popup.getByTestId('call-entry').first()).toBeVisible();
    const left = await popup.evaluate((el) => el.getBoundingClientRect().left);
    const width = page.viewportSize()?.width ?? 0;
    // The click lands in the badge's centre: left is 30px under x 720, else x - 190, moved left as far as
    // the 420px popup needs to end 16px inside the window.
    const clickX = (box?.x ?? 0) + (box?.width ?? 0) / 2;
    const inside = (await page.evaluate(() => document.documentElement.clientWidth)) - 420 - 16;
    if (width > 767) expect(left).toBeCloseTo(Math.min(clickX < 720 ? 30 : clickX - 190, inside), 0);
    else expect(await popup.evaluate((el) => el.getBoundingClientRect().width)).toBeCloseTo(width * 0.95, -1);
    await screenshot(page, 'rm-call-history-popup');
    await expectNoSeriousA11yViolations(page);
    await page.getByRole('button', { name: 'Close call history' }).click();
    await expect(popup).toBeHidden();
  });

  test('a day without leads, picked from the calendar, shows the empty message', async ({ page }) => {
    await signIn(page, 'demo.rm', '/rm-dashboard');
    await expect(namedTable(page, 'Leads').locator('tbody tr').first()).toBeVisible();
    // The 1st of last month is at least four weeks back, before any demo lead.
    await page.getByRole('button', { name: 'Pick a date' }).click();
    await page.getByRole('button', { name: 'Previous month' }).click();
    const picked = page.waitForRequest((r) => r.url().includes('/partner-listing/') && /date=\d{4}-\d{2}-01/.test(r.url()));
    await page.locator('.mantine-DatePickerInput-day:not([data-outside])').filter({ hasText: /^1$/ }).click();
    await picked;
    await expect(page.getByTestId('empty-message')).toHaveText('No Data available for this partner');
    await expect(page.getByRole('button', { name: 'Today' })).toHaveAttribute('aria-pressed', 'false');
    await expect(page.getByRole('button', { name: 'previous page' })).toHaveCount(0);
  });
});

test.describe('TRM dashboard (demo.trm)', () => {
  test('places a call and watches it ring, connect and complete, then plays the recording', async ({ page, context }) => {
    await signIn(page, 'demo.trm', '/trm-dashboard');
    await expect(page.getByRole('heading', { name: 'TRM Dashboard' })).toBeVisible();
    for (const header of ['ID', 'Ticket Status', 'Partner', 'Customer', 'Date & Time', 'Call Logs', 'pin', 'Remarks', 'Action']) {
      await expect(page.getByRole('columnheader', { name: header, exact: true })).toBeVisible();
    }
    const { row, caseId } = await openCaseRow(page, (page.viewportSize()?.width ?? 0) > 767 ? 0 : 1);
    await screenshot(page, 'trm-dashboard');
    await expectNoSeriousA11yViolations(page);
    const before = Number(await row.getByTestId('call-count').textContent());
    await row.getByRole('button', { name: `Call on case ${caseId}` }).click();
    const d = dialog(page);
    await expect(d).toBeVisible();
    await expect(d.getByRole('radio', { name: 'Customer' })).toBeChecked();
    await d.getByRole('button', { name: 'Call Customer' }).click();
    await expect(d.getByTestId('result-message')).toContainText('Calling the customer');
    const status = d.getByTestId('dialog-call-status');
    await expect(status).toHaveText(/Connecting|Ringing/);
    // The table behind the dialog follows the call too, without a reload.
    await expect(row.getByTestId('live-call-status')).toBeVisible();
    await expect(status).toHaveText('On call', { timeout: 15_000 });
    await screenshot(page, 'trm-connect-dialog-on-call');
    await expect(status).toHaveText('Completed', { timeout: 15_000 });
    await expect(d.getByRole('button', { name: 'Call Customer' })).toBeEnabled();
    const [recording] = await Promise.all([context.waitForEvent('page'), d.getByRole('button', { name: 'Play recording' }).click()]);
    await expect.poll(() => recording.url()).toContain('/services/communication/api/v1/recordings/');
    const audio = await page.request.get(recording.url());
    expect(audio.headers()['content-type']).toBe('audio/wav');
    await recording.close();
    await d.getByRole('button', { name: 'Close', exact: true }).first().click();
    await expect(d).toBeHidden();
    await expect(row.getByTestId('call-count')).toHaveText(String(before + 1));
    await expect(row.getByTestId('live-call-status')).toHaveCount(0);

    // The call-history dialog lists the call (type 1 dialog).
    await row.getByTestId('call-count').click();
    const history = dialog(page);
    await expect(history.getByText('Serviced by:')).toBeVisible();
    await expect(history.getByTestId('call-status').first()).toHaveText('completed');
    await screenshot(page, 'trm-call-history-dialog');
    await history.getByRole('button', { name: 'Close' }).first().click();
  });

  test('saves a remark, then schedules a slot for tomorrow', async ({ page }) => {
    await signIn(page, 'demo.trm', '/trm-dashboard');
    const { row, caseId } = await openCaseRow(page, 1);
    await row.getByRole('button', { name: `Call on case ${caseId}` }).click();
    const d = dialog(page);
    const save = d.getByRole('button', { name: 'Save' });
    await expect(save).toBeDisabled();
    await d.getByRole('radio', { name: 'Connected', exact: true }).check();
    await d.getByRole('textbox', { name: 'Note' }).fill('Asked for a comparison with the current insurer');
    await expect(save).toBeEnabled();
    await expectNoSeriousA11yViolations(page);
    await save.click();
    await expect(d.getByTestId('result-message')).toHaveText(/Remarks updated successfully/);
    // The form resets after a remark save.
    await expect(d.getByRole('textbox', { name: 'Note' })).toHaveValue('');
    await expect(save).toBeDisabled();

    await d.getByRole('radio', { name: 'Schedule call' }).check();
    await d.getByRole('button', { name: 'Tomorrow' }).click();
    const slot = await chooseOption(page, d.getByRole('combobox', { name: 'Schedule an Appointment for' }), null);
    await screenshot(page, 'trm-connect-dialog-schedule');
    await save.click();
    await expect(d.getByTestId('result-message')).toContainText('Appointment booked for');
    await d.getByRole('button', { name: 'Close', exact: true }).first().click();
    await expect(row.getByText('Schedule call')).toBeVisible();

    // The booking shows under My Booked Appointment (the header's meeting menu screen).
    await page.goto('/my-appointments');
    await expect(page.getByRole('heading', { name: 'My Booked Appointment' })).toBeVisible();
    await expect(
      page
        .getByRole('table', { name: 'Appointments' })
        .getByText(slot.replace(/ \(not available\)$/, ''))
        .first(),
    ).toBeVisible();
  });

  test('a refused save shows why and gives the dialog back with what was entered', async ({ page }) => {
    await signIn(page, 'demo.trm', '/trm-dashboard');
    const { row, caseId } = await openCaseRow(page, 1);
    // The server refuses the whole save (as when the chosen slot was just taken): nothing is saved.
    const refusal = 'The 10:00 AM - 11:00 AM slot is already booked for this advisor. Choose another slot.';
    await page.route('**/trm-save-outcome/', (route) =>
      route.fulfill({ status: 409, contentType: 'application/json', body: JSON.stringify({ error: refusal }) }),
    );
    await row.getByRole('button', { name: `Call on case ${caseId}` }).click();
    const d = dialog(page);
    await d.getByRole('radio', { name: 'Connected', exact: true }).check();
    await d.getByRole('textbox', { name: 'Note' }).fill('Kept after a refusal');
    await d.getByRole('button', { name: 'Save' }).click();
    const error = messageDialog(page, 'Error');
    await expect(error.getByText(refusal)).toBeVisible();
    await screenshot(page, 'trm-connect-dialog-refused');
    await error.getByRole('button', { name: 'Close', exact: true }).click();
    await expect(d.getByRole('textbox', { name: 'Note' })).toHaveValue('Kept after a refusal');
    await expect(d.getByRole('radio', { name: 'Connected', exact: true })).toBeChecked();
    await expect(d.getByRole('button', { name: 'Save' })).toBeEnabled();
  });

  test('searches advisors by pincode with the four messages, then reassigns the case', async ({ page }) => {
    await signIn(page, 'demo.trm', '/trm-dashboard');
    const { row, caseId } = await openCaseRow(page, 2);
    const partnerBefore = await row.locator('td').nth(2).textContent();
    await row.getByRole('button', { name: `Call on case ${caseId}` }).click();
    const d = dialog(page);
    await d.getByRole('radio', { name: 'Not Interested in Advisors' }).check();
    const pincode = d.getByRole('textbox', { name: 'Customer Pincode' });
    const search = d.getByRole('button', { name: 'Search Advisor' });
    // It opens with the customer's pincode on the case, the one the server searches around.
    const own = await pincode.inputValue();
    expect(own).toMatch(/^\d{6}$/);
    await expect(row).toContainText(own);
    for (const [value, message] of [
      ['', 'Pincode is Required!'],
      ['1100', 'Pincode should be atleast 6 characters long!'],
      ['1100011', 'Pincode can not be more then 6 characters long!'],
      ['11000a', 'Pincode is Incorrect'],
    ] as const) {
      await pincode.fill(value);
      await search.click();
      await expect(d.getByText(message)).toBeVisible();
    }
    await pincode.fill(own);
    await search.click();
    const advisor = d.getByRole('combobox', { name: 'Recommended Advisor' });
    await expect(advisor).toBeVisible();
    await expect(pincode).toHaveCount(0);
    const chosen = await chooseOption(page, advisor, null);
    expect(chosen).toMatch(/^[A-Z][a-z]+.* \(EI\d+\)$/);
    await screenshot(page, 'trm-connect-dialog-advisor');
    await d.getByRole('button', { name: 'Save' }).click();
    await expect(d.getByTestId('result-message')).toContainText('Case assigned to');
    // The message stays 3 seconds, then the dialog closes on its own.
    await expect(d).toBeHidden({ timeout: 8_000 });
    const code = /\((EI\d+)\)$/.exec(chosen)?.[1] ?? '';
    await expect(page.locator(`tr[data-case-id="${caseId}"]`)).toContainText(code);
    expect(await page.locator(`tr[data-case-id="${caseId}"] td`).nth(2).textContent()).not.toBe(partnerBefore);
  });

  test('closes the ticket; its Call button is then disabled', async ({ page }) => {
    await signIn(page, 'demo.trm', '/trm-dashboard');
    const { row, caseId } = await openCaseRow(page, (page.viewportSize()?.width ?? 0) > 767 ? 3 : 4);
    await row.getByRole('button', { name: `Call on case ${caseId}` }).click();
    const d = dialog(page);
    const toggle = d.getByRole('switch', { name: 'Ticket status' });
    await expect(toggle).toBeChecked();
    // Not forced: a forced click skips the wait for the opening dialog to stand still and could land mid-animation.
    await toggle.click();
    await expect(toggle).not.toBeChecked();
    await expect(d.getByText('Closed', { exact: true })).toBeVisible();
    await screenshot(page, 'trm-connect-dialog-close');
    await d.getByRole('button', { name: 'Save' }).click();
    await expect(d).toBeHidden();
    await expect(page.locator(`tr[data-case-id="${caseId}"]`)).toHaveCount(0);

    await page.getByRole('combobox', { name: 'Status' }).click();
    await page.getByRole('option', { name: 'close' }).click();
    const closed = page.locator(`tr[data-case-id="${caseId}"]`);
    await expect(closed).toBeVisible();
    await expect(closed.getByRole('button', { name: `Call on case ${caseId}` })).toBeDisabled();
    await screenshot(page, 'trm-dashboard-closed');
  });
});
