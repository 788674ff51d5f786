import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { expect, type Locator, type Page } from '@playwright/test';
import { dataDir } from './helpers';

/** Where the server of the running test writes its mail (MAIL_TRANSPORT outbox). */
const outboxDir = (): string => join(dataDir(), 'outbox');

export interface ApiReport {
  report_id: number;
  report_name: string;
  start_date: string;
  end_date: string;
  data: { data: { columns: string[]; records: Record<string, string | number | null>[] } };
}

/** A call with the signed-in user's token (the one the page holds). */
export async function api<T>(
  page: Page,
  path: string,
  options: { method?: 'GET' | 'POST'; body?: unknown } = {},
): Promise<{ status: number; body: T }> {
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const res = await page.request.fetch(path, {
    method: options.method ?? 'GET',
    headers: { authorization: `Token ${token ?? ''}`, ...(options.body ? { 'content-type': 'application/json' } : {}) },
    data: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  const text = await res.text();
  return { status: res.status(), body: (text ? JSON.parse(text) : null) as T };
}

/** The rupee format of the tables (docs/product/report-screens.md, 'Report table'), to compare a figure on screen with the API's number. */
export { formatRupee as rupee } from '@dossier/shared';

/** Waits for a mail file whose text matches, written by the outbox worker (it polls every few seconds). */
export async function findMail(match: (text: string) => boolean, timeoutMs = 30_000): Promise<string> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const files = await readdir(outboxDir()).catch(() => [] as string[]);
    for (const f of files.filter((n) => n.endsWith('.eml'))) {
      // Unfold headers and quoted-printable soft line breaks so a long subject or line reads whole.
      const text = (await readFile(join(outboxDir(), f), 'utf8')).replace(/=\r?\n/g, '').replace(/\r?\n[ \t]+/g, ' ');
      if (match(text)) return text;
    }
    if (Date.now() > until) throw new Error(`no matching mail in ${outboxDir()}`);
    await new Promise((r) => setTimeout(r, 500));
  }
}

/** Picks a day in the open date picker popover: month arrows, then the day's button ('1 October 2026'). */
export async function pickDay(page: Page, field: Locator, iso: string): Promise<void> {
  await field.click();
  const [y, m, d] = iso.split('-').map(Number) as [number, number, number];
  const label = `${d} ${new Date(Date.UTC(y, m - 1, 1)).toLocaleString('en-GB', { month: 'long', timeZone: 'UTC' })} ${y}`;
  const dropdown = page
    .locator('.mantine-Popover-dropdown')
    .filter({ has: page.locator('[data-direction="previous"]') })
    .last();
  // Back through the months; a picker bounded below (the end date's minDate is the start) may open before
  // the target month, so once 'previous' is disabled go forward instead.
  for (let i = 0; i < 48 && (await dropdown.getByRole('button', { name: label, exact: true }).count()) === 0; i++) {
    const previous = dropdown.locator('button[data-direction="previous"]');
    await ((await previous.isEnabled()) ? previous : dropdown.locator('button[data-direction="next"]')).click();
  }
  await dropdown.getByRole('button', { name: label, exact: true }).first().click();
  await expect(dropdown).toBeHidden();
}
