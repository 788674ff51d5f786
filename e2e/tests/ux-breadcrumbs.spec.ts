import { expect, type Page } from '@playwright/test';
import { kolkataDay, namedTable, screenshot, signIn, test } from './helpers';
import { api, type ApiReport } from './reports-helpers';

/**
 * The drill trail: each crumb names the account whose page it links to, the last one names the page
 * shown, after clicks, Back, Forward, crumb clicks, reloads and addresses typed in.
 */

const RANGE = `start_date=${kolkataDay(-300)}&end_date=${kolkataDay()}`;

interface Crumb {
  label: string;
  /** The account of the page the crumb links to ('' for Home); null for the last, plain-text crumb. */
  account: string | null;
}

/** The trail on screen, once it is there. */
async function trailOf(page: Page): Promise<Crumb[]> {
  const nav = page.getByRole('navigation', { name: 'Breadcrumb' });
  if ((await nav.count()) === 0) return [];
  return nav.evaluate((el) =>
    Array.from(el.querySelectorAll<HTMLElement>('a, [aria-current="page"]')).map((node) => {
      const href = node.getAttribute('href');
      const path = href ? new URL(href, location.href).pathname : null;
      return { label: node.textContent?.trim() ?? '', account: path === null ? null : decodeURIComponent(path.split('/')[3] ?? '') };
    }),
  );
}

/** Names of accounts as the API gives them (the account a report page is about). */
async function nameOf(page: Page, account: string): Promise<string> {
  const report = account.toUpperCase().includes('EI') ? 37 : 11;
  const body = (await api<ApiReport & { account: { user_name: string } }>(page, `/api/reports/${report}/?account_id=${account}`)).body;
  return body.account.user_name;
}

/** Expects Home, then one crumb per account of `path`, each named for the account it links to, the last the page's. */
async function expectTrail(page: Page, path: readonly string[]): Promise<void> {
  const names = await Promise.all(path.map((a) => nameOf(page, a)));
  const expected: Crumb[] = [
    { label: 'Home', account: '' },
    ...path.map((account, i) => ({ label: names[i] ?? '', account: i === path.length - 1 ? null : account })),
  ];
  await expect.poll(() => trailOf(page)).toEqual(expected);
  const shown = path.at(-1);
  if (shown) expect(page.url()).toContain(`/${shown}`);
}

async function drill(page: Page, table: string, code: RegExp): Promise<string> {
  const link = namedTable(page, table).getByRole('link', { name: code }).first();
  const account = await link.innerText();
  await link.click();
  await expect(page).toHaveURL(new RegExp(`/reports/\\d+/${account}\\?`));
  return account;
}

test.describe('breadcrumbs name the account of their page', () => {
  test('demo.asm: drills, Back, Forward, reload, crumb clicks and a typed address', async ({ page }) => {
    test.slow();
    await signIn(page, 'demo.asm', `/reports/1/?${RANGE}`);
    await expect(namedTable(page, 'Team report summary')).toBeVisible();
    expect(await trailOf(page)).toEqual([]);

    const tl = await drill(page, 'Team report summary', /^TL\d+$/);
    await expectTrail(page, [tl]);
    const rm = await drill(page, 'Team report summary', /^RM\d+$/);
    await expectTrail(page, [tl, rm]);
    const partner = await drill(page, 'Team report summary', /^EI\d+$/);
    await expectTrail(page, [tl, rm, partner]);
    await screenshot(page, 'ux-breadcrumbs-executive');

    await page.goBack();
    await expectTrail(page, [tl, rm]);
    await page.goForward();
    await expectTrail(page, [tl, rm, partner]);
    await page.reload();
    await expectTrail(page, [tl, rm, partner]);

    // A crumb click goes up to that account's page.
    await page
      .getByRole('navigation', { name: 'Breadcrumb' })
      .getByRole('link', { name: await nameOf(page, tl) })
      .click();
    await expectTrail(page, [tl]);
    const other = await drill(page, 'Team report summary', /^RM\d+$/);
    await expectTrail(page, [tl, other]);
    await page.goBack();
    await expectTrail(page, [tl]);

    // An address typed in: the trail still names the account shown.
    await page.goto(`/reports/11/${rm}?${RANGE}`);
    await expectTrail(page, [tl, rm]);
    await page.goto(`/reports/1/?${RANGE}`);
    expect(await trailOf(page)).toEqual([]);
  });

  test('demo.head: four drills from the Dashboard', async ({ page }) => {
    test.slow();
    await signIn(page, 'demo.head', '/dashboard');
    const path: string[] = [];
    for (let level = 0; level < 4; level++) {
      const table = namedTable(page, 'Team report summary');
      await expect(table.getByRole('row').nth(1)).toBeVisible();
      // The member with the most business, so the next level has rows too.
      const links = table.getByRole('link', { name: /^[A-Z]+\d+$/ });
      if ((await links.count()) === 0) break;
      path.push(await drill(page, 'Team report summary', /^[A-Z]+\d+$/));
      await expectTrail(page, path);
    }
    expect(path.length).toBeGreaterThanOrEqual(3);
    await page.goBack();
    await expectTrail(page, path.slice(0, -1));
    await page.reload();
    await expectTrail(page, path.slice(0, -1));
  });
});
