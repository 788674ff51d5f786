import { addDays, BRIEF_PATHS, kolkataToday, ROLE_LIFE_ONLY, SideMenuResponse, TEAM_PATHS, toDayMonthYear } from '@dossier/shared';
import { sql } from 'kysely';
import type { Db } from '../apps/server/src/platform/db';
import { benchSignIn } from './load-population';
import { overBenchDatabase, startServer } from './server-process';
import { ms, percentile, sample, type SampleBudget } from './stats';

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
  path: string;
}

interface ScreenResult extends Screen {
  p50: number;
  p95: number;
  calls: number;
  bytes: number;
}

/** The people the screens are opened as: the top of the organisation, a mid-level manager and one partner. */
async function viewers(db: Db) {
  const one = async (designation: string) =>
    db
      .selectFrom('employees')
      .select(['id', 'unique_code'])
      .where('designation', '=', designation)
      .where('active', '=', true)
      .where('emp_role', '<>', ROLE_LIFE_ONLY)
      .orderBy('id')
      .limit(1)
      .executeTakeFirstOrThrow();
  // The partner with most business, seen by the RM it is mapped to (team → partner in the drill-down).
  const partner = (
    await sql<{ unique_code: string; manager_id: number }>`
      select pa.unique_code, m.manager_id from partners pa
      join partner_mappings m on m.partner_id = pa.id and m.valid_to is null
      join fact_partner_monthly f on f.partner_id = pa.id
      group by pa.unique_code, m.manager_id order by sum(f.nop) desc, pa.unique_code limit 1`.execute(db)
  ).rows[0];
  if (!partner) throw new Error('no mapped partner with business');
  const rm = await db.selectFrom('employees').select(['id', 'unique_code']).where('id', '=', partner.manager_id).executeTakeFirstOrThrow();
  return { head: await one('national_head'), asm: await one('asm'), rm, partnerCode: partner.unique_code };
}

async function call(base: string, path: string, headers: Record<string, string>): Promise<number> {
  const res = await fetch(`${base}${path}`, { headers });
  const body = await res.arrayBuffer();
  if (!res.ok) throw new Error(`${path}: ${res.status} ${new TextDecoder().decode(body).slice(0, 200)}`);
  return body.byteLength;
}

/**
 * Every dashboard page and data screen with the default dates, through the HTTP API of the real server with
 * its report cache off (REPORT_CACHE_MB=0), as the national head, an ASM and one partner (its executive report,
 * opened by its RM).
 */
export async function screensBench(
  repoRoot: string,
  databaseUrl: string,
  db: Db,
  runs: number,
  log: (line: string) => void,
): Promise<{ lines: string[]; p95: Record<string, number> }> {
  const who = await viewers(db);
  const today = kolkataToday();
  const server = startServer(repoRoot, PORT, { ...overBenchDatabase(databaseUrl), REPORT_CACHE_MB: '0' });
  try {
    await server.ready();
    const screens: (Screen & { headers: Record<string, string> })[] = [];
    for (const [viewer, person, account] of [
      ['national head', who.head, ''],
      ['an ASM', who.asm, ''],
      ['a partner', who.rm, who.partnerCode],
    ] as const) {
      const headers = await benchSignIn(db, person);
      const menu = SideMenuResponse.parse(await (await fetch(`${server.base}/api/side_menu/`, { headers })).json());
      const query = (extra: Record<string, string> = {}) => {
        const q = new URLSearchParams({ ...(account ? { account_id: account } : {}), ...extra }).toString();
        return q ? `?${q}` : '';
      };
      // A range picked freely across a month border: no whole month of it is a monthly roll-up cell.
      const free = { start_date: addDays(today, -49), end_date: addDays(today, -6) };
      if (account) {
        // A partner's page is its executive report: the drill-down ends there. Its RM starts the day on My day.
        screens.push(
          { viewer: 'an RM', headers, label: 'My day (/brief)', path: BRIEF_PATHS.brief },
          { viewer, headers, label: 'Executive report (37)', path: `/api/reports/37/${query()}` },
          { viewer, headers, label: 'Executive report (37), 7 weeks picked freely', path: `/api/reports/37/${query(free)}` },
        );
        continue;
      }
      // Every page with its default dates, then every page over the range picked freely (report 24's activity
      // counts over a range that ends before the latest business read the partner-months).
      for (const range of [undefined, free]) {
        for (const d of menu.dashboards) {
          screens.push({
            viewer,
            headers,
            label: `${d.dashboard_name} (page ${d.dashboard_id})${range ? ', 7 weeks picked freely' : ''}`,
            path: `/api/reports/${d.dashboard_id}/${range ? query(range) : ''}`,
          });
        }
      }
      screens.push(
        { viewer, headers, label: 'My day (/brief)', path: BRIEF_PATHS.brief },
        { viewer, headers, label: 'Renewal dues (38), first page', path: '/api/reports/38/' },
        { viewer, headers, label: 'Life Renewals Report, first 100 rows', path: `${TEAM_PATHS.renewalsDue}?limit=100` },
        {
          viewer,
          headers,
          label: 'Mapped Partners, first 100 rows',
          path: `${TEAM_PATHS.mappedPartners}?as_on=${encodeURIComponent(toDayMonthYear(today))}&limit=100`,
        },
        { viewer, headers, label: 'Mapping analytics, first 100 rows', path: `${TEAM_PATHS.analytics}?limit=100` },
      );
    }

    const results: ScreenResult[] = [];
    for (const s of screens) {
      log(`screen: ${s.viewer}, ${s.label}`);
      const open = () => call(server.base, s.path, s.headers);
      // The warm-up call also gives the answer's size.
      const bytes = await open();
      const samples = await sample(open, runs, 0, SAMPLE_BUDGET);
      results.push({
        viewer: s.viewer,
        label: s.label,
        path: s.path,
        p50: percentile(samples, 50),
        p95: percentile(samples, 95),
        calls: samples.length,
        bytes,
      });
    }
    const lines = [
      '## Screens through the HTTP API',
      '',
      `Each screen as its page calls it, default dates (today ${today}), on the real server over this database with its report cache off (\`REPORT_CACHE_MB=0\`): every answer is computed. After one warm-up, ${runs} calls each at least and, for a fast screen, more until ${SAMPLE_BUDGET.ms / 1000} s have passed (at most ${SAMPLE_BUDGET.maxRuns}; the calls column); one call at a time. "A partner" is the executive report of the partner with most business, opened by its RM.`,
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
