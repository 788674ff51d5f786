import { expect } from '@playwright/test';
import type { BriefResponse } from '@dossier/shared';
import { expectNoSeriousA11yViolations, screenshot, signIn, test } from './helpers';
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
});
