import { execFileSync } from 'node:child_process';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { formatRupee } from '@dossier/shared';
import { expect } from '@playwright/test';
import { cellOf, expectLoaded, namedTable, screenshot, test } from './helpers';

/*
 * A distributor starting from nothing: DEMO_DATA=false, a small organisation imported with the dossier CLI,
 * the first user created with `users add`, then signing in and finding the organisation's figures on the
 * Dashboard, and every screen answering without an error. A server of its own, next to the demo one.
 */

const E2E_DIR = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const REPO = resolve(E2E_DIR, '..');
const PORT = Number(process.env.E2E_PORT ?? 3100) + 100;
const BASE = `http://127.0.0.1:${PORT}`;
const DATA_DIR = join(E2E_DIR, `.data-e2e-own-${PORT}`);
const FILES = join(DATA_DIR, 'files');
const PASSWORD = 'own-data-password-1';

const csv = (header: string, rows: string[]) => `${header}\n${rows.join('\n')}\n`;

// Issued a minute ago: inside the Dashboard's default range (the month to date) whenever the test runs.
const issued = new Date(Date.now() - 60_000).toISOString();
const POLICIES: { proposal: string; partner: string; status: string; amount: number; businessType: number }[] = [
  { proposal: 'OWN-1', partner: 'OWN01EI', status: 'success', amount: 12500.5, businessType: 1 },
  { proposal: 'OWN-2', partner: 'OWN02EI', status: 'success', amount: 8300, businessType: 2 },
  { proposal: 'OWN-3', partner: 'OWN01EI', status: 'success', amount: 4100.25, businessType: 1 },
  { proposal: 'OWN-4', partner: 'OWN02EI', status: 'pending', amount: 99999, businessType: 1 },
];

const ORG: Record<string, string> = {
  employees: csv('unique_code,name,email,phone,emp_role,designation,manager_code,zone,pincode,active', [
    'OH1,Ira Own Head,ira@own.example,9811100001,head,national_head,,North,110001,true',
    'OR1,Dev Own Rm,dev@own.example,9811100002,rm,rm,OH1,North,110002,true',
  ]),
  partners: csv('unique_code,pos_code,name,phone,email,pincode,state,li_pos_status,gi_pos_status,registered_at', [
    'OWN01EI,OWNPOS1,Own Partner One,9811100011,p1@own.example,110003,delhi,false,true,2026-01-05',
    'OWN02EI,OWNPOS2,Own Partner Two,9811100012,p2@own.example,110004,Haryana,true,true,2026-01-06',
  ]),
  partner_mappings: csv('partner_code,manager_code,reporting_type,valid_from,valid_to', [
    'OWN01EI,OR1,2,2026-01-01,',
    'OWN02EI,OR1,2,2026-01-01,',
  ]),
  customers: csv('customer_code,name,phone,email,pincode', ['OC1,Own Customer,9811100021,c1@own.example,110005']),
  policies: csv(
    'proposal_no,policy_no,partner_code,employee_code,customer_code,product_type_id,insurer,state,business_type,channel,status,paid_amount,weightage_premium,loan_amount,payment_id,issued_at',
    POLICIES.map(
      (p) =>
        `${p.proposal},,${p.partner},,OC1,10,HDFC ERGO,Delhi,${p.businessType},pos,${p.status},${p.amount},,,PAY-${p.proposal},${issued}`,
    ),
  ),
};

let server: ChildProcess | undefined;

function dossier(args: string[], input?: string): string {
  return execFileSync('npx', ['tsx', join(REPO, 'apps/server/src/cli/dossier.ts'), ...args], {
    cwd: E2E_DIR,
    env: { ...process.env, DATABASE_URL: '', DATA_DIR, DEMO_DATA: 'false' },
    input: input ?? '',
    encoding: 'utf8',
  });
}

test.describe('own data, no demo', () => {
  test.beforeAll(async () => {
    test.setTimeout(300_000);
    // Another process on the port would answer the readiness check below in this server's place.
    const taken = await fetch(`${BASE}/healthz`).then(
      () => true,
      () => false,
    );
    if (taken) throw new Error(`port ${PORT} is in use: stop that process, or set E2E_PORT`);
    rmSync(DATA_DIR, { recursive: true, force: true });
    mkdirSync(FILES, { recursive: true });
    for (const [entity, text] of Object.entries(ORG)) writeFileSync(join(FILES, `${entity}.csv`), text);
    // The whole folder in one command, in import order.
    const reports = dossier(['import', '--dir', FILES]).trim().split('\n');
    expect(reports.map((line) => line.split(':')[0])).toEqual(['employees', 'partners', 'partner_mappings', 'customers', 'policies']);
    for (const line of reports) expect(line).toMatch(/^\w+: received \d+, inserted \d+, updated 0, unchanged 0, rejected 0 in/);
    expect(dossier(['users', 'add', '--login', 'ira', '--employee', 'OH1', '--password-stdin', '--admin'], `${PASSWORD}\n`)).toContain(
      'Created user ira for employee OH1 (administrator)',
    );
    server = spawn('npx', ['tsx', join(REPO, 'apps/server/src/server.ts')], {
      cwd: E2E_DIR,
      env: { ...process.env, DATABASE_URL: '', DATA_DIR, DEMO_DATA: 'false', PORT: String(PORT), HOST: '127.0.0.1', LOG_LEVEL: 'warn' },
      stdio: 'ignore',
      detached: true,
    });
    for (let i = 0; i < 240; i++) {
      const ok = await fetch(`${BASE}/readyz`).then(
        (r) => r.ok,
        () => false,
      );
      if (ok) return;
      await new Promise((r) => setTimeout(r, 500));
    }
    throw new Error('the own-data server did not start');
  });

  test.afterAll(() => {
    if (server?.pid) process.kill(-server.pid, 'SIGTERM');
  });

  test('sign in as the created user and find the imported figures on the Dashboard', async ({ page }) => {
    await page.goto(`${BASE}/login?next=%2Fdashboard`);
    await page.getByLabel('Username').fill('ira');
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
    const summary = namedTable(page, 'Business summary');
    await expectLoaded(summary);
    const success = POLICIES.filter((p) => p.status === 'success');
    const sum = (rows: typeof POLICIES) => rows.reduce((a, p) => a + p.amount, 0);
    expect(await cellOf(summary, /^Total/, 'Policies count')).toBe(String(success.length));
    expect(await cellOf(summary, /^Total/, 'Total Premium')).toBe(formatRupee(sum(success)));
    const newBusiness = success.filter((p) => p.businessType === 1);
    expect(await cellOf(summary, /^New Business/, 'Total Premium')).toBe(formatRupee(sum(newBusiness)));
    const team = namedTable(page, 'Team report summary');
    await expectLoaded(team);
    expect(await cellOf(team, 'OR1', 'Policies count')).toBe(String(success.length));
    await screenshot(page, 'own-data-dashboard');
  });

  test('the side menu has no Contests group: the distributor has imported no contests', async ({ page }) => {
    await page.goto(`${BASE}/login?next=%2Fdashboard`);
    await page.getByLabel('Username').fill('ira');
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    const menu = page.getByRole('navigation', { name: 'Side menu' });
    await expect(menu.getByRole('link', { name: 'Recruitment' })).toBeVisible();
    await expect(menu.getByRole('link', { name: 'Direct dashboard' })).toBeVisible();
    await expect(menu.getByText('Contests')).toHaveCount(0);
    await expect(menu.getByText(/zone contest/)).toHaveCount(0);
  });

  test('every screen answers without an error on a system started without demo data (most are empty)', async ({ page }) => {
    test.slow();
    const failures: string[] = [];
    page.on('response', (r) => {
      if (r.url().startsWith(BASE) && r.status() >= 400) failures.push(`${r.status()} ${r.request().method()} ${r.url()}`);
    });
    await page.goto(`${BASE}/login?next=%2Fdashboard`);
    await page.getByLabel('Username').fill('ira');
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
    const screens = [
      '/dashboard',
      // Every dashboard but Contests (8): without contests there is none.
      ...[1, 2, 3, 4, 5, 6, 7, 9, 10].map((id) => `/reports/${id}/`),
      '/reports/38/',
      '/liferenewalsreport',
      '/mappedpartners',
      '/manageteam',
      '/reporteelist',
      '/requesterview',
      '/analytics',
      '/rm-dashboard',
      '/trm-dashboard',
      '/my-appointments',
    ];
    for (const path of screens) {
      await page.goto(`${BASE}${path}`);
      await page.waitForLoadState('networkidle');
      await expect(page.getByRole('heading', { level: 1 }).first(), path).toBeVisible();
      await expect(page.getByText('Something went wrong')).toHaveCount(0);
    }
    expect(failures).toEqual([]);
  });
});
