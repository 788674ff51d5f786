import AxeBuilder from '@axe-core/playwright';
import { mkdir } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { addDays, kolkataToday } from '@dossier/shared';

/** Shared by every spec: sign-in, screenshots, tables, dialogs, dates and the accessibility check. */

export const DEMO_PASSWORD = 'dossier-demo';

const E2E_DIR = resolve(dirname(fileURLToPath(import.meta.url)), '..');
/** The e2e server's DATA_DIR, as playwright.config.ts sets it (relative to e2e/). */
export const DATA_DIR = resolve(E2E_DIR, process.env.E2E_DATA_DIR ?? '.data-e2e');
export const SCREENSHOT_DIR = join(E2E_DIR, 'screenshots');

/** Signs in through the sign-in page and lands on `next`. */
export async function signIn(page: Page, username: string, next = '/'): Promise<void> {
  await page.goto(`/login?next=${encodeURIComponent(next)}`);
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
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

/** Closes the open message dialog with its Close button and waits for it to go. */
export async function closeDialog(page: Page): Promise<void> {
  const dialog = messageDialog(page);
  await dialog.getByRole('button', { name: 'Close', exact: true }).click();
  await expect(dialog).toBeHidden();
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
