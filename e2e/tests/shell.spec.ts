import { expect } from '@playwright/test';
import { DEMO_PASSWORD, expectNoSeriousA11yViolations, screenshot, signIn, test } from './helpers';

test.describe('app shell', () => {
  test('unauthenticated visit goes to sign-in and comes back after it', async ({ page }) => {
    await page.goto('/mappedpartners?selected_date=2026-01-01');
    await expect(page).toHaveURL(/\/login\?next=/);
    await page.getByLabel('Username').fill('demo.rm');
    await page.getByLabel('Password').fill('wrong-password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByText('Invalid username or password')).toBeVisible();
    await expect(page).toHaveURL(/\/login/);
    await expectNoSeriousA11yViolations(page);
    await page.getByLabel('Password').fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(/\/mappedpartners\?selected_date=2026-01-01$/);
    expect(await page.evaluate(() => localStorage.getItem('code'))).toMatch(/^RM/);
  });

  test('an rm sees the full static menu and the dashboards', async ({ page }) => {
    await signIn(page, 'demo.rm');
    const menu = page.getByRole('navigation', { name: 'Side menu' });
    for (const entry of [
      'Business Dashboard',
      'Mapped Partners',
      'Partner Search',
      'Manage Team',
      'Requester View',
      'Mapping Dashboard',
      'RM Dashboard',
      'TRM Dashboard',
      'My views',
    ]) {
      await expect(menu.getByText(entry, { exact: true })).toBeVisible();
    }
    await expect(menu.getByText('Life Renewals Report')).toHaveCount(0);
    // The whole shell, with the active side-menu link (the home page is the Dashboard).
    await menu.getByRole('link', { name: 'Mapped Partners' }).click();
    await expect(menu.getByRole('link', { name: 'Mapped Partners' })).toHaveAttribute('aria-current', 'page');
    await expect(page.getByRole('table', { name: 'Mapped Partners' })).toHaveAttribute('aria-busy', 'false');
    await expectNoSeriousA11yViolations(page);
  });

  test('role 204 sees only Life Renewals Report, Mapped Partners and My views among the static entries', async ({ page }) => {
    await signIn(page, 'demo.r204');
    const menu = page.getByRole('navigation', { name: 'Side menu' });
    await expect(menu.getByText('Life Renewals Report')).toBeVisible();
    await expect(menu.getByText('Mapped Partners')).toBeVisible();
    await expect(menu.getByText('My views', { exact: true })).toBeVisible();
    await expect(menu.getByText('Life Issuance')).toBeVisible();
    for (const hidden of [
      'Partner Search',
      'Manage Team',
      'Requester View',
      'Mapping Dashboard',
      'RM Dashboard',
      'TRM Dashboard',
      'Business Dashboard',
    ]) {
      await expect(menu.getByText(hidden, { exact: true })).toHaveCount(0);
    }
  });

  test('the collapsed side menu stays collapsed after a reload', async ({ page }) => {
    await signIn(page, 'demo.rm');
    const menu = page.getByRole('navigation', { name: 'Side menu' });
    await expect(menu).toBeVisible();
    await page.getByRole('button', { name: 'Toggle menu' }).click();
    await expect(menu).toBeHidden();
    const stored = await page.evaluate(() => localStorage.getItem('dossier-sidenav'));
    expect(stored).not.toBeNull();
    await page.reload();
    await expect(page.getByRole('button', { name: 'Toggle menu' })).toBeVisible();
    await expect(menu).toBeHidden();
    await page.getByRole('button', { name: 'Toggle menu' }).click();
    await expect(menu).toBeVisible();
  });

  test('an unknown path shows the 404 page', async ({ page }) => {
    await signIn(page, 'demo.rm');
    await page.goto('/no/such/page');
    await expect(page.getByRole('img', { name: 'Page not found' })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  });

  test('the ETL panel fetches on open', async ({ page }) => {
    await signIn(page, 'demo.rm');
    const fetched = page.waitForResponse((r) => r.url().includes('/api/etl_jobs/') && r.status() === 200);
    await page.getByRole('button', { name: 'ETL jobs' }).click();
    await fetched;
  });

  test('the ETL panel runs the ETL now for operations staff, and shows what the run did', async ({ page }) => {
    await signIn(page, 'demo.rm');
    await page.getByRole('button', { name: 'ETL jobs' }).click();
    const panel = page.getByRole('region', { name: 'ETL jobs' });
    await expect(panel.getByText('business_rollup')).toBeVisible();
    await expect(panel.getByRole('button', { name: 'Run now' })).toHaveCount(0);

    await signIn(page, 'demo.head');
    await page.getByRole('button', { name: 'ETL jobs' }).click();
    const answered = page.waitForResponse((r) => r.url().endsWith('/api/etl_jobs/run/') && r.request().method() === 'POST');
    const runNow = panel.getByRole('button', { name: 'Run now' });
    await runNow.click();
    const run = (await (await answered).json()) as { ran: boolean; rows_processed: number };
    const expected = run.ran
      ? `Done: ${run.rows_processed.toLocaleString('en-IN')} rows processed.`
      : 'A run was already in progress: the roll-ups are being brought up to date.';
    await expect(panel.getByRole('status')).toHaveText(expected);
    await expect(runNow).not.toHaveAttribute('data-loading');
    await screenshot(page, 'etl-run-now');
  });

  test("the header's buttons keep their place when the user's name arrives", async ({ page }) => {
    // The name is read 500 ms after start; a button moving under the pointer then would take the
    // click meant for its neighbour. Record every button's left edge on each frame from the first paint.
    await page.addInitScript(() => {
      const seen: Record<string, number[]> = {};
      const named: boolean[] = [];
      Object.assign(window, { headerFrames: { seen, named } });
      const record = () => {
        const user = document.querySelector('header [aria-label^="User menu"]');
        if (user) {
          named.push((user.textContent ?? '').trim() !== '');
          for (const button of Array.from(document.querySelectorAll('header button'))) {
            // The user menu's name gains the user's name when it arrives: keyed by what comes before it.
            const name = (button.getAttribute('aria-label') ?? button.textContent ?? '').split(':')[0] ?? '';
            (seen[name] ??= []).push(Math.round(button.getBoundingClientRect().left));
          }
        }
        // Until five frames after the name first shows.
        const firstNamed = named.indexOf(true);
        if (firstNamed === -1 || named.length < firstNamed + 5) requestAnimationFrame(record);
      };
      requestAnimationFrame(record);
    });
    await signIn(page, 'demo.r201');
    await expect(page.getByRole('button', { name: 'User menu' })).toContainText('Rekha Arora');
    // The recorder runs on animation frames: read it once it has recorded five frames with the name (read as
    // soon as the name showed, it could still be a frame behind on a busy machine).
    await page.waitForFunction(() => {
      const { named } = (window as unknown as { headerFrames: { named: boolean[] } }).headerFrames;
      const first = named.indexOf(true);
      return first !== -1 && named.length >= first + 5;
    });
    const frames = await page.evaluate(
      () => (window as unknown as { headerFrames: { seen: Record<string, number[]>; named: boolean[] } }).headerFrames,
    );
    // Both states were seen: before the name and after it.
    expect(frames.named).toContain(false);
    expect(frames.named).toContain(true);
    const moved = Object.entries(frames.seen)
      .map(([name, lefts]) => [name, [...new Set(lefts)]] as const)
      .filter(([, lefts]) => lefts.length > 1);
    expect(moved).toEqual([]);
  });

  test('insurance, meeting and payment menus are mutually exclusive', async ({ page }) => {
    await signIn(page, 'demo.r201');
    await page.getByRole('button', { name: 'Insurance' }).click();
    await expect(page.getByRole('menuitem', { name: 'Suraksha' })).toBeVisible();
    await page.getByRole('button', { name: 'Meetings' }).click();
    await expect(page.getByRole('menuitem', { name: 'Book an Appointment' })).toBeVisible();
    await expect(page.getByRole('menuitem', { name: 'Suraksha' })).toBeHidden();
    await page.getByRole('button', { name: 'Payments' }).click();
    await expect(page.getByRole('menuitem', { name: 'Rule Search' })).toBeVisible();
    await expect(page.getByRole('menuitem', { name: 'Special Approval TW' })).toBeVisible();
    await expect(page.getByRole('menuitem', { name: 'Book an Appointment' })).toBeHidden();
  });

  test('Sales Portal hands off with a single-use token in a new tab', async ({ page, context }) => {
    await signIn(page, 'demo.rm');
    const session = await page.evaluate(() => localStorage.getItem('token'));
    const popup = context.waitForEvent('page');
    await page.getByRole('button', { name: 'Sales Portal' }).click();
    const portal = await popup;
    await portal.waitForLoadState();
    await expect(portal.getByText(/Signed in as .* by hand-off/)).toBeVisible();
    expect(await portal.content()).not.toContain(session ?? 'no-session');
  });

  test('logout returns to sign-in and the old token is dead', async ({ page, request }) => {
    await signIn(page, 'demo.rm');
    const token = await page.evaluate(() => localStorage.getItem('token'));
    await page.getByRole('button', { name: 'User menu' }).click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/login/);
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    const me = await request.get('/accounts/api/v1/me/', { headers: { authorization: `Token ${token}` } });
    expect(me.status()).toBe(401);
  });
});

test.describe('mobile @mobile', () => {
  test('375px shows the mobile header @mobile', async ({ page }) => {
    test.skip(test.info().project.name !== 'mobile', 'mobile project only');
    await signIn(page, 'demo.rm');
    await expect(page.getByRole('button', { name: 'Sales', exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Sales Portal' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Insurance' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'ETL jobs' })).toBeHidden();
    await expect(page.getByRole('navigation', { name: 'Side menu' })).toBeHidden();
    await page.getByRole('button', { name: 'Toggle menu' }).click();
    await expect(page.getByRole('navigation', { name: 'Side menu' })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  });
});
