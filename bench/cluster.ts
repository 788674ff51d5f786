/**
 * npm run bench:cluster -w @dossier/bench [-- --policies 100000 --seconds 30]
 * Dossier past one machine, on real parts, all on this machine: the local PostgreSQL as the primary (database
 * dossier_cluster, the demo organisation loaded once and kept between runs), a streaming replica made by
 * pg_basebackup into a temporary directory (port 5433), two server instances (3341, 3342) with their reports on
 * the replica, and HAProxy (3340) in front with health checks on /readyz. Measures the 200-user load through
 * HAProxy and against one instance, an instance killed mid-run, the ETL across both instances with the replica's
 * lag, and the replica stopped mid-run; writes the '## Cluster' section of bench/RESULTS.md. Needs root (the
 * replica runs as the postgres user) and Debian's haproxy; everything it starts is stopped on exit.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { appendFileSync, chownSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createConnection } from 'node:net';
import { cpus, loadavg, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { sql } from 'kysely';
import { kolkataToday, monthRange, type ReportResponse } from '@dossier/shared';
import { loadDemoIfEmpty } from '../apps/server/src/demo/load';
import { rollupState, runBusinessEtl } from '../apps/server/src/modules/etl/business-etl';
import { createDb, type Db, type DbHandle } from '../apps/server/src/platform/db';
import { migrate } from '../apps/server/src/platform/migrate';
import { loadTable, warmUp, type LoadResult } from './load';
import { benchSignIn, loadPopulation, type LoadUser } from './load-population';
import { machineLine } from './machine';
import { writeSection } from './results-file';
import { overBenchDatabase, startServer, type ServerProcess } from './server-process';
import { virtualUsers, type UserRequest } from './virtual-users';

const { values } = parseArgs({
  options: {
    policies: { type: 'string', default: '100000' },
    seconds: { type: 'string', default: '30' },
  },
});
const policies = Number(values.policies);
/** Other work on the machine makes the rates and latencies noisy; the counts (failures, runs, lag, fallbacks) hold. */
const busyNote = (load: number) =>
  load > cpus().length
    ? '. Other work shared the CPU at the time, so the rates and latencies are only comparable within this run; the counts (failures, runs, lag, fallbacks) are the point.'
    : ', nothing else running.';
const seconds = Number(values.seconds);
const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const DATABASE = 'dossier_cluster';
const PRIMARY = 'postgres://postgres@127.0.0.1:5432';
const REPLICA_PORT = 5433;
const REPLICA_NAME = 'dossier_cluster_replica';
const LB_PORT = 3340;
const PORTS = [3341, 3342] as const;
const PG_BIN = '/usr/lib/postgresql/15/bin';
const USERS = 200;
/** Policies changed (twice) in the ETL window. */
const CHANGED = 1000;
const THINK_MS = 1000;
const lb = `http://127.0.0.1:${LB_PORT}`;
const log = (line: string) => process.stdout.write(`${new Date().toISOString().slice(11, 19)} ${line}\n`);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** A connection string naming the instance (application_name), so the database tells which one ran what. */
const asApp = (url: string, app: string) => `${url}?application_name=${app}`;

/** Runs a command as the postgres OS user (the replica's files are theirs); as that user already, directly. */
function asPostgres(command: string, args: string[]): string {
  const [file, argv] = process.getuid?.() === 0 ? ['runuser', ['-u', 'postgres', '--', command, ...args]] : [command, args];
  return execFileSync(file, argv, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
}

/** What the run started, stopped again on exit, failure or Ctrl-C. */
const started: {
  servers: (ServerProcess | undefined)[];
  haproxy?: ChildProcess;
  haproxySocket?: string;
  replicaDir?: string;
  dbs: DbHandle[];
} = {
  servers: [],
  dbs: [],
};
let cleaned = false;
async function cleanUp(): Promise<void> {
  if (cleaned) return;
  cleaned = true;
  started.haproxy?.kill('SIGTERM');
  await Promise.all(started.servers.flatMap((s) => (s ? [s.stop()] : [])));
  const primary = started.dbs[0];
  if (primary) await sql`drop trigger if exists bench_etl_run on etl_jobs`.execute(primary.db).catch(() => undefined);
  await Promise.all(started.dbs.map((h) => h.db.destroy().catch(() => undefined)));
  if (started.replicaDir) {
    try {
      asPostgres(`${PG_BIN}/pg_ctl`, ['-D', join(started.replicaDir, 'data'), '-m', 'immediate', 'stop']);
    } catch {
      // not running
    }
    rmSync(started.replicaDir, { recursive: true, force: true });
  }
}
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    log(`${signal}: stopping what the run started`);
    void cleanUp().finally(() => process.exit(130));
  });
}

/** The primary lets 127.0.0.1 connect for replication: a pg_hba.conf line added (once) and the configuration reloaded. */
async function allowReplication(db: Db): Promise<string> {
  const file = (await sql<{ f: string }>`select current_setting('hba_file') as f`.execute(db)).rows[0]?.f ?? '';
  const lines = readFileSync(file, 'utf8').split('\n');
  if (lines.some((l) => /^\s*host\s+replication\s+\S+\s+127\.0\.0\.1\/32\s/.test(l))) return `${file} already allows it`;
  appendFileSync(file, '\n# Streaming replicas on this machine (npm run bench:cluster)\nhost replication all 127.0.0.1/32 trust\n');
  await sql`select pg_reload_conf()`.execute(db);
  return `added to ${file}, configuration reloaded`;
}

/** A hot standby of the primary in a temporary directory, streaming from it, on REPLICA_PORT. */
async function startReplica(primary: Db): Promise<string> {
  const base = mkdtempSync(join(tmpdir(), 'dossier-replica-'));
  started.replicaDir = base;
  execFileSync('chown', ['postgres:postgres', base]);
  const data = join(base, 'data');
  asPostgres(`${PG_BIN}/pg_basebackup`, [
    '-h',
    '127.0.0.1',
    '-p',
    '5432',
    '-U',
    'postgres',
    '-D',
    data,
    '-R',
    '-X',
    'stream',
    '-c',
    'fast',
  ]);
  // A standby needs at least the primary's value of these.
  const same = ['max_connections', 'max_worker_processes', 'max_wal_senders', 'max_prepared_transactions', 'max_locks_per_transaction'];
  const settings = await sql<{
    name: string;
    setting: string;
  }>`select name, setting from pg_settings where name in (${sql.join(same)})`.execute(primary);
  // Debian keeps postgresql.conf and pg_hba.conf in /etc: the copy gets its own.
  writeFileSync(
    join(data, 'postgresql.conf'),
    [
      `port = ${REPLICA_PORT}`,
      `listen_addresses = '127.0.0.1'`,
      `unix_socket_directories = '${base}'`,
      `cluster_name = '${REPLICA_NAME}'`,
      'hot_standby = on',
      // Queries on the standby hold back the primary's cleanup of rows they read, instead of being cancelled.
      'hot_standby_feedback = on',
      'shared_buffers = 128MB',
      ...settings.rows.map((r) => `${r.name} = ${r.setting}`),
      '',
    ].join('\n'),
  );
  writeFileSync(join(data, 'pg_hba.conf'), 'local all all trust\nhost all all 127.0.0.1/32 trust\n');
  for (const f of ['postgresql.conf', 'pg_hba.conf']) chownSync(join(data, f), statSync(data).uid, statSync(data).gid);
  asPostgres(`${PG_BIN}/pg_ctl`, ['-D', data, '-l', join(base, 'replica.log'), '-w', 'start']);
  await waitForStreaming(primary);
  return data;
}

async function waitForStreaming(primary: Db): Promise<void> {
  for (let i = 0; i < 120; i++) {
    const r = await sql<{ state: string }>`select state from pg_stat_replication where application_name = ${REPLICA_NAME}`.execute(primary);
    if (r.rows[0]?.state === 'streaming') return;
    await sleep(500);
  }
  throw new Error('the replica is not streaming after 60 s');
}

/** The replica's distance behind the primary: bytes of WAL not yet replayed, and the replay lag in seconds. */
async function replicaLag(primary: Db): Promise<{ bytes: number; seconds: number | null } | undefined> {
  const r = await sql<{ bytes: number; seconds: number | null }>`select
      pg_wal_lsn_diff(pg_current_wal_lsn(), replay_lsn)::float8 as bytes, extract(epoch from replay_lag)::float8 as seconds
    from pg_stat_replication where application_name = ${REPLICA_NAME}`.execute(primary);
  return r.rows[0];
}

function startInstance(port: number, replicaUrl: string): ServerProcess {
  const app = `dossier-${port}`;
  const server = startServer(root, port, {
    ...overBenchDatabase(asApp(`${PRIMARY}/${DATABASE}`, app)),
    REPORTING_DATABASE_URL: asApp(replicaUrl, app),
    // Short, so the window below sees several runs from each instance.
    ETL_INTERVAL_SECONDS: '5',
  });
  started.servers[PORTS.indexOf(port as (typeof PORTS)[number])] = server;
  return server;
}

const HAPROXY_CONFIG = (dir: string) => `global
  maxconn 4096
  stats socket ${dir}/haproxy.sock mode 600 level admin

defaults
  mode http
  timeout connect 2s
  timeout client 30s
  timeout server 30s
  # /readyz waits up to 2 s for the database: a busy instance is slow, not gone.
  timeout check 5s
  option http-server-close
  # A GET that found its instance gone (refused, closed before answering) is sent to the other one.
  retries 2
  option redispatch 1
  retry-on conn-failure empty-response junk-response

listen dossier
  bind 127.0.0.1:${LB_PORT}
  balance roundrobin
  http-request disable-l7-retry unless METH_GET
  option httpchk GET /readyz
  http-check expect status 200
  default-server inter 2s fall 3 rise 2
${PORTS.map((p, i) => `  server ${i === 0 ? 'a' : 'b'} 127.0.0.1:${p} check`).join('\n')}
`;

function startHaproxy(dir: string): string {
  const file = join(dir, 'haproxy.cfg');
  writeFileSync(file, HAPROXY_CONFIG(dir));
  const child = spawn('haproxy', ['-f', file, '-db'], { stdio: ['ignore', 'ignore', 'pipe'] });
  child.stderr.on('data', (b: Buffer) => {
    const text = b.toString().trim();
    if (text) log(`haproxy: ${text}`);
  });
  started.haproxy = child;
  started.haproxySocket = join(dir, 'haproxy.sock');
  return started.haproxySocket;
}

/** Each HAProxy server's row of statistics (status, hrsp_5xx…) by name, and the backend's as BACKEND. */
function haproxyStats(socket: string): Promise<Map<string, Record<string, string>>> {
  return new Promise((resolve, reject) => {
    let text = '';
    const c = createConnection(socket, () => c.end('show stat\n'));
    c.on('data', (b: Buffer) => (text += b.toString()));
    c.on('error', reject);
    c.on('end', () => {
      const [header = '', ...rows] = text.split('\n').filter(Boolean);
      const columns = header.replace(/^# /, '').split(',');
      const name = columns.indexOf('svname');
      resolve(
        new Map(
          rows.map((r) => r.split(',')).map((r) => [r[name] ?? '', Object.fromEntries(columns.map((c, i) => [c, r[i] ?? '']))] as const),
        ),
      );
    });
  });
}

/** Each HAProxy server's status: UP, DOWN… */
const haproxyStatus = async (socket: string) => new Map([...(await haproxyStats(socket))].map(([name, row]) => [name, row.status ?? '']));

/** 5xx answers HAProxy made itself (no instance up, or none answered) rather than passed on from an instance. */
async function haproxyOwn5xx(socket: string): Promise<number> {
  const stats = await haproxyStats(socket);
  const n = (name: string) => Number(stats.get(name)?.hrsp_5xx ?? 0);
  return n('BACKEND') - n('a') - n('b');
}

/** Lines an instance logged for 503s it answered because a database could not be reached. */
const dbDown503 = (servers: ServerProcess[]) =>
  servers.reduce((n, s) => n + s.output.filter((l) => l.includes('database unavailable')).length, 0);

async function waitUntil(what: string, check: () => Promise<boolean>, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check().catch(() => false)) return;
    await sleep(250);
  }
  throw new Error(`${what}: not after ${timeoutMs / 1000} s`);
}

async function run(label: string, base: string, people: LoadUser[], kind: 'usual' | 'fresh', offset: number): Promise<LoadResult> {
  log(`${label}...`);
  const person = (u: number) => people[u % people.length];
  const next = (u: number, i: number): UserRequest => {
    if (kind === 'fresh') return person(u)?.fresh(offset + u + i) ?? { path: '/healthz', headers: {} };
    const views = person(u)?.views ?? [];
    return views[(u + i) % views.length] ?? { path: '/healthz', headers: {} };
  };
  const servers = () => started.servers.filter((x): x is ServerProcess => x !== undefined);
  const count = async () => ({
    proxy: started.haproxySocket ? await haproxyOwn5xx(started.haproxySocket) : 0,
    db: dbDown503(servers()),
    timedOut: servers().reduce((n, x) => n + x.output.filter((l) => l.includes('report query cancelled')).length, 0),
  });
  const before = await count();
  const r = await virtualUsers(base, USERS, seconds, THINK_MS, next);
  const after = await count();
  // Where the 5xx came from: HAProxy itself, or an instance that could not reach a database or cancelled a report.
  const from = [
    [after.proxy - before.proxy, 'from HAProxy'],
    [after.db - before.db, 'database unreachable'],
    [after.timedOut - before.timedOut, 'report timed out'],
  ] as const;
  const origin = from.filter(([n]) => n > 0).map(([n, what]) => `${n} ${what}`);
  const statuses = [r.statuses, ...(origin.length ? [`of which ${origin.join(', ')}`] : [])].filter(Boolean).join('; ');
  return { label, model: `${USERS} users, think time ~${THINK_MS / 1000} s`, ...r, statuses };
}

/** A report through HAProxy: its as-of time and its records (what a cached answer holds). */
async function report(url: string, headers: Record<string, string>): Promise<{ status: number; asOf: string | null; records: string }> {
  const res = await fetch(`${lb}${url}`, { headers });
  if (res.status !== 200) return { status: res.status, asOf: null, records: await res.text() };
  const body = (await res.json()) as ReportResponse;
  return { status: 200, asOf: body.as_of, records: JSON.stringify(body.data.data.records) };
}

async function main(): Promise<void> {
  const ranAt = new Date().toISOString();
  const loadAtStart = loadavg()[0] ?? 0;
  const admin = await createDb({ databaseUrl: `${PRIMARY}/postgres`, pgliteDir: '', poolSize: 1 });
  started.dbs.push(admin);
  const exists = await sql`select 1 from pg_database where datname = ${DATABASE}`.execute(admin.db);
  if (exists.rows.length === 0) await sql`create database ${sql.id(DATABASE)}`.execute(admin.db);
  const hba = await allowReplication(admin.db);
  log(`replication from 127.0.0.1: ${hba}`);

  const handle = await createDb({ databaseUrl: `${PRIMARY}/${DATABASE}`, pgliteDir: '', poolSize: 4 });
  started.dbs.unshift(handle);
  const db = handle.db;
  await migrate(handle);
  const loaded = await loadDemoIfEmpty(handle, { scale: policies / 300_000, seed: 20261121, log });
  if (loaded) await runBusinessEtl(db);
  await sql`vacuum analyze`.execute(db);
  const count = (await sql<{ n: number }>`select count(*)::int as n from policies`.execute(db)).rows[0]?.n ?? 0;
  log(`${count} policies in ${DATABASE}`);
  const today = kolkataToday();
  const months = Array.from({ length: 23 }, (_, k) => {
    const d = new Date(Date.parse(`${monthRange(today).start_date}T00:00:00Z`));
    d.setUTCMonth(d.getUTCMonth() - k - 1);
    const m = monthRange(d.toISOString().slice(0, 10));
    return { start: m.start_date, end: m.end_date };
  });
  const people = await loadPopulation(db, USERS, months);
  // Each ETL run as its transaction commits: which instance ran it, from when to when.
  await sql`create table if not exists bench_etl_runs (app text, started timestamptz, finished timestamptz, rows_processed int)`.execute(
    db,
  );
  await sql`create or replace function bench_etl_run() returns trigger language plpgsql as $$ begin
      if new.status = 'idle' and new.last_successful_run_at is distinct from old.last_successful_run_at then
        insert into bench_etl_runs values (current_setting('application_name'), now(), clock_timestamp(), new.rows_processed);
      end if;
      return new;
    end $$`.execute(db);
  await sql`drop trigger if exists bench_etl_run on etl_jobs`.execute(db);
  await sql`create trigger bench_etl_run after update on etl_jobs for each row execute function bench_etl_run()`.execute(db);

  log('replica: pg_basebackup and start...');
  const replicaData = await startReplica(db);
  const replicaUrl = `postgres://postgres@127.0.0.1:${REPLICA_PORT}/${DATABASE}`;
  const replica = await createDb({ databaseUrl: replicaUrl, pgliteDir: '', poolSize: 2 });
  started.dbs.push(replica);
  const pgCtl = (...args: string[]) => asPostgres(`${PG_BIN}/pg_ctl`, ['-D', replicaData, ...args]);
  const lagAtStart = await replicaLag(db);
  log(`replica streaming, ${lagAtStart?.bytes ?? '?'} bytes behind`);

  const startBoth = async () => {
    const servers = PORTS.map((p) => startInstance(p, replicaUrl));
    await Promise.all(servers.map((s) => s.ready()));
    return servers;
  };
  log('two instances...');
  let [a, b] = await startBoth();
  if (!a || !b) throw new Error('instances missing');
  const socket = startHaproxy(started.replicaDir ?? tmpdir());
  await waitUntil('HAProxy sees both instances up', async () => {
    const s = await haproxyStatus(socket);
    return s.get('a') === 'UP' && s.get('b') === 'UP';
  });
  const everyView = people.flatMap((p) => p.views);

  // 1. One instance, then two behind HAProxy; the caches start empty for each (the instances restarted between).
  await warmUp(a.base, everyView);
  const runs: LoadResult[] = [
    await run('One instance, usual views (cached)', a.base, people, 'usual', 0),
    await run('One instance, views not asked for before (uncached)', a.base, people, 'fresh', 0),
  ];
  await Promise.all([a.stop(), b.stop()]);
  [a, b] = await startBoth();
  if (!a || !b) throw new Error('instances missing');
  await waitUntil('HAProxy sees both instances up again', async () => {
    const s = await haproxyStatus(socket);
    return s.get('a') === 'UP' && s.get('b') === 'UP';
  });
  // Round robin sends a person's repeats to either instance: each view twice warms both caches.
  await warmUp(lb, everyView);
  await warmUp(lb, everyView);
  runs.push(
    await run('Two instances behind HAProxy, usual views (cached)', lb, people, 'usual', 0),
    await run('Two instances behind HAProxy, views not asked for before (uncached)', lb, people, 'fresh', 0),
  );

  // 2. One instance killed (SIGKILL) a third of the way into a run.
  const killAt = Date.now() + (seconds * 1000) / 3;
  let killedAt = 0;
  let downAt = 0;
  let upBeforeKill = '';
  const victim = b;
  const killer = (async () => {
    await sleep(killAt - Date.now());
    upBeforeKill = (await haproxyStatus(socket)).get('b') ?? '?';
    if (victim.pid) process.kill(-victim.pid, 'SIGKILL');
    killedAt = Date.now();
    await waitUntil(
      'HAProxy marks the killed instance down',
      async () => (await haproxyStatus(socket)).get('b')?.startsWith('DOWN') ?? false,
    );
    downAt = Date.now();
  })();
  const killRun = await run('Two instances behind HAProxy, one killed (SIGKILL) after a third, usual views', lb, people, 'usual', 0);
  await killer;
  runs.push(killRun);
  await victim.stop();
  b = startInstance(PORTS[1], replicaUrl);
  await b.ready();
  await waitUntil('HAProxy sees the restarted instance up', async () => (await haproxyStatus(socket)).get('b') === 'UP');

  // 3. The ETL across both instances, with policies changing on the primary, and the replica's lag.
  log(`ETL window: ${CHANGED} policies changed twice, both instances running the ETL every 5 s...`);
  const head = await db
    .selectFrom('employees')
    .select(['id', 'unique_code'])
    .where('designation', '=', 'national_head')
    .orderBy('id')
    .executeTakeFirstOrThrow();
  const headers = await benchSignIn(db, head);
  const lastMonth = months[0] ?? { start: today, end: today };
  const reportUrl = `/api/reports/13/?start_date=${lastMonth.start}&end_date=${lastMonth.end}`;
  await waitUntil('the replica replays everything so far', async () => ((await replicaLag(db))?.bytes ?? 1) === 0);
  const before = await report(reportUrl, headers);
  if (before.status !== 200) throw new Error(`report 13: ${before.status} ${before.records}`);
  const flip = sql`update policies set status = case when status = 'success' then 'cancelled' else 'success' end, updated_at = now()
    where id in (select id from policies order by id desc limit ${CHANGED})`;
  const windowStart = (await sql<{ t: Date }>`select now() as t`.execute(db)).rows[0]?.t ?? new Date();
  const lags: { at: number; bytes: number; seconds: number | null }[] = [];
  let sampling = true;
  const sampler = (async () => {
    while (sampling) {
      const l = await replicaLag(db).catch(() => undefined);
      if (l) lags.push({ at: Date.now(), ...l });
      await sleep(100);
    }
  })();
  // Every answer's as-of time against the replica's own, read after the answer: never newer.
  const checks = { answers: 0, newer: 0, failed: 0 };
  const checker = (async () => {
    while (sampling) {
      const r = await report(reportUrl, headers);
      const own = await rollupState(replica.db);
      if (r.status !== 200) checks.failed++;
      else {
        checks.answers++;
        if (r.asOf && own.refreshedAt && Date.parse(r.asOf) > own.refreshedAt.getTime()) checks.newer++;
      }
      await sleep(250);
    }
  })();
  const folded = async (n: number) =>
    waitUntil(
      `change ${n} folded`,
      async () => {
        const r = await sql<{ n: number }>`select count(*)::int as n from bench_etl_runs
          where started > ${windowStart} and rows_processed > 0`.execute(db);
        return r.rows[0]?.n === n;
      },
      300_000,
    );
  await flip.execute(db);
  await sleep((seconds * 1000) / 2);
  await folded(1);
  await flip.execute(db);
  await sleep((seconds * 1000) / 2);
  await folded(2);
  // Both changes replayed, and the cache past its one-second watermark memo.
  await waitUntil('the replica replays everything', async () => ((await replicaLag(db))?.bytes ?? 1) === 0);
  const windowEnd = (await sql<{ t: Date }>`select now() as t`.execute(db)).rows[0]?.t ?? new Date();
  await sleep(1500);
  sampling = false;
  await Promise.all([sampler, checker]);
  const after = await report(reportUrl, headers);
  const etlRuns = await sql<{ app: string; started: Date; finished: Date; rows_processed: number }>`
    select app, started, finished, rows_processed from bench_etl_runs where started >= ${windowStart} and started <= ${windowEnd} order by started`.execute(
    db,
  );
  const byApp = new Map<string, { runs: number; folded: number }>();
  for (const r of etlRuns.rows) {
    const e = byApp.get(r.app) ?? { runs: 0, folded: 0 };
    e.runs++;
    if (r.rows_processed > 0) e.folded++;
    byApp.set(r.app, e);
  }
  const overlaps = etlRuns.rows.filter((r, i) => etlRuns.rows.slice(i + 1).some((o) => o.started < r.finished)).length;
  const longest = etlRuns.rows.filter((r) => r.rows_processed > 0).map((r) => r.finished.getTime() - r.started.getTime());
  const maxBytes = Math.max(0, ...lags.map((l) => l.bytes));
  const maxLag = Math.max(0, ...lags.map((l) => l.seconds ?? 0));

  // 4. The replica stopped (fast shutdown) a third of the way into an uncached run, started again at two thirds.
  const replicaEvents: string[] = [];
  const stopper = (async () => {
    await sleep((seconds * 1000) / 3);
    pgCtl('-m', 'fast', 'stop');
    replicaEvents.push(`stopped at ${Math.round(seconds / 3)} s`);
    await sleep((seconds * 1000) / 3);
    pgCtl('-l', join(dirname(replicaData), 'replica.log'), '-w', 'start');
    replicaEvents.push(`started again at ${Math.round((2 * seconds) / 3)} s`);
  })();
  const switchesBefore = [a, b].map((s) => s.output.filter((l) => l.includes('report queries go to the primary')).length);
  const stopRun = await run('Two instances behind HAProxy, replica stopped after a third, uncached views', lb, people, 'fresh', 1_000_000);
  await stopper;
  runs.push(stopRun);
  const switched = [a, b].map(
    (s, i) => s.output.filter((l) => l.includes('report queries go to the primary')).length - (switchesBefore[i] ?? 0),
  );
  await waitForStreaming(db);
  const afterReplica = await report(reportUrl, headers);

  const sec = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
  const apps = [...byApp].map(([app, e]) => `${app}: ${e.runs} runs (${e.folded} folding changes)`).join('; ');
  const lines = [
    '## Cluster',
    '',
    `Run ${ranAt} on ${machineLine()}; load average at the start ${loadAtStart.toFixed(2)}${busyNote(loadAtStart)}`,
    '',
    `\`npm run bench:cluster -w @dossier/bench\` at ${count.toLocaleString('en-IN')} policies, all on this machine: the local PostgreSQL 15 as the primary (database \`${DATABASE}\`), a streaming hot standby made by \`pg_basebackup -R\` (port ${REPLICA_PORT}, \`hot_standby_feedback = on\`), two server instances (${PORTS.join(', ')}) with \`DATABASE_URL\` on the primary and \`REPORTING_DATABASE_URL\` on the replica, and HAProxy ${HAPROXY_VERSION()} on ${LB_PORT}: round robin, health checks on \`/readyz\` every 2 s (5 s to answer, down after 3 failures), failed GETs retried on the other instance (\`retry-on conn-failure empty-response junk-response\`, \`option redispatch\`). ${USERS} people with think time (as in '## Load'), ${seconds} s per run.`,
    '',
    loadTable(runs),
    '',
    `**One instance killed.** SIGKILL to the instance on ${PORTS[1]} at ${sec(killedAt - (killAt - (seconds * 1000) / 3))} into the run (HAProxy had it ${upBeforeKill} just before); HAProxy marked it down ${sec(downAt - killedAt)} later. Requests that failed: ${killRun.errors} errors, ${killRun.non2xx} non-2xx${killRun.statuses ? ` (${killRun.statuses})` : ''} of ${killRun.requests.toLocaleString('en-IN')}; the other instance carried the rest.`,
    '',
    `**The ETL across both instances.** In a ${sec(windowEnd.getTime() - windowStart.getTime())} window with both instances running the ETL every 5 s, ${CHANGED.toLocaleString('en-IN')} policies changed twice on the primary (the second change puts them back): ${etlRuns.rows.length} ETL runs committed — ${apps}; runs that overlapped another: ${overlaps}. Each change was folded by exactly one run (${longest.map(sec).join(', ')}). The head's business summary (13) read through HAProxy after the window ${after.records === before.records ? 'equals' : 'DIFFERS FROM'} the one before it (the two changes cancel: a change folded twice or not at all would show).`,
    '',
    `**The replica's lag** (pg_stat_replication, sampled every 0.1 s through the window, ${lags.length} samples): at most ${(maxBytes / 1024).toFixed(0)} KiB of WAL not yet replayed, replay lag at most ${maxLag.toFixed(2)} s. Report answers through HAProxy during the window: ${checks.answers}, of which newer than the replica's own roll-up time read after the answer: **${checks.newer}**${checks.failed ? `; ${checks.failed} failed` : ''}.`,
    '',
    `**The replica stopped.** \`pg_ctl stop -m fast\` ${replicaEvents.join(', ')}; the instances logged the switch of their report queries to the primary ${switched.join(' and ')} time(s). Failed requests: ${stopRun.errors} errors, ${stopRun.non2xx} non-2xx${stopRun.statuses ? ` (${stopRun.statuses})` : ''} of ${stopRun.requests.toLocaleString('en-IN')} — reports went on from the primary (docs/decisions/075-reports-when-the-replica-is-gone.md). After the restart the replica streams again and the summary answers ${afterReplica.status}.`,
    '',
    `Load average (1, 5, 15 min) at the end: ${loadavg()
      .map((n) => n.toFixed(2))
      .join(', ')}.`,
  ];
  await writeSection(lines);
  log(lines.join('\n'));
  const failures = [
    ...(checks.newer > 0 ? ['an answer newer than the replica'] : []),
    ...(overlaps > 0 ? ['overlapping ETL runs'] : []),
    ...(after.records !== before.records ? ['roll-ups changed by changes that cancel'] : []),
    ...(afterReplica.status !== 200 ? ['no report after the replica came back'] : []),
  ];
  if (failures.length) throw new Error(`cluster checks failed: ${failures.join(', ')}`);
}

const HAPROXY_VERSION = () => /version (\S+)/.exec(execFileSync('haproxy', ['-v'], { encoding: 'utf8' }))?.[1] ?? '';

main()
  .catch((err: unknown) => {
    process.exitCode = 1;
    log(err instanceof Error ? (err.stack ?? err.message) : String(err));
  })
  .finally(() => cleanUp());
