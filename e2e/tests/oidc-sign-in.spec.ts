import { spawn, type ChildProcess } from 'node:child_process';
import { rm } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { OIDC_REFUSALS } from '@dossier/shared';
import { expect } from '@playwright/test';
import { startTestProvider, type TestProvider } from '../../apps/server/test/oidc-provider';
import { freePort } from '../../apps/server/test/ports';
import { DEMO_PASSWORD, expectNoSeriousA11yViolations, screenshot, test } from './helpers';

/**
 * Company sign-in in a real browser: a real OpenID provider (oidc-provider) in this process, and a
 * Dossier server of its own configured for it (E2E_OIDC_PORT, or a free port). The deep link asked
 * for before signing in is where the user lands; logging out ends the provider's session too.
 */

const E2E_DIR = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const DATA_DIR = 'oidc-data';

let provider: TestProvider;
let server: ChildProcess;
let base = '';

test.describe.configure({ mode: 'serial', timeout: 300_000 });

test.beforeAll(async () => {
  // The hook starts a second server, which may take the 240 s its readiness loop allows; the group's
  // timeout above covers only the tests.
  test.setTimeout(300_000);
  const port = Number(process.env.E2E_OIDC_PORT ?? (await freePort()));
  base = `http://127.0.0.1:${port}`;
  provider = await startTestProvider({ redirectUris: [`${base}/accounts/oidc/callback/`], postLogoutRedirectUris: [`${base}/login`] });
  const dataDir = resolve(E2E_DIR, process.env.E2E_DATA_DIR ?? '.data-e2e', DATA_DIR);
  await rm(dataDir, { recursive: true, force: true });
  // node itself (with tsx's loader), not npx: stopping it then stops the server.
  server = spawn(process.execPath, ['--import', 'tsx', resolve(E2E_DIR, '../apps/server/src/server.ts')], {
    cwd: E2E_DIR,
    stdio: 'ignore',
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DEMO_SCALE: '0.01',
      LOG_LEVEL: 'warn',
      LOGIN_RATE_LIMIT: '500',
      WEB_DIST: resolve(E2E_DIR, '../apps/web/dist'),
      OIDC_ISSUER_URL: provider.issuer,
      OIDC_CLIENT_ID: provider.clientId,
      OIDC_CLIENT_SECRET: provider.clientSecret,
      OIDC_REDIRECT_URL: `${base}/accounts/oidc/callback/`,
      OIDC_EMPLOYEE_CLAIM: 'employee_code',
      OIDC_PROVIDER_NAME: 'Test ID',
    },
  });
  for (let i = 0; ; i++) {
    const ready = await fetch(`${base}/readyz`)
      .then((r) => r.ok)
      .catch(() => false);
    if (ready) break;
    if (i > 480) throw new Error('the OIDC Dossier server did not start');
    await new Promise((r) => setTimeout(r, 500));
  }
  // The provider knows demo.rm by their employee code.
  const login = await fetch(`${base}/accounts/api/v1/login/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'demo.rm', password: DEMO_PASSWORD }),
  });
  const code = ((await login.json()) as { user: { code: string } }).user.code;
  provider.accounts.set('rm.person', { employee_code: code.toLowerCase() });
  provider.accounts.set('stranger', { employee_code: 'NOBODY-HERE' });
});

test.afterAll(async () => {
  if (server && server.exitCode === null) {
    const exited = new Promise((r) => server.once('exit', r));
    server.kill('SIGTERM');
    await exited;
  }
  await provider?.close();
});

test('signs in through the company provider and lands on the deep link asked for; logout ends both sessions', async ({ page }) => {
  const deep = '/reports/1?start_date=2026-01-01&end_date=2026-01-31';
  await page.goto(`${base}${deep}`);
  await expect(page).toHaveURL(/\/login\?next=/);
  const button = page.getByRole('link', { name: 'Sign in with Test ID' });
  await expect(button).toBeVisible();
  await expect(page.getByLabel('Username')).toBeVisible();
  await screenshot(page, 'oidc-sign-in');
  await expectNoSeriousA11yViolations(page);

  await button.click();
  await expect(page.getByRole('heading', { name: 'Test identity provider' })).toBeVisible();
  await page.getByLabel('Login').fill('rm.person');
  await page.getByRole('button', { name: 'Continue' }).click();

  await expect(page).toHaveURL(`${base}${deep}`);
  await expect(page.getByRole('heading', { name: 'Business Dashboard' }).first()).toBeVisible();
  const token = await page.evaluate(() => localStorage.getItem('token'));
  expect(token).toMatch(/^[A-Za-z0-9_-]{40,}$/);

  await page.getByRole('button', { name: 'User menu' }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page).toHaveURL(`${base}/login`);
  expect(provider.loggedOut).toContain('rm.person');
  const me = await fetch(`${base}/accounts/api/v1/me/`, { headers: { authorization: `Token ${token}` } });
  expect(me.status).toBe(401);
});

test('someone who is not an employee gets a clear refusal page', async ({ page }) => {
  await page.goto(`${base}/login`);
  await page.getByRole('link', { name: 'Sign in with Test ID' }).click();
  await page.getByLabel('Login').fill('stranger');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(`${base}/login/refused?reason=unknown_employee`);
  await expect(page.getByRole('alert')).toHaveText(
    'Your company account does not match any active employee in Dossier. Ask your administrator to add you.',
  );
  await screenshot(page, 'oidc-refused');
  await expectNoSeriousA11yViolations(page);
});

test('a sign-in started in another browser is refused, with a way to sign in again (login CSRF)', async ({ browser, page }) => {
  // The attacker signs in through the provider in their own browser and keeps the callback address.
  const attacker = await browser.newContext();
  const attackerPage = await attacker.newPage();
  let callback = '';
  // The provider's answer to the login form redirects (through its own pages) to our callback. A browser
  // route never sees a redirect's next request, so the form's request is sent here and its redirects followed
  // by hand, with the attacker's cookies, until the callback address: kept, never opened.
  await attackerPage.route(`${provider.issuer}/interaction/**`, async (route) => {
    if (route.request().method() !== 'POST') return route.continue();
    let answer = await route.fetch({ maxRedirects: 0 });
    for (let hop = 0; hop < 5 && !callback; hop++) {
      const location = answer.headers()['location'];
      if (!location) break;
      const next = new URL(location, answer.url()).toString();
      if (next.startsWith(`${base}/accounts/oidc/callback/`)) callback = next;
      else answer = await attacker.request.get(next, { maxRedirects: 0 });
    }
    await route.abort();
  });
  await attackerPage.goto(`${base}/login`);
  await attackerPage.getByRole('link', { name: 'Sign in with Test ID' }).click();
  await attackerPage.getByLabel('Login').fill('rm.person');
  await attackerPage.getByRole('button', { name: 'Continue' }).click();
  await expect.poll(() => callback).toContain('state=');
  await attacker.close();

  // The victim's browser is made to open it: it is not signed in as the attacker.
  await page.goto(callback);
  await expect(page).toHaveURL(`${base}/login/refused?reason=other_browser`);
  await expect(page.getByRole('alert')).toHaveText(OIDC_REFUSALS.other_browser);
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
  await page.getByRole('link', { name: 'Back to sign-in' }).click();
  await expect(page).toHaveURL(`${base}/login`);
});
