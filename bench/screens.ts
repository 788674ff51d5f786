import { BRIEF_PATHS, kolkataToday, SideMenuResponse, TEAM_PATHS, toDayMonthYear } from '@dossier/shared';
import type { Db } from '../apps/server/src/platform/db';
import { benchSignIn } from './load-population';
import { overBenchDatabase, startServer } from './server-process';
import { ms, percentile, sample, type SampleBudget } from './stats';
import { freeRanges, hierarchyViewers, viewerName } from './viewers';

const PORT = 3931;
/**
 * Each screen is called `runs` times at least, and a fast one more, until 3 s have passed (at most 400 calls). A
 * 95th percentile of 40 calls of a 3 ms page is its second or third slowest call, which a single pause of the
 * machine or of the server's garbage collector decides: on 2026-12-01 three such pages were past 2× their 10 lakh
 * figure at p95 and at about 1× at p50, and four others in the run before.
 */
const SAMPLE_BUDGET: SampleBudget = { ms: 3_000, maxRuns: 400 };

/** One screen as a person opens it: the call its page makes with the default dates. */
interface Screen {
  viewer: string;
  label: string;
  /** The calls, asked in turn (a range picked freely: one per range drawn). */
  paths: string[];
}

interface ScreenResult extends Omit<Screen, 'paths'> {
  p50: number;
  p95: number;
  calls: number;
  bytes: number;
}

async function call(base: string, path: string, headers: Record<string, string>): Promise<number> {
  const res = await fetch(`${base}${path}`, { headers });
  const body = await res.arrayBuffer();
  if (!res.ok) throw new Error(`${path}: ${res.status} ${new TextDecoder().decode(body).slice(0, 200)}`);
  return body.byteLength;
}

/**
 * Every dashboard page and data screen with the default dates and over ranges picked freely, through the HTTP API
 * of the real server with its report cache off (REPORT_CACHE_MB=0), as the people `hierarchyViewers` finds: the
 * top, a zone manager and an area manager, and one partner (its executive report, opened by its RM).
 */
export async function screensBench(
  repoRoot: string,
  databaseUrl: string,
  db: Db,
  runs: number,
  log: (line: string) => void,
): Promise<{ lines: string[]; p95: Record<string, number> }> {
  const who = await hierarchyViewers(db);
  const today = kolkataToday();
  const free = freeRanges(today);
  const server = startServer(repoRoot, PORT, { ...overBenchDatabase(databaseUrl), REPORT_CACHE_MB: '0' });
  try {
    await server.ready();
    const screens: (Screen & { headers: Record<string, string> })[] = [];
    for (const [viewer, person, account] of [
      [viewerName(who.top), who.top, ''],
      [viewerName(who.zone), who.zone, ''],
      [viewerName(who.area), who.area, ''],
      ['a partner', who.rm, who.partnerCode],
    ] as const) {
      const headers = await benchSignIn(db, person);
      const menu = SideMenuResponse.parse(await (await fetch(`${server.base}/api/side_menu/`, { headers })).json());
      const query = (extra: Record<string, string> = {}) => {
        const q = new URLSearchParams({ ...(account ? { account_id: account } : {}), ...extra }).toString();
        return q ? `?${q}` : '';
      };
      const picked = (path: string) => free.map((range) => `${path}${query(range)}`);
      if (account) {
        // A partner's page is its executive report: the drill-down ends there. Its RM starts the day on My day.
        screens.push(
          { viewer: `an RM (${viewerName(who.rm)})`, headers, label: 'My day (/brief)', paths: [BRIEF_PATHS.brief] },
          { viewer, headers, label: 'Executive report (37)', paths: [`/api/reports/37/${query()}`] },
          { viewer, headers, label: 'Executive report (37), 7 weeks picked freely', paths: picked('/api/reports/37/') },
        );
        continue;
      }
      // Every page with its default dates, then every page over the ranges picked freely (report 24's activity
      // counts over a range that ends before the latest business read the partner-months).
      for (const freely of [false, true]) {
        for (const d of menu.dashboards) {
          const path = `/api/reports/${d.dashboard_id}/`;
          screens.push({
            viewer,
            headers,
            label: `${d.dashboard_name} (page ${d.dashboard_id})${freely ? ', 7 weeks picked freely' : ''}`,
            paths: freely ? picked(path) : [path],
          });
        }
      }
      screens.push(
        { viewer, headers, label: 'My day (/brief)', paths: [BRIEF_PATHS.brief] },
        { viewer, headers, label: 'Renewal dues (38), first page', paths: ['/api/reports/38/'] },
        { viewer, headers, label: 'Life Renewals Report, first 100 rows', paths: [`${TEAM_PATHS.renewalsDue}?limit=100`] },
        {
          viewer,
          headers,
          label: 'Mapped Partners, first 100 rows',
          paths: [`${TEAM_PATHS.mappedPartners}?as_on=${encodeURIComponent(toDayMonthYear(today))}&limit=100`],
        },
        { viewer, headers, label: 'Mapping analytics, first 100 rows', paths: [`${TEAM_PATHS.analytics}?limit=100`] },
      );
    }

    const results: ScreenResult[] = [];
    for (const s of screens) {
      log(`screen: ${s.viewer}, ${s.label}`);
      let turn = 0;
      const open = () => call(server.base, s.paths[turn++ % s.paths.length] ?? '', s.headers);
      // The warm-up call also gives the answer's size.
      const bytes = await open();
      // Through the ranges picked freely in turn, each at least twice.
      const samples = await sample(open, Math.max(runs, s.paths.length * 2), 0, SAMPLE_BUDGET);
      results.push({
        viewer: s.viewer,
        label: s.label,
        p50: percentile(samples, 50),
        p95: percentile(samples, 95),
        calls: samples.length,
        bytes,
      });
    }
    const lines = [
      '## Screens through the HTTP API',
      '',
      `Each screen as its page calls it, default dates (today ${today}), on the real server over this database with its report cache off (\`REPORT_CACHE_MB=0\`): every answer is computed. After one warm-up, ${runs} calls each at least and, for a fast screen, more until ${SAMPLE_BUDGET.ms / 1000} s have passed (at most ${SAMPLE_BUDGET.maxRuns}; the calls column); one call at a time. The viewers are found from the hierarchy and named by their designation: the top (the employee with the largest subtree), the top's report with the largest subtree (a zone manager) and that one's (an area manager). "A partner" is the executive report of the partner with most business of the RM with most partners, opened by that RM. "7 weeks picked freely": ${free.length} ranges of 7 weeks drawn at random (seeded) over the last year, asked in turn, from ${free
        .map((r) => `${r.start_date}–${r.end_date}`)
        .slice(0, 3)
        .join(', ')} and so on.`,
      '',
      '| viewer | screen | uncached p50 / p95 (ms) | calls | answer |',
      '| --- | --- | --- | --- | --- |',
      ...results.map((r) => `| ${r.viewer} | ${r.label} | ${ms(r.p50)} / ${ms(r.p95)} | ${r.calls} | ${(r.bytes / 1024).toFixed(0)} KiB |`),
      '',
    ];
    return { lines, p95: Object.fromEntries(results.map((r) => [`${r.viewer}: ${r.label}, uncached p95`, r.p95])) };
  } finally {
    await server.stop();
  }
}
