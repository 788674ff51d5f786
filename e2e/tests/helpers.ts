import AxeBuilder from '@axe-core/playwright';
import { mkdir } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test as base, type Locator, type Page } from '@playwright/test';
import { serverDataDir, serverUrl } from '../servers';
import { addDays, AUTH_PATHS, kolkataToday, LoginResponse, sessionEntries } from '@dossier/shared';

/** Shared by every spec: sign-in, screenshots, tables, dialogs, dates and the accessibility check. */

export const DEMO_PASSWORD = 'dossier-demo';

const E2E_DIR = resolve(dirname(fileURLToPath(import.meta.url)), '..');
/** Playwright's test, on the server of the worker running it (servers.ts). Every spec uses this one. */
export const test = base.extend({
  // Playwright reads a fixture's dependencies from this destructuring: none here.
  // eslint-disable-next-line no-empty-pattern
  baseURL: async ({}, use, testInfo) => {
    await use(serverUrl(testInfo.parallelIndex));
  },
});

/** The DATA_DIR of the server the running test talks to. */
export function dataDir(): string {
  return resolve(E2E_DIR, serverDataDir(test.info().parallelIndex));
}
export const SCREENSHOT_DIR = join(E2E_DIR, 'screenshots');

/**
 * Signs in as the sign-in page would (the same call, the same stored session) and opens `next`. The page
 * itself is driven in shell.spec.ts; here it would only add a second or so to every test.
 */
export async function signIn(page: Page, username: string, next = '/'): Promise<void> {
  const response = await page.request.post(AUTH_PATHS.login, { data: { username, password: DEMO_PASSWORD } });
  expect(response.status(), `sign-in of ${username}`).toBe(200);
  const entries = sessionEntries(LoginResponse.parse(await response.json()));
  // Local storage belongs to the origin: open a small page of it first, then the screen asked for.
  await page.goto('/healthz');
  await page.evaluate((values) => {
    for (const [key, value] of values) localStorage.setItem(key, value);
  }, entries);
  await page.goto(next);
  await expect(page).not.toHaveURL(/\/login/);
}

/** Signs in as another demo user: the sign-in page sends a signed-in user on, so drop the session first. */
export async function switchUser(page: Page, username: string, next = '/'): Promise<void> {
  await page.evaluate(() => localStorage.clear());
  await signIn(page, username, next);
}

/** A full-page screenshot in e2e/screenshots/, named by screen and project (desktop 1280px, mobile 375px). */
export async function screenshot(page: Page, name: string): Promise<void> {
  // For people to look at; CI keeps no files, so it skips them unless asked (E2E_SCREENSHOTS=1).
  if (process.env.CI === 'true' && process.env.E2E_SCREENSHOTS !== '1') return;
  await mkdir(SCREENSHOT_DIR, { recursive: true });
  await page.screenshot({ path: join(SCREENSHOT_DIR, `${name}-${test.info().project.name}.png`), fullPage: true });
}

/** The table with this accessible name (tables are named by their screen or panel title). */
export function namedTable(page: Page, name: string): Locator {
  return page.getByRole('table', { name, exact: true });
}

/** Waits until a data table has loaded: while it loads it shows placeholder rows and is aria-busy. */
export async function expectLoaded(table: Locator): Promise<void> {
  await expect(table).toHaveAttribute('aria-busy', 'false');
  await expect(table.getByTestId('loading-row')).toHaveCount(0);
}

/** The text of one cell, by row text and column header. */
export async function cellOf(table: Locator, rowText: string | RegExp, column: string): Promise<string> {
  const headers = (await table.getByRole('columnheader').allInnerTexts()).map((h) => h.replace(/[↕▲▼]/g, '').trim());
  const index = headers.indexOf(column);
  expect(index, `column ${column} in ${headers.join('|')}`).toBeGreaterThanOrEqual(0);
  const row = table.getByRole('row').filter({ hasText: rowText }).first();
  return (await row.getByRole('cell').nth(index).innerText()).trim();
}

/** The open message dialog (one at a time, docs/product/shell.md, 'Message dialog'), optionally by title. */
export function messageDialog(page: Page, title?: string): Locator {
  return page.getByRole('dialog', title === undefined ? undefined : { name: title });
}

/**
 * Closes the open message dialog with its Close button and waits for it to go. Found by that button: the
 * dialog that opened it (a form's modal) may still be fading out beside it.
 */
export async function closeDialog(page: Page): Promise<void> {
  const close = page.getByRole('button', { name: 'Close', exact: true });
  const dialog = messageDialog(page).filter({ has: close });
  await dialog.getByRole('button', { name: 'Close', exact: true }).click();
  await expect(dialog).toHaveCount(0);
}

/** yyyy-MM-dd in India time (the app's day), `days` from today. */
export function kolkataDay(days = 0): string {
  return addDays(kolkataToday(), days);
}

export function monthStart(day: string): string {
  return `${day.slice(0, 7)}-01`;
}

/**
 * Runs axe over the whole page (header, side menu, main and any open dialog) against WCAG 2.1 A
 * and AA and fails on serious or critical violations, naming each rule and element.
 */
export async function expectNoSeriousA11yViolations(page: Page): Promise<void> {
  // A dialog or menu still fading in blends its text with the overlay behind it, which axe reports as
  // low contrast: wait for the finite animations and transitions (spinners run forever) to finish.
  await page.waitForFunction(() =>
    document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity),
  );
  const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  const serious = result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.id} (${v.impact}): ${v.nodes.map((n) => `${n.target.join(' ')}${n.failureSummary ? ` — ${n.failureSummary.split('\n')[1]?.trim() ?? ''}` : ''}`).join('; ')}`,
    );
  expect(serious, `accessibility violations on ${page.url()}`).toEqual([]);
}
