import { expect } from '@playwright/test';
import { closeDialog, expectLoaded, messageDialog, namedTable, screenshot, signIn, test } from './helpers';

/**
 * Every message a person sees is a sentence for a person: no field paths, no 'Invalid request:', no
 * dialer message for a report, no HTML error page. The spec's own texts stay exactly as written.
 */

const TECHNICAL = /Invalid request|body\.|querystring\.|<html|<!DOCTYPE|Request failed with status|Failed to fetch/i;

test.describe('messages for people', () => {
  test('Reject with nothing selected says what to do', async ({ page }) => {
    await signIn(page, 'demo.asm', '/manageteam');
    const team = namedTable(page, 'Manage Team');
    await expectLoaded(team);
    await team
      .getByRole('link', { name: /^Open MR\d{6} of / })
      .first()
      .click();
    await expectLoaded(namedTable(page, 'Reportees'));
    await page.getByRole('button', { name: 'Reject' }).click();
    const dialog = messageDialog(page, 'Error');
    await expect(dialog).toBeVisible();
    await expect(dialog.getByText('Error: Select at least one reportee', { exact: true })).toBeVisible();
    await expect(dialog).not.toContainText(TECHNICAL);
    await screenshot(page, 'ux-message-reject-empty');
    await closeDialog(page);
  });

  test('a report request that gets no answer is not blamed on the dialer', async ({ page }) => {
    await signIn(page, 'demo.asm', '/');
    await page.route('**/api/reports/**', (route) => route.abort('connectionrefused'));
    await page.goto('/reports/1/');
    const dialog = messageDialog(page, 'Error');
    await expect(
      dialog.getByText('Error: Dossier could not be reached. Check your connection and try again.', { exact: true }),
    ).toBeVisible();
    await expect(dialog).not.toContainText('dialer');
    await screenshot(page, 'ux-message-offline');
  });

  test('an HTML error page from a proxy becomes a sentence', async ({ page }) => {
    await signIn(page, 'demo.asm', '/');
    const html =
      '<html><head><title>502 Bad Gateway</title></head><body><center><h1>502 Bad Gateway</h1></center><hr><center>nginx</center></body></html>';
    await page.route('**/api/reports/**', (route) => route.fulfill({ status: 502, contentType: 'text/html', body: html }));
    await page.goto('/reports/1/');
    const dialog = messageDialog(page, 'Error');
    await expect(
      dialog.getByText('Error: Dossier is not answering right now (it may be starting or restarting). Try again in a moment.', {
        exact: true,
      }),
    ).toBeVisible();
    await expect(dialog).not.toContainText(TECHNICAL);
  });

  test("the spec's own texts stay as written: the pincode rules and the dialer message", async ({ page }) => {
    await signIn(page, 'demo.trm', '/trm-dashboard');
    const row = page.locator('tr[data-status="open"]').first();
    const caseId = (await row.getAttribute('data-case-id')) ?? '';
    await row.getByRole('button', { name: `Call on case ${caseId}` }).click();
    const d = page.getByRole('dialog', { name: 'Meeting Details:' });
    await d.getByRole('radio', { name: 'Not Interested in Advisors' }).check();
    await d.getByRole('textbox', { name: 'Customer Pincode' }).fill('11000a');
    await d.getByRole('button', { name: 'Search Advisor' }).click();
    await expect(d.getByText('Pincode is Incorrect', { exact: true })).toBeVisible();
    // A call-centre request that gets no answer keeps the spec's dialer message.
    await page.route('**/services/communication/api/v1/trm-call-to-connect/', (route) => route.abort('connectionrefused'));
    await d.getByRole('radio', { name: 'Customer', exact: true }).check();
    await d.getByRole('button', { name: 'Call Customer' }).click();
    await expect(messageDialog(page, 'Error').getByText('Error: Error response from dialer', { exact: true })).toBeVisible();
  });
});
