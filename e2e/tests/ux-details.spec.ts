import { expect, type Locator, type Page } from '@playwright/test';
import { cellOf, expectLoaded, kolkataDay, namedTable, screenshot, signIn, test } from './helpers';

/**
 * Details a person meets on the screens: names title-cased and nothing else, the message box, and the
 * smaller behaviours of the report and call-centre screens. Tests tagged @mobile run at 375px too.
 */

const meetingDialog = (page: Page) => page.getByRole('dialog', { name: 'Meeting Details:' });

/** True when the element shows its whole content: nothing cut on the right, nothing past its parent box. */
async function expectUnclipped(element: Locator, box: Locator): Promise<void> {
  const clipped = await element.evaluate((el) => el.scrollWidth > el.clientWidth + 1);
  expect(clipped, 'content wider than the element').toBe(false);
  const inner = await element.boundingBox();
  const outer = await box.boundingBox();
  expect(inner && outer && inner.x + inner.width <= outer.x + outer.width + 0.5).toBe(true);
}

test.describe('title-casing: names only (demo.trm)', () => {
  test('the result message keeps its sentence, codes and times; its Close button is whole', async ({ page }) => {
    await signIn(page, 'demo.trm', '/trm-dashboard');
    const wide = (page.viewportSize()?.width ?? 0) > 767;
    const row = page.locator('tr[data-status="open"]').nth(wide ? 5 : 6);
    await expect(row).toBeVisible();
    const caseId = (await row.getAttribute('data-case-id')) ?? '';
    await row.getByRole('button', { name: `Call on case ${caseId}` }).click();
    const d = meetingDialog(page);

    // Placing a call: the section names the customer in title case.
    await d.getByRole('button', { name: 'Call Customer' }).click();
    const message = d.getByTestId('result-message');
    await expect(message.getByText(/^Calling the customer: your phone rings first, then [A-Z][a-z]+( [A-Z][a-z'-]+)*\.$/)).toBeVisible();
    await expect(d.getByTestId('call-section').getByText(/^Call to [A-Z][a-z]+( [A-Z][a-z'-]+)* \(X+\d{4}\)$/)).toBeVisible();
    await expectUnclipped(message.getByRole('button', { name: 'Close', exact: true }), message);

    // A booked slot: the time keeps its AM/PM.
    await expect(d.getByTestId('dialog-call-status')).toHaveText('Completed', { timeout: 20_000 });
    await d.getByRole('radio', { name: 'Connected', exact: true }).check();
    await d.getByRole('radio', { name: 'Schedule call' }).check();
    await d.getByRole('button', { name: 'Tomorrow' }).click();
    const slotField = d.getByRole('combobox', { name: 'Schedule an Appointment for' });
    await slotField.click();
    await page
      .locator(`#${await slotField.getAttribute('aria-controls')}`)
      .locator('[role="option"]:not([data-combobox-disabled])')
      .first()
      .click();
    await d.getByRole('button', { name: 'Save' }).click();
    await expect(
      message.getByText(
        /^Remarks updated successfully\. Appointment booked for \d{4}-\d{2}-\d{2}, \d{2}:\d{2} (AM|PM) - \d{2}:\d{2} (AM|PM)$/,
      ),
    ).toBeVisible();
    await expectUnclipped(message.getByRole('button', { name: 'Close', exact: true }), message);
    await screenshot(page, 'ux-result-message');
  });

  test('reassigning a case names the advisor with the code as written', async ({ page }) => {
    await signIn(page, 'demo.trm', '/trm-dashboard');
    const wide = (page.viewportSize()?.width ?? 0) > 767;
    const row = page.locator('tr[data-status="open"]').nth(wide ? 7 : 8);
    const caseId = (await row.getAttribute('data-case-id')) ?? '';
    await row.getByRole('button', { name: `Call on case ${caseId}` }).click();
    const d = meetingDialog(page);
    await d.getByRole('radio', { name: 'Not Interested in Advisors' }).check();
    // The search starts from the customer's pincode on the case (the one the server searches around).
    const pincode = d.getByRole('textbox', { name: 'Customer Pincode' });
    await expect(pincode).toHaveValue(/^\d{6}$/);
    await expect(row).toContainText(await pincode.inputValue());
    await d.getByRole('button', { name: 'Search Advisor' }).click();
    const advisor = d.getByRole('combobox', { name: 'Recommended Advisor' });
    await advisor.click();
    await page
      .locator(`#${await advisor.getAttribute('aria-controls')}`)
      .getByRole('option')
      .first()
      .click();
    await d.getByRole('button', { name: 'Save' }).click();
    const message = d.getByTestId('result-message');
    await expect(message).toHaveText(/^(Remarks updated successfully\. )?Case assigned to [A-Z][a-z]+( [A-Z][a-z'-]+)* \(EI\d+\)Close$/);
    await expectUnclipped(message.getByRole('button', { name: 'Close', exact: true }), message);
    await screenshot(page, 'ux-result-message-assigned');
  });
});

test.describe('start-up', () => {
  test("the sign-in page says 'Preparing demo data… N %' until the server is ready", async ({ page }) => {
    let percent = 42;
    await page.route('**/readyz', (route) =>
      percent < 100
        ? route.fulfill({ status: 503, json: { error: `Preparing demo data… ${percent} %`, progress: percent } })
        : route.fulfill({ status: 200, json: { status: 'ready' } }),
    );
    await page.goto('/login');
    const status = page.getByRole('status').filter({ hasText: 'Preparing demo data' });
    await expect(status).toHaveText(/Dossier is starting\s*Preparing demo data… 42 %/);
    await expect(page.getByRole('button', { name: 'Sign in' })).toBeDisabled();
    await screenshot(page, 'ux-signin-preparing');
    percent = 87;
    await expect(status).toContainText('Preparing demo data… 87 %');
    percent = 100;
    await expect(status).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Sign in' })).toBeEnabled();
  });
});

test.describe('renewal dues filters', () => {
  test('Insurer and State offer the insurers and states of the renewing policies', async ({ page }) => {
    await signIn(page, 'demo.head', '/reports/38/');
    const table = page.getByRole('table', { name: 'Renewal dues', exact: true });
    await expect(table).toHaveAttribute('aria-busy', 'false');
    for (const label of ['Insurer', 'State']) {
      const button = page.getByRole('button', { name: new RegExp(`^${label}: `) });
      await expect(button).toBeEnabled();
      await button.click();
      const group = page.getByRole('group', { name: label });
      await expect(group).toBeVisible();
      // 'All' and at least two options.
      expect(await group.getByRole('checkbox').count()).toBeGreaterThan(2);
      await expect(page.getByText('No options for this period')).toHaveCount(0);
      if (label === 'Insurer') await screenshot(page, 'ux-renewal-dues-insurers');
      await button.click();
      await expect(group).toBeHidden();
    }
  });
});

test.describe('smaller details', () => {
  test("'Policies count growth' is a percent like 'Premium Growth %', and both name what they compare with", async ({ page }) => {
    await signIn(page, 'demo.asm', '/reports/1/');
    const summary = namedTable(page, 'Business summary');
    await expectLoaded(summary);
    const headers = (await summary.getByRole('columnheader').allInnerTexts()).map((h) =>
      h
        .replace(/[↕▲▼]/g, '')
        .replace(/\s*\n\s*/g, '\n')
        .trim(),
    );
    // The default view is this month, still running: it is compared with as many days of last month.
    const [year, month, day] = kolkataDay(0).split('-').map(Number) as [number, number, number];
    const daysIn = (y: number, m: number) => new Date(Date.UTC(y, m, 0)).getUTCDate();
    const lastMonth = new Date(Date.UTC(year, month - 2, 1));
    const lastMonthDays = daysIn(lastMonth.getUTCFullYear(), lastMonth.getUTCMonth() + 1);
    const compared = day === daysIn(year, month) ? lastMonthDays : Math.min(day, lastMonthDays);
    const monthName = lastMonth.toLocaleString('en-GB', { month: 'short', timeZone: 'UTC' });
    const note = compared === 1 ? `vs 1 ${monthName}` : `vs 1–${compared} ${monthName}`;
    const total = summary.locator('tbody tr').filter({ hasText: 'Total' }).first().locator('td, th');
    for (const column of ['Policies count growth', 'Premium Growth %']) {
      const header = `${column}\n${note}`;
      expect(headers).toContain(header);
      await expect(total.nth(headers.indexOf(header))).toHaveText(/^[▲▼■]?\s*-?\d+(\.\d+)?%$/);
    }
  });

  test("the TRM dashboard's 'Date & Time' shows the date and the time", async ({ page }) => {
    await signIn(page, 'demo.trm', '/trm-dashboard');
    const row = page.locator('tr[data-case-id]').first();
    await expect(row).toBeVisible();
    await expect(row.locator('td').nth(4)).toHaveText(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2} (AM|PM)$/);
  });

  test('the connect-call dialog is 50% of the screen wide, 95% on a phone; Escape closes the partner call log @mobile', async ({
    page,
  }) => {
    await signIn(page, 'demo.trm', '/trm-dashboard');
    const width = page.viewportSize()?.width ?? 0;
    const logs = page.getByRole('button', { name: /^Partner call logs \(\d+\)$/ }).first();
    await logs.click();
    const popover = page.locator('.mantine-Popover-dropdown').filter({ hasText: /→|No partner calls/ });
    await expect(popover).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(popover).toBeHidden();

    const row = page.locator('tr[data-status="open"]').first();
    const caseId = (await row.getAttribute('data-case-id')) ?? '';
    await row.getByRole('button', { name: `Call on case ${caseId}` }).click();
    const dialog = meetingDialog(page);
    await expect(dialog).toBeVisible();
    await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
    const box = await dialog.boundingBox();
    const expected = width > 767 ? width * 0.5 : width * 0.95;
    expect(Math.abs((box?.width ?? 0) - expected), `dialog ${box?.width}px wide at ${width}px`).toBeLessThan(2);
    expect((box?.x ?? -1) >= 0 && (box?.x ?? 0) + (box?.width ?? 0) <= width).toBe(true);
    await screenshot(page, 'ux-connect-dialog-width');
  });

  test('demo.supervisor sees the cases of their TRMs', async ({ page }) => {
    await signIn(page, 'demo.supervisor', '/trm-dashboard');
    await expect(page.getByRole('heading', { name: 'TRM Dashboard' })).toBeVisible();
    await expect(page.locator('tr[data-case-id]').first()).toBeVisible();
    await expect(page.getByText('No Data available for this partner')).toHaveCount(0);
  });

  test('the lead-category counts follow the date filter', async ({ page }) => {
    await signIn(page, 'demo.rm', '/rm-dashboard');
    const tomorrow = kolkataDay(1);
    const counted = page.waitForResponse((r) => r.url().includes('/partner-listing-by-rm/') && r.url().includes(`date=${tomorrow}`));
    await page.getByRole('button', { name: 'Tomorrow' }).click();
    const body = (await (await counted).json()) as { leadsData: { name: string; 'leads-no': number }[] };
    const all = body.leadsData.find((c) => c.name === 'All Leads')?.['leads-no'];
    expect(all).toBeDefined();
    await expect(page.getByRole('radio', { name: `All Leads: ${all} leads` })).toBeVisible();
  });

  test('the onboarding funnel never grows from one stage to the next', async ({ page }) => {
    // The last 30 days: on the first of a month the month so far has no registrations (the demo's business ends
    // yesterday), and the funnel would then be all zeros.
    await signIn(page, 'demo.head', `/reports/6/?start_date=${kolkataDay(-30)}&end_date=${kolkataDay(0)}`);
    const funnel = namedTable(page, "Apex journey drop off's");
    await expectLoaded(funnel);
    const stages = ['Registered', 'Documents', 'Training', 'Exam Passed', 'Certified', 'First Sale'];
    const counts: number[] = [];
    for (const stage of stages) counts.push(Number((await cellOf(funnel, stage, 'Partners')).replace(/,/g, '')));
    expect(counts[0]).toBeGreaterThan(0);
    for (let i = 1; i < counts.length; i += 1)
      expect(counts[i], `${stages[i]} after ${stages[i - 1]}`).toBeLessThanOrEqual(counts[i - 1] ?? 0);
    await screenshot(page, 'ux-onboarding-funnel');
    // The product filter is offered here too; choosing products puts them in the address.
    await page.getByRole('button', { name: 'Products: All Products Selected' }).click();
    const products = page.getByRole('group', { name: 'Products' });
    await products.getByRole('checkbox', { name: 'All' }).uncheck();
    await products.getByRole('checkbox', { name: 'Two Wheeler Comprehensive' }).check();
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Apply' }).click();
    await expect(page).toHaveURL(/product_type_id=\d+/);
    await expectLoaded(funnel);
  });

  test('titles name the screen and, on a drill, the account', async ({ page }) => {
    await signIn(page, 'demo.asm', '/reports/1/');
    await expect(page).toHaveTitle('Business Dashboard · Dossier');
    const team = namedTable(page, 'Team report summary');
    await expectLoaded(team);
    const code =
      (await team
        .getByRole('link', { name: /^TL\d+$/ })
        .first()
        .textContent()) ?? '';
    const name = await cellOf(team, code, 'Name');
    await page.goto(`/dashboard/1/${code}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Dashboard: ${name} (${code})`);
    await expect(page).toHaveTitle(`Dashboard · ${name} (${code}) · Dossier`);
    await screenshot(page, 'ux-dashboard-drill-title');
    await page.goto('/mappedpartners');
    await expect(page).toHaveTitle('Mapped Partners · Dossier');
  });
});

test.describe('report filters', () => {
  test('Submit asks each report once, with the dates', async ({ page }) => {
    await signIn(page, 'demo.asm', '/reports/1/');
    await expectLoaded(namedTable(page, 'Business summary'));
    const insurer = page.getByRole('button', { name: /^Insurer: / });
    await expect(insurer).toBeEnabled();
    await insurer.click();
    // One insurer only: clear 'All', then tick the first insurer.
    const group = page.getByRole('group', { name: 'Insurer' });
    // The saved choice (none: all) is restored a moment after the form shows; a click before that is undone.
    await expect(group.getByRole('checkbox', { name: 'All', exact: true })).toBeChecked();
    await group.getByRole('checkbox', { name: 'All', exact: true }).uncheck();
    await group.getByRole('checkbox').nth(1).check();
    await expect(insurer).toHaveAccessibleName(/^Insurer: (?!All)/);
    await insurer.click();
    const bodies: { id: string; body: Record<string, unknown> }[] = [];
    page.on('request', (r) => {
      const m = /\/api\/dashboard\/report_filter\/(\d+)\//.exec(r.url());
      if (m && r.method() === 'POST') bodies.push({ id: m[1] ?? '', body: (r.postDataJSON() as Record<string, unknown>) ?? {} });
    });
    let answered = 0;
    page.on('requestfinished', (r) => {
      if (/\/api\/dashboard\/report_filter\//.test(r.url())) answered++;
    });
    await page.getByRole('button', { name: 'Submit' }).first().click();
    await expect(page).toHaveURL(/start_date=\d{4}-\d{2}-\d{2}&end_date=\d{4}-\d{2}-\d{2}/);
    // The old figures stay until the new address is in place; then each table asks, and all are answered.
    await expect.poll(() => bodies.length).toBeGreaterThan(0);
    await expect.poll(() => answered === bodies.length).toBe(true);
    await expectLoaded(namedTable(page, 'Business summary'));
    // Nothing asks a second time once the answers are in.
    await page.waitForTimeout(500);
    const ids = bodies.map((b) => b.id);
    expect(ids.length, `requests: ${ids.join(',')}`).toBe(new Set(ids).size);
    for (const { id, body } of bodies) {
      expect(body.start_date, `report ${id}`).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(body.end_date, `report ${id}`).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    }
  });
});
