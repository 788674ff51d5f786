import { expect, type Page } from '@playwright/test';
import { closeDialog, expectNoSeriousA11yViolations, kolkataDay, messageDialog, namedTable, screenshot, signIn, test } from './helpers';
import { api, findMail } from './reports-helpers';

/**
 * Scheduled report mails (docs/product/subscriptions.md): 'Schedule…' on a report's mail icon, then My subscriptions
 * (pause, resume, edit, delete, send now); 'Send now' on the mail icon still mails at once.
 */

const START = kolkataDay(-60);
const END = kolkataDay();
const toDmy = (iso: string) => iso.split('-').reverse().join('/');

interface ApiSubscription {
  id: number;
  report_name: string;
  schedule_text: string;
  paused: boolean;
  filters: Record<string, unknown>;
  next_run_at: string;
}
const mine = async (page: Page) => (await api<{ subscriptions: ApiSubscription[] }>(page, '/api/subscriptions/')).body.subscriptions;

test.describe('subscriptions', () => {
  test('schedule from the mail icon, then pause, resume, edit and delete on My subscriptions', async ({ page }) => {
    await signIn(page, 'demo.asm', `/reports/11/?start_date=${START}&end_date=${END}`);
    for (const s of await mine(page)) await api(page, `/api/subscriptions/${s.id}/delete/`, { method: 'POST', body: {} });

    await page.getByRole('button', { name: 'Email Team report summary' }).click();
    await expect(page.getByRole('menuitem', { name: 'Send now' })).toBeVisible();
    await screenshot(page, 'subscriptions-mail-menu');
    await page.getByRole('menuitem', { name: 'Schedule…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Schedule Team report summary' });
    await expect(dialog).toContainText(`Period: ${toDmy(START)} to ${toDmy(END)} (fixed)`);
    // A bad time is refused in the form, with the schema's message.
    await dialog.getByLabel('Time (India time)').fill('');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toContainText('time must be HH:MM (24-hour, India time)');
    await dialog.getByRole('combobox', { name: 'Frequency' }).click();
    await dialog.getByRole('option', { name: 'Weekly' }).click();
    await dialog.getByRole('combobox', { name: 'Day of the week' }).click();
    await dialog.getByRole('option', { name: 'Friday' }).click();
    await dialog.getByLabel('Time (India time)').fill('07:45');
    await screenshot(page, 'subscriptions-schedule-dialog');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(messageDialog(page, 'Subscription saved')).toContainText('Team report summary: Weekly on Friday at 07:45. Next mail');
    await closeDialog(page);

    // The server holds it with the report's filters as the panel sent them.
    const [saved] = await mine(page);
    expect(saved).toMatchObject({ report_name: 'Team report summary', schedule_text: 'Weekly on Friday at 07:45', paused: false });
    expect(saved?.filters).toMatchObject({ start_date: START, end_date: END });

    await page.getByRole('button', { name: 'User menu' }).click();
    await page.getByRole('menuitem', { name: 'My subscriptions' }).click();
    await expect(page).toHaveURL(/\/subscriptions$/);
    await expect(page.getByRole('heading', { name: 'My subscriptions', level: 1 })).toBeVisible();
    const table = namedTable(page, 'My subscriptions');
    const row = table.getByRole('row').filter({ hasText: 'Team report summary' });
    await expect(row).toContainText('Weekly on Friday at 07:45');
    await expect(row).toContainText(`${toDmy(START)} to ${toDmy(END)}`);
    await screenshot(page, 'subscriptions-list');

    await row.getByRole('button', { name: 'Pause Team report summary' }).click();
    await expect(row).toContainText('Paused');
    expect((await mine(page))[0]?.paused).toBe(true);
    await row.getByRole('button', { name: 'Resume Team report summary' }).click();
    await expect(row.getByRole('button', { name: 'Pause Team report summary' })).toBeVisible();
    expect((await mine(page))[0]?.paused).toBe(false);

    await row.getByRole('button', { name: 'Edit Team report summary' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Team report summary' });
    await edit.getByRole('combobox', { name: 'Frequency' }).click();
    await edit.getByRole('option', { name: 'Monthly' }).click();
    await edit.getByRole('combobox', { name: 'Day of the month' }).click();
    await edit.getByRole('option', { name: '31', exact: true }).click();
    await edit.getByLabel('Time (India time)').fill('18:00');
    await edit.getByRole('button', { name: 'Save' }).click();
    await expect(edit).toBeHidden();
    await expect(row).toContainText('Monthly on day 31 at 18:00');
    expect((await mine(page))[0]?.schedule_text).toBe('Monthly on day 31 at 18:00');

    await row.getByRole('button', { name: 'Delete Team report summary' }).click();
    await expect(messageDialog(page, 'Info')).toContainText('Subscription deleted');
    await closeDialog(page);
    await expect(table).toContainText('No subscriptions yet');
    expect(await mine(page)).toEqual([]);
  });

  test("a dashboard's page schedules the whole dashboard with the page's filters", async ({ page }) => {
    await signIn(page, 'demo.zsm', `/reports/1/?start_date=${START}&end_date=${END}`);
    for (const s of await mine(page)) await api(page, `/api/subscriptions/${s.id}/delete/`, { method: 'POST', body: {} });
    await page.getByRole('button', { name: 'Email Business summary' }).click();
    await page.getByRole('menuitem', { name: 'Schedule dashboard…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Schedule Business Dashboard' });
    await dialog.getByLabel('Weekdays only (Monday to Friday)').check();
    await dialog.getByLabel('Time (India time)').fill('08:15');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(messageDialog(page, 'Subscription saved')).toContainText('Business Dashboard: Daily at 08:15 (Mon–Fri).');
    await closeDialog(page);
    const [saved] = await mine(page);
    expect(saved).toMatchObject({ report_name: 'Business Dashboard', schedule_text: 'Daily at 08:15 (Mon–Fri)' });
    expect(saved?.filters).toMatchObject({ start_date: START, end_date: END });

    await page.goto('/subscriptions');
    const row = namedTable(page, 'My subscriptions').getByRole('row').filter({ hasText: 'Business Dashboard' });
    await expect(row).toContainText('Daily at 08:15 (Mon–Fri)');
    await expectNoSeriousA11yViolations(page);
    await api(page, `/api/subscriptions/${saved?.id ?? 0}/delete/`, { method: 'POST', body: {} });
  });

  test("'Send now' on the mail icon still mails the report at once", async ({ page }) => {
    await signIn(page, 'demo.asm', `/reports/11/?start_date=${START}&end_date=${END}`);
    await page.getByRole('button', { name: 'Email Team report summary' }).click();
    await page.getByRole('menuitem', { name: 'Send now' }).click();
    await expect(messageDialog(page, 'Info')).toContainText('Report will be sent on your email shortly');
    await closeDialog(page);
    const mail = await findMail((t) => t.includes(`Subject: Team report summary (${toDmy(START)} to ${toDmy(END)})`));
    expect(mail).toContain('.xlsx');
  });

  test("'Send now' on My subscriptions mails it to its owner at once and leaves its schedule alone @mobile", async ({ page }) => {
    // A time of its own per width, so the mail found is this run's.
    const time = test.info().project.name === 'mobile' ? '06:20' : '06:10';
    await signIn(page, 'demo.asm', '/subscriptions');
    for (const s of await mine(page)) await api(page, `/api/subscriptions/${s.id}/delete/`, { method: 'POST', body: {} });
    const created = await api<ApiSubscription>(page, '/api/subscriptions/', {
      method: 'POST',
      body: { report_id: 11, filters: { start_date: START, end_date: END }, schedule: { frequency: 'daily', time, weekdays_only: false } },
    });
    expect(created.status).toBe(200);
    const { email } = (await api<{ email: string }>(page, '/accounts/api/v1/me/')).body;

    await page.reload();
    const row = namedTable(page, 'My subscriptions').getByRole('row').filter({ hasText: 'Team report summary' });
    await expect(row).toContainText(`Daily at ${time}`);
    const nextMail = await row.getByRole('cell').nth(3).innerText();
    await row.getByRole('button', { name: 'Send now: Team report summary' }).click();
    await expect(messageDialog(page, 'Info')).toContainText(
      `Team report summary will be sent to ${email} shortly. Its schedule is unchanged.`,
    );
    // Once the dialog has come in (a trial click waits until it stops moving).
    await messageDialog(page, 'Info').getByRole('button', { name: 'Close', exact: true }).click({ trial: true });
    await screenshot(page, 'subscriptions-sent-now');
    await closeDialog(page);

    // The schedule's own mail, to the owner, now; the next mail is still the one it was.
    const mail = await findMail((t) => t.includes(`This subscription: Daily at ${time} (India time)`));
    expect(mail).toContain(`To: ${email}`);
    expect(mail).toContain(`Subject: Team report summary (${toDmy(START)} to ${toDmy(END)})`);
    await expect(row.getByRole('cell').nth(3)).toHaveText(nextMail);
    const [after] = await mine(page);
    expect(after?.next_run_at).toBe(created.body.next_run_at);
    await expectNoSeriousA11yViolations(page);
    await api(page, `/api/subscriptions/${created.body.id}/delete/`, { method: 'POST', body: {} });
  });
});
