import { expect } from '@playwright/test';
import type { BriefMailState, BriefResponse } from '@dossier/shared';
import { expectNoSeriousA11yViolations, namedTable, screenshot, signIn, test } from './helpers';
import { api, rupee } from './reports-helpers';

/** The daily brief (docs/product/brief.md): /brief against GET /api/brief/, at 1280 and 375 px. */

test.describe('daily brief', () => {
  test('an RM lands on My day; its figures are those of /api/brief/ @mobile', async ({ page }) => {
    await signIn(page, 'demo.rm', '/');
    await expect(page).toHaveURL(/\/brief$/);
    await expect(page.getByRole('heading', { name: 'My day', level: 1 })).toBeVisible();
    const { status, body } = await api<BriefResponse>(page, '/api/brief/');
    expect(status).toBe(200);

    const month = page.getByRole('region', { name: 'The month' });
    await expect(month.getByTestId('brief-MTD')).toHaveText(rupee(body.month.mtd));
    await expect(month.getByTestId('brief-Projected (month end)')).toHaveText(rupee(body.month.projected));

    const renewals = page.getByRole('region', { name: 'Renewals due in 7 days' });
    await expect(renewals.getByTestId('brief-renewals-total')).toHaveText(
      `${body.renewals_due.count.toLocaleString('en-IN')} not yet renewed, ${rupee(body.renewals_due.premium)}`,
    );
    await expect(renewals.getByRole('link', { name: 'Renewal dues' })).toHaveAttribute(
      'href',
      `/reports/38/?start_date=${body.renewals_due.start_date}&end_date=${body.renewals_due.end_date}`,
    );
    if (body.renewals_due.top.length > 0) {
      await expect(renewals.getByRole('table').getByRole('row')).toHaveCount(body.renewals_due.top.length + 1);
      const first = body.renewals_due.top[0];
      await expect(renewals.getByRole('button', { name: `Renewal notice for ${first?.policy_no}`, exact: true })).toBeVisible();
    }

    const slipping = page.getByRole('region', { name: 'Slipping partners' });
    if (body.slipping_partners.length > 0) {
      await expect(slipping.getByRole('table').getByRole('row')).toHaveCount(body.slipping_partners.length + 1);
      const p = body.slipping_partners[0];
      await expect(slipping.getByRole('button', { name: `Mobile number of ${p?.partner_name}` })).toBeVisible();
    } else {
      await expect(slipping.getByText('No partner is slipping.')).toBeVisible();
    }
    const work = page.getByRole('region', { name: 'Open work' });
    if (body.open_work.length > 0) await expect(work.getByRole('table').getByRole('row')).toHaveCount(body.open_work.length + 1);
    else await expect(work.getByText('No open leads or cases.')).toBeVisible();

    await expect(page.locator('body')).toHaveJSProperty('scrollWidth', await page.evaluate(() => document.documentElement.clientWidth));
    await expectNoSeriousA11yViolations(page);
    await screenshot(page, 'brief-rm');
  });

  test('the national head keeps the Dashboard, with a My day card of the same month', async ({ page }) => {
    await signIn(page, 'demo.head', '/dashboard');
    const card = page.getByRole('region', { name: 'My day' });
    await expect(card).toBeVisible();
    const { body } = await api<BriefResponse>(page, '/api/brief/');
    await expect(card.getByTestId('brief-MTD')).toHaveText(rupee(body.month.mtd));
    await card
      .page()
      .getByRole('link', { name: /^Open My day/ })
      .click();
    await expect(page).toHaveURL(/\/brief$/);
    await expect(page.getByRole('region', { name: 'Slipping partners' })).toBeVisible();
    await screenshot(page, 'brief-head');
  });

  test('one click mails My day at 08:30; it shows under My subscriptions, paused there it shows off here @mobile', async ({ page }) => {
    await signIn(page, 'demo.rm', '/brief');
    const state = async () => (await api<BriefMailState>(page, '/api/subscriptions/brief/')).body;
    if ((await state()).subscription) await api(page, '/api/subscriptions/brief/', { method: 'POST', body: { on: false } });
    await page.reload();
    const mailSwitch = page.getByRole('switch', { name: 'Mail me this at 08:30 every morning' });
    // Off by default.
    await expect(mailSwitch).not.toBeChecked();
    await expect(mailSwitch).toBeEnabled();
    await mailSwitch.click();
    await expect(mailSwitch).toBeChecked();
    const on = await state();
    expect(on).toMatchObject({ on: true, subscription: { report_name: 'My day', kind: 'brief', schedule_text: 'Daily at 08:30' } });
    await expect(page.getByText(/^Next mail \d{2}\/\d{2}\/\d{4} 08:30\. Pause or delete it under My subscriptions\.$/)).toBeVisible();
    await expect(page.locator('body')).toHaveJSProperty('scrollWidth', await page.evaluate(() => document.documentElement.clientWidth));
    await screenshot(page, 'brief-mail-on');

    await page.goto('/subscriptions');
    const row = namedTable(page, 'My subscriptions').getByRole('row').filter({ hasText: 'My day' });
    await expect(row).toContainText('Daily at 08:30');
    await expect(row).toContainText('Your team, on the day');
    // Its time is fixed: no Edit for it.
    await expect(row.getByRole('button', { name: 'Edit My day' })).toHaveCount(0);
    await row.getByRole('button', { name: 'Pause My day' }).click();
    await expect(row).toContainText('Paused');

    await page.goto('/brief');
    await expect(mailSwitch).not.toBeChecked();
    await expect(page.getByText('Paused under My subscriptions')).toBeVisible();
    // One click resumes it; another turns it off, which deletes it.
    await mailSwitch.click();
    await expect(mailSwitch).toBeChecked();
    expect(await state()).toMatchObject({ on: true, subscription: { id: on.subscription?.id, paused: false } });
    await mailSwitch.click();
    await expect(mailSwitch).not.toBeChecked();
    expect(await state()).toMatchObject({ on: false, subscription: null });
    await expectNoSeriousA11yViolations(page);
  });

  test("a slipping partner's Call opens the connect-call dialog on the partner and places the call @mobile", async ({ page }) => {
    await signIn(page, 'demo.head', '/brief');
    const { body } = await api<BriefResponse>(page, '/api/brief/');
    const partner = body.slipping_partners.find((p) => p.call !== null);
    expect(partner, 'a slipping partner with an open case in the demo').toBeTruthy();
    if (!partner) return;
    const slipping = page.getByRole('region', { name: 'Slipping partners' });
    const row = slipping.getByRole('row').filter({ hasText: partner.partner_code });
    for (const p of body.slipping_partners.filter((q) => q.call === null))
      await expect(slipping.getByRole('row').filter({ hasText: p.partner_code })).toContainText('No open case');
    const callsOnCase = async () =>
      (
        await api<{ data: { call_details: unknown[] } }>(page, '/services/communication/api/v1/trm-partner-customer-call-details/', {
          method: 'POST',
          body: { case_id: partner.call?.case_id },
        })
      ).body.data.call_details.length;
    const before = await callsOnCase();
    await row.getByRole('button', { name: `Call ${partner.partner_name}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Meeting Details:' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('radio', { name: 'Partner' })).toBeChecked();
    await dialog.getByRole('button', { name: 'Call Partner' }).click();
    await expect(dialog.getByTestId('result-message')).toContainText('Calling the partner: your phone rings first, then');
    await screenshot(page, 'brief-call-dialog');
    await expectNoSeriousA11yViolations(page);
    await dialog.getByRole('button', { name: 'Close', exact: true }).first().click();
    await expect(dialog).toBeHidden();
    // The call went on the partner's case: one more in its history.
    expect(await callsOnCase()).toBe(before + 1);
  });
});
