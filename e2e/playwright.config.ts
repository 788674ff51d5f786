import { existsSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, devices } from '@playwright/test';
import { serverDataDir, serverPort, serverUrl, WORKERS } from './servers';

// Debian's Chromium, never a downloaded browser. Under CI=true a missing browser fails the run.
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const haveBrowser = existsSync(chromium);
if (!haveBrowser && process.env.CI === 'true')
  throw new Error(`Chromium not found at ${chromium}: install Debian's chromium or set CHROMIUM_PATH`);
if (!haveBrowser) console.warn(`Skipping browser tests: no Chromium at ${chromium}`);

export default defineConfig({
  testDir: './tests',
  testIgnore: haveBrowser ? [] : ['**/*'],
  timeout: 30_000,
  expect: { timeout: 10_000 },
  // Whole files per worker, each worker with a server of its own (servers.ts).
  fullyParallel: false,
  workers: WORKERS,
  retries: 0,
  reporter: [['list']],
  use: {
    // baseURL is set per worker by the `test` of tests/helpers.ts, which every spec uses.
    trace: 'off',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: chromium,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-quic',
      ],
    },
  },
  // E2E_PROJECT=desktop or mobile runs one width only: CI runs desktop against PGlite and mobile against
  // PostgreSQL, so each database meets the browser within the time CI allows (docs/decisions/017).
  projects: [
    { name: 'desktop', use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 }, channel: undefined } },
    { name: 'mobile', use: { viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true }, grep: /@mobile/ },
  ].filter((p) => !process.env.E2E_PROJECT || p.name === process.env.E2E_PROJECT),
  webServer: haveBrowser
    ? Array.from({ length: WORKERS }, (_, worker) => ({
        // A fresh small demo organisation on every run (PGlite unless DATABASE_URL is set).
        command: `rm -rf ${serverDataDir(worker)} && npx tsx ../apps/server/src/server.ts`,
        url: `${serverUrl(worker)}/readyz`,
        timeout: 240_000,
        reuseExistingServer: false,
        stdout: 'pipe' as const,
        env: {
          PORT: String(serverPort(worker)),
          HOST: '127.0.0.1',
          DATA_DIR: serverDataDir(worker),
          DEMO_SCALE: process.env.E2E_DEMO_SCALE ?? '0.05',
          LOG_LEVEL: 'warn',
          // Calls are answered after fixed times, so call-centre specs can watch one complete.
          TELEPHONY_SIMULATOR_MODE: 'deterministic',
          // @fastify/static needs an absolute root. E2E_WEB_DIST lets parallel runs each serve a build of their own.
          WEB_DIST: process.env.E2E_WEB_DIST ?? resolve(dirname(fileURLToPath(import.meta.url)), '../apps/web/dist'),
        },
      }))
    : undefined,
});
