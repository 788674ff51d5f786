import { AUTH_PATHS, ETL_PATHS, REPORT_PATHS, type EtlRunResponse, type ImportReport, type ReportResponse } from '@dossier/shared';
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigSchema } from '../src/config';
import { freshCheckout, REPO_ROOT } from './fresh-checkout';
import { toCsv, type Row } from './import-org';
import { readmeCommands, type ReadmeCommand } from './readme-commands';
import { EMPLOYEES_AGAIN, NEW_POLICIES, ORGANISATION, PUSHED_POLICIES } from './readme-org';

/**
 * The README is a test: every command of its "Quick start" and "Your own data" blocks runs verbatim, in README
 * order, in a fresh copy of the repository (the developer's checkout and its `.data` are never touched), and
 * what each command promises is checked by value. A command no step below knows fails the test with its line:
 * a README line that no test runs is a defect.
 *
 * The README's commands use the embedded database, so this runs on PGlite only (skipped when DATABASE_URL is
 * set: it would only repeat itself). The demo data is loaded at DEMO_SCALE 0.05 to keep the test within minutes;
 * the first start at full scale is timed by `npm run bench`.
 */

const README = readFileSync(join(REPO_ROOT, 'README.md'), 'utf8');
const COMMANDS = readmeCommands(README, ['Quick start', 'Your own data']);
/** The README's commands serve at http://localhost:3000; the test's own requests go to its IPv4 address. */
const PORT = 3000;
const BASE = `http://127.0.0.1:${PORT}`;
const PASSWORD = 'readme-admin-password';
const DEMO_PASSWORD = 'dossier-demo';
/** The month the organisation's policies fall in (readme-org.ts). */
const PERIOD = { start: '2026-11-01', end: '2026-11-30' };

interface Result {
  code: number | null;
  stdout: string;
  stderr: string;
}

interface Server {
  command: string;
  child: ChildProcess;
  output: string[];
}

/** The state the steps share: the copy, the running server, and what the database should now hold. */
interface Session {
  root: string;
  env: NodeJS.ProcessEnv;
  server: Server | null;
  /** The README's last start command: run again when a step needs the server back. */
  lastStart: string | null;
  cliRefusalSeen: boolean;
  key: string | null;
  /** proposal_no → the policy as last sent, applied in the order the commands sent them. */
  policies: Map<string, Row>;
}

let session: Session;
let remove: () => void = () => undefined;

/**
 * A newcomer's shell environment: nothing of the developer's Dossier settings (every variable of the config
 * schema is removed) or of the npm and vitest run around this test. npm runs offline so nothing is downloaded.
 */
function newcomerEnv(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  const config = new Set(Object.keys(ConfigSchema.shape));
  for (const [name, value] of Object.entries(process.env)) {
    if (config.has(name) || /^(npm_|VITEST|INIT_CWD$|NODE_ENV$|NODE_OPTIONS$|TEST$)/.test(name)) continue;
    env[name] = value;
  }
  return {
    ...env,
    DEMO_SCALE: '0.05',
    PASSWORD,
    npm_config_offline: 'true',
    npm_config_audit: 'false',
    npm_config_fund: 'false',
    npm_config_update_notifier: 'false',
  };
}

const tail = (text: string) => text.slice(-3000);

/** Runs a command line with bash in the copy, in a process group of its own (so a stop reaches npm's children). */
function spawnCommand(command: string): ChildProcess {
  return spawn('bash', ['-c', command], { cwd: session.root, env: session.env, detached: true, stdio: ['pipe', 'pipe', 'pipe'] });
}

function groupAlive(pid: number): boolean {
  try {
    process.kill(-pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function waitForGroupExit(pid: number, ms: number): Promise<void> {
  const deadline = Date.now() + ms;
  while (groupAlive(pid)) {
    if (Date.now() > deadline) {
      process.kill(-pid, 'SIGKILL');
      throw new Error(`process group ${pid} did not stop within ${ms / 1000} s`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
}

function run(command: string, timeoutMs = 180_000): Promise<Result> {
  return new Promise((resolve, reject) => {
    const child = spawnCommand(command);
    child.stdin?.end();
    let stdout = '';
    let stderr = '';
    child.stdout?.on('data', (b: Buffer) => (stdout += b.toString()));
    child.stderr?.on('data', (b: Buffer) => (stderr += b.toString()));
    const timer = setTimeout(() => {
      if (child.pid) process.kill(-child.pid, 'SIGKILL');
      reject(new Error(`\`${command}\` ran longer than ${timeoutMs / 1000} s:\n${tail(stdout + stderr)}`));
    }, timeoutMs);
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

async function portIsFree(): Promise<boolean> {
  const probe = createServer();
  return new Promise((resolve) => {
    probe.once('error', () => resolve(false));
    probe.listen(PORT, () => probe.close(() => resolve(true)));
  });
}

/** Starts a README start command and waits for /readyz; the port must be free (another program would answer). */
async function startServer(command: string): Promise<void> {
  if (session.server) await stopServer();
  if (!(await portIsFree())) {
    throw new Error(
      `Port ${PORT} is in use by another program. The README's commands serve Dossier on http://localhost:${PORT}, ` +
        'so this test needs that port: stop what listens there and run the test again.',
    );
  }
  const child = spawnCommand(command);
  child.stdin?.end();
  const server: Server = { command, child, output: [] };
  child.stdout?.on('data', (b: Buffer) => server.output.push(b.toString()));
  child.stderr?.on('data', (b: Buffer) => server.output.push(b.toString()));
  session.server = server;
  session.lastStart = command;
  const deadline = Date.now() + 240_000;
  for (;;) {
    if (child.exitCode !== null)
      throw new Error(`\`${command}\` exited (${child.exitCode}) before it was ready:\n${tail(server.output.join(''))}`);
    if (Date.now() > deadline) throw new Error(`\`${command}\`: /readyz did not answer 200 within 240 s:\n${tail(server.output.join(''))}`);
    const ready = await fetch(`${BASE}/readyz`).then(
      (r) => r.status === 200,
      () => false,
    );
    if (ready) return;
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** Stops the server as a newcomer does, with Ctrl-C (SIGINT to its process group), and waits for every process of it. */
async function stopServer(): Promise<void> {
  const server = session.server;
  if (!server?.child.pid) return;
  session.server = null;
  if (groupAlive(server.child.pid)) process.kill(-server.child.pid, 'SIGINT');
  await waitForGroupExit(server.child.pid, 60_000);
}

async function ensureServer(): Promise<void> {
  if (session.server) return;
  if (!session.lastStart) throw new Error('no README command has started the server yet');
  await startServer(session.lastStart);
}

/**
 * Runs a `npm run dossier` command. With the embedded database the CLI refuses to run beside the server, as
 * the README says ('stop the server first — the CLI says so when it is running'): the first time it meets a
 * running server that refusal is checked, then the server is stopped.
 */
async function cli(command: string): Promise<Result> {
  if (session.server) {
    if (!session.cliRefusalSeen) {
      const refused = await run(command);
      expect(refused.code, refused.stdout + refused.stderr).toBe(1);
      expect(refused.stderr).toMatch(
        /^The embedded database in .+ is in use by another Dossier process \(pid \d+, usually the running server\)\./m,
      );
      session.cliRefusalSeen = true;
    }
    await stopServer();
  }
  return run(command);
}

async function signIn(username: string, password: string): Promise<{ status: number; token?: string; error?: string }> {
  const res = await fetch(`${BASE}${AUTH_PATHS.login}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
  const body = (await res.json()) as { token?: string; error?: string };
  return { status: res.status, ...body };
}

/** The portal's page: the built web app is served at /. */
async function expectPortalPage(): Promise<void> {
  const res = await fetch(`${BASE}/`);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/^text\/html/);
  expect(await res.text()).toContain('<div id="root">');
}

const writeCsv = (path: string, rows: Row[]) => {
  mkdirSync(join(path, '..'), { recursive: true });
  writeFileSync(path, toCsv(rows));
};

const reportLine = (entity: string, counts: string, mode = '') =>
  new RegExp(`^${entity}: received ${counts}${mode.replace(/[()]/g, '\\$&')} in [\\d.]+ s$`);

/** The report lines of a CLI import (npm's own banner lines, `> …`, left out). */
const reportLines = (stdout: string) => stdout.split('\n').filter((l) => l.trim() !== '' && !l.startsWith('> '));

function apply(rows: Row[]): void {
  for (const row of rows) session.policies.set(row.proposal_no ?? '', row);
}

/** Sent with `--dry-run` and `--partial` (and in any other position the README may name a file). */
const SINGLE_FILES: Record<string, Row[]> = { employees: EMPLOYEES_AGAIN, policies: NEW_POLICIES };

interface Step {
  pattern: RegExp;
  run(match: RegExpExecArray, command: ReadmeCommand): Promise<void>;
}

const STEPS: Step[] = [
  {
    pattern: /^npm install && npm start$/,
    async run(_match, { text }) {
      await startServer(text);
      // The first start creates the embedded database under ./.data/ (README, Quick start).
      expect(existsSync(join(session.root, '.data/pglite')), 'the first start writes its database under ./.data/pglite').toBe(true);
      const demo = await signIn('demo.head', DEMO_PASSWORD);
      expect(demo.status, demo.error).toBe(200);
      expect(demo.token).toMatch(/\S{20,}/);
      await expectPortalPage();
      await stopServer();
    },
  },
  {
    // This very test runs inside `npm test`; running it from here would only recurse. What is checked: the
    // root `test` script reaches vitest, whose INCLUDE covers this file.
    pattern: /^npm test$/,
    async run() {
      const scripts = (JSON.parse(readFileSync(join(session.root, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts;
      expect(scripts.test).toContain('npm run test:unit');
      expect(scripts['test:unit']).toMatch(/^vitest run\b/);
      expect(readFileSync(join(session.root, 'vitest.config.ts'), 'utf8')).toContain("'apps/server/test/**/*.test.ts'");
    },
  },
  {
    pattern: /^rm -rf (?:\.\/)?\.data\/?$/,
    async run(_match, { text }) {
      await stopServer();
      expect(existsSync(join(session.root, '.data')), 'the quick start left its database in ./.data').toBe(true);
      const result = await run(text);
      expect(result.code).toBe(0);
      expect(existsSync(join(session.root, '.data'))).toBe(false);
    },
  },
  {
    pattern: /^DEMO_DATA=false npm start$/,
    async run(_match, { text }) {
      await startServer(text);
      // An empty portal: no demo users.
      expect(await signIn('demo.head', DEMO_PASSWORD)).toEqual({ status: 401, error: 'Invalid username or password' });
      await expectPortalPage();
    },
  },
  {
    pattern: /^npm run dossier -- import --dir (\S+)$/,
    async run(match, { text }) {
      const dir = join(session.root, match[1] ?? '');
      for (const [entity, rows] of Object.entries(ORGANISATION)) writeCsv(join(dir, `${entity}.csv`), rows);
      const result = await cli(text);
      expect(result.code, result.stdout + result.stderr).toBe(0);
      // One report per file, in the data contract's import order, every row inserted.
      const lines = reportLines(result.stdout);
      const entities = ['employees', 'partners', 'partner_mappings', 'customers', 'policies', 'users'];
      expect(lines.length, result.stdout).toBe(entities.length);
      for (const [i, entity] of entities.entries()) {
        const n = ORGANISATION[entity]?.length ?? 0;
        expect(lines[i]).toMatch(reportLine(entity, `${n}, inserted ${n}, updated 0, unchanged 0, rejected 0`));
      }
      apply(ORGANISATION.policies ?? []);
    },
  },
  {
    pattern: /^npm run dossier -- import (\w+) (\S+)( --dry-run| --partial)?$/,
    async run(match, { text }) {
      const [, entity = '', file = '', flag = ''] = match;
      const rows = SINGLE_FILES[entity];
      if (!rows) throw new Error(`no ${entity} file for \`${text}\`: add one to SINGLE_FILES`);
      writeCsv(join(session.root, file), rows);
      const result = await cli(text);
      const lines = reportLines(result.stdout);
      if (entity === 'employees') {
        // Re-sending a row updates it, a new key is inserted, the same row again changes nothing.
        expect(result.code, result.stdout + result.stderr).toBe(0);
        expect(lines).toHaveLength(1);
        expect(lines[0]).toMatch(reportLine('employees', '5, inserted 1, updated 1, unchanged 3, rejected 0'));
        return;
      }
      // Exit code 0 only when every row was applied: the misspelt state is rejected either way.
      expect(result.code, result.stdout + result.stderr).toBe(1);
      const rejected = '  line 5 state: state "Gujrat" is not a known state';
      if (flag === ' --dry-run') {
        expect(lines).toEqual([
          expect.stringMatching(reportLine('policies', '4, inserted 0, updated 0, unchanged 0, rejected 1', ' (dry run: nothing written)')),
          rejected,
        ]);
      } else if (flag === ' --partial') {
        // Inserted, not updated: the dry run before it wrote nothing.
        expect(lines).toEqual([
          expect.stringMatching(reportLine('policies', '4, inserted 3, updated 0, unchanged 0, rejected 1')),
          rejected,
        ]);
        apply(rows.filter((p) => p.state !== 'Gujrat'));
      } else {
        expect(lines).toEqual([
          expect.stringMatching(reportLine('policies', '4, inserted 0, updated 0, unchanged 0, rejected 1', ' (nothing written)')),
          rejected,
          'Nothing was imported. Fix the rows above, or use --partial to apply the good rows.',
        ]);
      }
    },
  },
  {
    pattern: /^npm run dossier -- api-keys create --name (\S+) --entities (\S+)$/,
    async run(match, { text }) {
      const result = await cli(text);
      expect(result.code, result.stdout + result.stderr).toBe(0);
      const lines = result.stdout.trim().split('\n');
      const entities = (match[2] ?? '').split(',').join(', ');
      expect(lines.at(-2)).toBe(
        `Created the API key "${match[1]}" for ${entities}. It is shown only now; send it as Authorization: Bearer <key>.`,
      );
      // The key is alone on the last line.
      session.key = lines.at(-1) ?? '';
      expect(session.key).toMatch(/^\S{32,}$/);
      session.env.KEY = session.key;
    },
  },
  {
    pattern:
      /^curl -X POST -H "Authorization: Bearer \$KEY" -H 'Content-Type: text\/csv' --data-binary @(\S+) http:\/\/localhost:3000\/api\/v1\/ingest\/policies$/,
    async run(match, { text }) {
      await ensureServer();
      writeCsv(join(session.root, match[1] ?? ''), PUSHED_POLICIES);
      const result = await run(text);
      expect(result.code, result.stderr).toBe(0);
      const report = JSON.parse(result.stdout) as ImportReport;
      expect(report).toMatchObject({
        entity: 'policies',
        received: 5,
        inserted: 1,
        updated: 1,
        unchanged: 3,
        rejected: 0,
        applied: true,
        errors: [],
      });
      apply(PUSHED_POLICIES);
    },
  },
  {
    pattern: /^npm run dossier -- api-keys revoke (\S+)$/,
    async run(match, { text }) {
      const result = await cli(text);
      expect(result.code, result.stdout + result.stderr).toBe(0);
      expect(reportLines(result.stdout)).toEqual([`Revoked the API key "${match[1]}"`]);
      // Refused from the next request on: the README's own curl again, and the same request's status.
      const curl = COMMANDS.find((c) => c.text.startsWith('curl '));
      if (!curl) return;
      await ensureServer();
      const again = await run(curl.text);
      expect(JSON.parse(again.stdout)).toEqual({ error: 'This API key is not valid or has been revoked' });
      const res = await fetch(`${BASE}/api/v1/ingest/policies`, {
        method: 'POST',
        headers: { authorization: `Bearer ${session.key ?? ''}`, 'content-type': 'text/csv' },
        body: toCsv(PUSHED_POLICIES),
      });
      expect(res.status).toBe(401);
    },
  },
  {
    pattern: /^printf '%s\\n' "\$PASSWORD" \| npm run dossier -- users add --login (\S+) --employee (\S+) --password-stdin --admin$/,
    async run(match, { text }) {
      const [, login = '', employee = ''] = match;
      const result = await cli(text);
      expect(result.code, result.stdout + result.stderr).toBe(0);
      // The user came in with the organisation's users file, without a password: this sets it.
      expect(reportLines(result.stdout)).toEqual([`Updated user ${login} for employee ${employee} (administrator)`]);
      await ensureServer();
      const signedIn = await signIn(login, PASSWORD);
      expect(signedIn.status, signedIn.error).toBe(200);
    },
  },
];

function stepFor(command: ReadmeCommand): { step: Step; match: RegExpExecArray } | null {
  for (const step of STEPS) {
    const match = step.pattern.exec(command.text);
    if (match) return { step, match };
  }
  return null;
}

describe('the README commands', () => {
  it('are the lines of the sh blocks under the named headings: comments dropped, continued lines joined, with their line', () => {
    const markdown = [
      '## Quick start',
      '```sh',
      'npm start     # starts it',
      '',
      '# a comment line',
      '```',
      '```',
      'not a command',
      '```',
      '## Elsewhere',
      '```sh',
      'npm run other',
      '```',
      '## Your own data',
      '1. Files:',
      '   ```sh',
      "   curl -H 'X: a # b' \\",
      '        http://localhost:3000/x   # pushes',
      '   ```',
    ].join('\n');
    expect(readmeCommands(markdown, ['Quick start', 'Your own data'])).toEqual([
      { line: 3, section: 'Quick start', text: 'npm start' },
      { line: 17, section: 'Your own data', text: "curl -H 'X: a # b' http://localhost:3000/x" },
    ]);
  });
});

describe.skipIf(Boolean(process.env.DATABASE_URL))('the README is a test', () => {
  let broken = false;

  beforeAll(async () => {
    // The copy reuses the checkout's web build; make it current first (as `npm run test:e2e` would).
    const built = await new Promise<Result>((resolve) => {
      const child = spawn(process.execPath, [join(REPO_ROOT, 'scripts/web-build.mjs')], {
        cwd: REPO_ROOT,
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let out = '';
      child.stdout.on('data', (b: Buffer) => (out += b.toString()));
      child.stderr.on('data', (b: Buffer) => (out += b.toString()));
      child.on('exit', (code) => resolve({ code, stdout: out, stderr: '' }));
    });
    expect(built.code, tail(built.stdout)).toBe(0);
    const copy = freshCheckout();
    remove = copy.remove;
    session = { root: copy.root, env: newcomerEnv(), server: null, lastStart: null, cliRefusalSeen: false, key: null, policies: new Map() };
  }, 600_000);

  afterAll(async () => {
    if (session) await stopServer().catch(() => undefined);
    remove();
  }, 90_000);

  it('finds the commands of both sections, and a step for each', () => {
    expect(COMMANDS.filter((c) => c.section === 'Quick start').length).toBeGreaterThan(0);
    expect(COMMANDS.filter((c) => c.section === 'Your own data').length).toBeGreaterThan(0);
    const unknown = COMMANDS.filter((c) => !stepFor(c)).map((c) => `README line ${c.line}: \`${c.text}\``);
    expect(unknown, `A README line that no test runs is a defect: add a step for it to apps/server/test/readme.test.ts`).toEqual([]);
  });

  for (const command of COMMANDS) {
    it(`README line ${command.line}: ${command.text}`, async (ctx) => {
      if (broken) ctx.skip();
      const found = stepFor(command);
      if (!found) {
        // The commands after it would run on a state the README does not lead to.
        broken = true;
        throw new Error(`README line ${command.line}: \`${command.text}\` has no step. A README line that no test runs is a defect.`);
      }
      try {
        await found.step.run(found.match, command);
      } catch (err) {
        broken = true;
        throw err;
      }
    }, 420_000);
  }

  it('reports show the imported and pushed policies at once after an ETL run (the ETL panel’s Run now, through its call)', async (ctx) => {
    if (broken) ctx.skip();
    const admin = COMMANDS.map((c) => /users add --login (\S+)/.exec(c.text)?.[1]).find(Boolean);
    expect(admin, 'the README names its first administrator').toBeDefined();
    await ensureServer();
    const { token } = await signIn(admin ?? '', PASSWORD);
    const auth = { authorization: `Token ${token ?? ''}` };
    const etl = await fetch(`${BASE}${ETL_PATHS.run}`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: '{}',
    });
    expect(etl.status).toBe(200);
    expect(((await etl.json()) as EtlRunResponse).ran).toBe(true);

    const res = await fetch(`${BASE}${REPORT_PATHS.report(13)}?start_date=${PERIOD.start}&end_date=${PERIOD.end}`, { headers: auth });
    expect(res.status).toBe(200);
    const total = ((await res.json()) as ReportResponse).data.data.records.find((r) => r['Business Type'] === 'Total');
    // Recomputed from the rows as sent: only successful policies count as business.
    const success = [...session.policies.values()].filter((p) => p.status === 'success');
    const premium = success.reduce((sum, p) => sum + Math.round(Number(p.paid_amount) * 100), 0) / 100;
    expect(success.length).toBe(8);
    expect([total?.['Policies count'], Number(total?.['Total Premium']).toFixed(2)]).toEqual([success.length, premium.toFixed(2)]);
  }, 300_000);

  it('deleting the data directory as the README says starts over: the empty portal', async (ctx) => {
    if (broken) ctx.skip();
    const remove = COMMANDS.find((c) => /^rm -rf (?:\.\/)?\.data\/?$/.test(c.text));
    const emptyStart = COMMANDS.find((c) => c.text === 'DEMO_DATA=false npm start');
    expect(remove, 'the README shows how to delete the data directory').toBeDefined();
    expect(emptyStart).toBeDefined();
    await stopServer();
    expect((await run(remove?.text ?? 'false')).code).toBe(0);
    await startServer(emptyStart?.text ?? 'false');
    expect(await signIn('anita', PASSWORD)).toEqual({ status: 401, error: 'Invalid username or password' });
    await stopServer();
  }, 420_000);
});
