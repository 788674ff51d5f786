import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import lighthouse, { desktopConfig, type Config, type Flags, type Result } from 'lighthouse';
import puppeteer, { type Browser, type BrowserContext, type Page } from 'puppeteer-core';
import { freePort } from '../apps/server/test/ports';
import { startServer } from './server-process';
import { startTlsProxy, type TlsProxy } from './tls-proxy';

export type LighthousePreset = 'desktop' | 'mobile';

/**
 * How the browser reaches the server. 'h2': HTTP/2 over TLS through a terminating proxy, the way the
 * app is deployed (nginx, docs/operations.md); the target is judged here. 'http1': plain HTTP/1.1
 * straight to Node, for comparison: six connections and a queue for everything past them, which on
 * Lighthouse's simulated mobile network costs the signed-in Dashboard about 15 points (decision 011).
 */
export type LighthouseConnection = 'h2' | 'http1';
export const CONNECTION_LABEL: Record<LighthouseConnection, string> = {
  h2: 'HTTP/2 + TLS (as deployed)',
  http1: 'HTTP/1.1 direct',
};

export interface LighthouseResult {
  page: string;
  path: string;
  preset: LighthousePreset;
  connection: LighthouseConnection;
  /** 0–100, the median run of `runs`. */
  performance: number;
  cls: number;
  lcpMs: number;
  fcpMs: number;
  tbtMs: number;
  runs: number;
  /** What Lighthouse named as the largest contentful paint, to explain a slow LCP. */
  lcpElement: string;
  /** Performance audits that did not pass in the median run, for finding the cause of a low score. */
  failing: string[];
}

export const TARGET_PERFORMANCE = 95;
export const TARGET_CLS = 0.05;

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
// Debian's Chromium, never a downloaded browser; nothing phones home during a measurement.
const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
const DEMO_LOGIN = 'demo.head';
const DEMO_PASSWORD = 'dossier-demo';
const READY_TIMEOUT_MS = 240_000;

export const meetsTarget = (r: LighthouseResult): boolean => r.performance >= TARGET_PERFORMANCE && r.cls < TARGET_CLS;
/** The target applies to the deployed path; the direct HTTP/1.1 rows are there for comparison. */
const judged = (r: LighthouseResult): boolean => r.connection === 'h2';

/** Lighthouse measures what users download, so the production build must exist; build it if it does not. */
function ensureBuilt(repoRoot: string): string {
  const dist = join(repoRoot, 'apps/web/dist');
  if (existsSync(join(dist, 'index.html'))) return dist;
  const build = spawnSync('npm', ['run', 'build', '-w', '@dossier/web'], { cwd: repoRoot, stdio: 'inherit' });
  if (build.status !== 0) throw new Error('web build failed');
  return dist;
}

async function signIn(page: Page, base: string, next: string): Promise<void> {
  await page.goto(`${base}/login?next=${encodeURIComponent(next)}`, { waitUntil: 'networkidle0' });
  await page.locator('input[name="username"]').fill(DEMO_LOGIN);
  await page.locator('input[name="password"]').fill(DEMO_PASSWORD);
  await page.locator('button[type="submit"]').click();
  // A string, because bench code is compiled without the DOM library.
  await page.waitForFunction(`location.pathname === ${JSON.stringify(next)}`);
}

/**
 * The measured load must be a cold one, like the first visit after a deploy: a fresh tab (no scripts
 * in its memory cache) and an empty HTTP cache. The session in localStorage stays (disableStorageReset).
 */
async function coldPage(context: BrowserContext): Promise<Page> {
  const page = await context.newPage();
  const cdp = await page.createCDPSession();
  await cdp.send('Network.clearBrowserCache');
  await cdp.detach();
  return page;
}

function numeric(lhr: Result, id: string): number {
  return lhr.audits[id]?.numericValue ?? Number.NaN;
}

function lcpElement(lhr: Result): string {
  const details = lhr.audits['largest-contentful-paint-element']?.details;
  if (details?.type !== 'list') return '';
  for (const item of details.items) {
    if (item.type !== 'table') continue;
    for (const row of item.items) {
      const node = row.node;
      if (node && typeof node === 'object' && 'type' in node && node.type === 'node') return node.selector ?? node.snippet ?? '';
    }
  }
  return '';
}

function failingAudits(lhr: Result): string[] {
  const refs = lhr.categories.performance?.auditRefs ?? [];
  return refs
    .map((ref) => lhr.audits[ref.id])
    .filter((a) => a !== undefined && a.score !== null && a.score < 0.9 && a.scoreDisplayMode !== 'informative')
    .map((a) => `${a?.id ?? ''}${a?.displayValue ? ` (${a.displayValue})` : ''}`);
}

interface Target {
  page: string;
  path: string;
  signedIn: boolean;
}

async function measureOnce(browser: Browser, base: string, target: Target, preset: LighthousePreset): Promise<Result> {
  const context = await browser.createBrowserContext();
  try {
    if (target.signedIn) {
      const signInPage = await context.newPage();
      await signIn(signInPage, base, target.path);
      await signInPage.close();
    }
    const page = await coldPage(context);
    const flags: Flags = { logLevel: 'error', onlyCategories: ['performance'], disableStorageReset: target.signedIn };
    const config: Config | undefined = preset === 'desktop' ? desktopConfig : undefined;
    const run = await lighthouse(`${base}${target.path}`, flags, config, page);
    if (!run) throw new Error(`Lighthouse returned nothing for ${target.path}`);
    if (run.lhr.runtimeError) throw new Error(`Lighthouse: ${run.lhr.runtimeError.message}`);
    return run.lhr;
  } finally {
    await context.close();
  }
}

/** Lighthouse now and then loses the trace of a load (NO_NAVSTART); that says nothing about the page. */
async function withRetry(measure: () => Promise<Result>, log: (line: string) => void): Promise<Result> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await measure();
    } catch (err) {
      if (attempt >= 3) throw err;
      log(`lighthouse run failed, again: ${err instanceof Error ? err.message : String(err)}`);
    }
  }
}

function medianRun(runs: Result[]): Result {
  const score = (lhr: Result) => lhr.categories.performance?.score ?? 0;
  const median = [...runs].sort((a, b) => score(a) - score(b))[Math.floor(runs.length / 2)];
  if (!median) throw new Error('no Lighthouse runs');
  return median;
}

function summarise(
  target: Target,
  preset: LighthousePreset,
  connection: LighthouseConnection,
  runs: number,
  median: Result,
): LighthouseResult {
  const score = median.categories.performance?.score ?? 0;
  return {
    page: target.page,
    path: target.path,
    preset,
    connection,
    performance: Math.round(score * 100),
    cls: numeric(median, 'cumulative-layout-shift'),
    lcpMs: numeric(median, 'largest-contentful-paint'),
    fcpMs: numeric(median, 'first-contentful-paint'),
    tbtMs: numeric(median, 'total-blocking-time'),
    runs,
    lcpElement: lcpElement(median),
    failing: failingAudits(median),
  };
}

/**
 * Lighthouse 12 (performance only) on the built app served by the real server in its own process (PGlite,
 * small demo organisation): the sign-in page and the signed-in Dashboard of the national head, each with
 * the desktop and the default mobile preset. Scores move with the load on a shared machine, so each
 * combination runs `runs` times and the median run (by score) is reported.
 */
export interface AuditOptions {
  runs?: number;
  log?: (line: string) => void;
  /** Where to save the median run's full Lighthouse result (JSON, viewable in the Lighthouse viewer). */
  reportDir?: string;
  /** Measure only these `path:preset` pairs, e.g. ['/dashboard:mobile'] (when looking for a cause). */
  only?: string[];
  /** Default: both, HTTP/2 first. */
  connections?: LighthouseConnection[];
}

export async function lighthouseAudit(
  repoRoot: string,
  { runs = 3, log = () => {}, reportDir, only, connections = ['h2', 'http1'] }: AuditOptions = {},
): Promise<LighthouseResult[]> {
  const dist = ensureBuilt(repoRoot);
  const dataDir = mkdtempSync(join(tmpdir(), 'dossier-lighthouse-'));
  const server = startServer(repoRoot, await freePort(), {
    DATABASE_URL: '',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    DEMO_SCALE: '0.05',
    WEB_DIST: dist,
  });
  let browser: Browser | undefined;
  let proxy: TlsProxy | undefined;
  try {
    await server.ready(READY_TIMEOUT_MS);
    proxy = await startTlsProxy(server.port);
    const origins: Record<LighthouseConnection, string> = { h2: proxy.origin, http1: server.base };
    const chromium = await puppeteer.launch({
      executablePath: CHROMIUM,
      headless: true,
      // The proxy's certificate is self-signed, made for this run.
      args: [...CHROMIUM_ARGS, '--ignore-certificate-errors'],
      defaultViewport: null,
    });
    browser = chromium;
    const targets: Target[] = [
      { page: 'Sign-in', path: '/login', signedIn: false },
      { page: 'Dashboard (demo.head)', path: '/dashboard', signedIn: true },
    ];
    const results: LighthouseResult[] = [];
    for (const connection of connections) {
      for (const target of targets) {
        for (const preset of ['desktop', 'mobile'] as const) {
          if (only && !only.includes(`${target.path}:${preset}`)) continue;
          const lhrs: Result[] = [];
          for (let i = 0; i < runs; i++) lhrs.push(await withRetry(() => measureOnce(chromium, origins[connection], target, preset), log));
          const median = medianRun(lhrs);
          if (reportDir) {
            mkdirSync(reportDir, { recursive: true });
            writeFileSync(join(reportDir, `${target.path.replace(/\W+/g, '')}-${preset}-${connection}.json`), JSON.stringify(median));
          }
          const summary = summarise(target, preset, connection, runs, median);
          log(
            `lighthouse ${target.page}, ${preset}, ${CONNECTION_LABEL[connection]}: ${summary.performance} (CLS ${summary.cls.toFixed(3)}, LCP ${Math.round(summary.lcpMs)} ms)`,
          );
          results.push(summary);
        }
      }
    }
    return results;
  } finally {
    await browser?.close();
    await proxy?.close();
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const ms = (v: number) => `${Math.round(v)} ms`;

/**
 * The results as a markdown table; a row of the deployed path meets the target with performance ≥ 95
 * and CLS < 0.05, the comparison rows are not judged.
 */
export function lighthouseTable(results: LighthouseResult[]): string {
  const verdict = (r: LighthouseResult) => (!judged(r) ? '(comparison)' : meetsTarget(r) ? 'yes' : 'no');
  const rows = results.map(
    (r) =>
      `| ${r.page} (\`${r.path}\`) | ${r.preset} | ${CONNECTION_LABEL[r.connection]} | **${r.performance}** | ${r.cls.toFixed(3)} | ${ms(r.lcpMs)} | ${ms(r.fcpMs)} | ${ms(r.tbtMs)} | ${verdict(r)} |`,
  );
  return [
    `| page | preset | connection | performance | CLS | LCP | FCP | TBT | meets target (≥ ${TARGET_PERFORMANCE}, CLS < ${TARGET_CLS}) |`,
    '| --- | --- | --- | --- | --- | --- | --- | --- | --- |',
    ...rows,
  ].join('\n');
}
