import { execFile, execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { freePort } from '../ports';

const SERVER_DIR = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const DIST = join(SERVER_DIR, 'dist');
// Beside no checkout's files; named after this checkout, so another worktree's run builds its own.
const BUILD_LOCK = join(tmpdir(), `dossier-server-build-${createHash('sha256').update(SERVER_DIR).digest('hex').slice(0, 12)}.lock`);

/** The newest modification time of any file below `path` (tests beside the sources included: cheap and safe). */
function newest(path: string): number {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(0, ...readdirSync(path).map((name) => newest(join(path, name))));
}

/**
 * Builds the server as production runs it (`npm run build -w @dossier/server`) when dist/ is missing or older
 * than the sources it bundles, once for test files running side by side (a directory as the lock: mkdir is atomic).
 */
export async function builtServer(): Promise<void> {
  const sources = Math.max(
    newest(join(SERVER_DIR, 'src')),
    newest(join(SERVER_DIR, '../../packages/shared/src')),
    newest(join(SERVER_DIR, 'build.mjs')),
  );
  const fresh = () => existsSync(join(DIST, 'server.js')) && statSync(join(DIST, 'server.js')).mtimeMs >= sources;
  for (let waited = 0; !fresh(); waited += 200) {
    try {
      mkdirSync(BUILD_LOCK);
    } catch {
      // Another file is building; a lock older than a minute was left by a killed run.
      if (waited > 60_000) rmSync(BUILD_LOCK, { recursive: true, force: true });
      await new Promise((r) => setTimeout(r, 200));
      continue;
    }
    try {
      if (!fresh()) execFileSync(process.execPath, ['build.mjs'], { cwd: SERVER_DIR, stdio: 'pipe' });
    } finally {
      rmSync(BUILD_LOCK, { recursive: true, force: true });
    }
  }
}

export const INDEX_HTML = '<!doctype html><html lang="en"><head><title>Dossier</title></head><body><div id="root"></div></body></html>';

/** A stand-in for apps/web/dist as the web build leaves it: index.html with its .br and .gz beside it. */
export function webDist(dir: string): string {
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'index.html'), INDEX_HTML);
  writeFileSync(join(dir, 'index.html.br'), brotliCompressSync(INDEX_HTML));
  writeFileSync(join(dir, 'index.html.gz'), gzipSync(INDEX_HTML));
  return dir;
}

export interface ServerProcess {
  base: string;
  port: number;
  child: ChildProcess;
  /** Everything the process wrote so far (stdout and stderr). */
  output: () => string;
  /** Sends `signal` and resolves with the exit code and how long the process took to end (SIGKILL after 30 s). */
  stop: (signal?: NodeJS.Signals) => Promise<{ code: number | null; ms: number }>;
}

/**
 * `node apps/server/dist/server.js` on a free port with `env` (over this process's, DATABASE_URL removed unless
 * `env` names one), resolved once /readyz answers 200.
 */
export async function startServer(env: Record<string, string>, readyWithinMs = 150_000): Promise<ServerProcess> {
  const port = await freePort();
  const { DATABASE_URL: _db, ...inherited } = process.env;
  const child = spawn(process.execPath, ['--enable-source-maps', '--expose-gc', join(DIST, 'server.js')], {
    cwd: SERVER_DIR,
    env: { ...inherited, LOG_LEVEL: 'warn', HOST: '127.0.0.1', ...env, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const chunks: string[] = [];
  child.stdout?.on('data', (b: Buffer) => chunks.push(b.toString()));
  child.stderr?.on('data', (b: Buffer) => chunks.push(b.toString()));
  const exited = new Promise<number | null>((r) => child.once('exit', (code) => r(code)));
  const base = `http://127.0.0.1:${port}`;
  const output = () => chunks.join('');
  const stop = async (signal: NodeJS.Signals = 'SIGTERM') => {
    const started = Date.now();
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
    // A server whose event loop is blocked never runs its own shutdown timer: killed after a while, the
    // time taken still tells.
    const killer = setTimeout(() => child.kill('SIGKILL'), 30_000);
    const code = await exited;
    clearTimeout(killer);
    return { code, ms: Date.now() - started };
  };
  const deadline = Date.now() + readyWithinMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited (${child.exitCode}): ${output().slice(-2000)}`);
    if (Date.now() > deadline) {
      await stop('SIGKILL');
      throw new Error(`the server was not ready within ${readyWithinMs} ms: ${output().slice(-2000)}`);
    }
    const ready = await fetch(`${base}/readyz`).then(
      (res) => res.status,
      () => 0,
    );
    if (ready === 200) return { base, port, child, output, stop };
    await new Promise((r) => setTimeout(r, 200));
  }
}

export interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
}

/** The built CLI (`node apps/server/dist/dossier.js ARGS`) with `env` over this process's. */
export function runBuiltCli(env: Record<string, string>, args: string[], input?: string): Promise<CliRun> {
  return new Promise((resolveRun) => {
    const { DATABASE_URL: _db, ...inherited } = process.env;
    const child = execFile(
      process.execPath,
      [join(DIST, 'dossier.js'), ...args],
      { cwd: SERVER_DIR, env: { ...inherited, LOG_LEVEL: 'silent', ...env } },
      (error, stdout, stderr) => resolveRun({ code: error ? (typeof error.code === 'number' ? error.code : 1) : 0, stdout, stderr }),
    );
    child.stdin?.end(input ?? '');
  });
}

// The poller runs on a thread of its own, so that the test's own work (parsing a mail, building a body) never
// delays a poll: a slow answer is the server's. Plain JavaScript, as a worker evaluates it.
const POLLER = `
const { parentPort, workerData } = require('node:worker_threads');
const { Agent, get } = require('node:http');
const agent = new Agent({ keepAlive: true, maxSockets: 1 });
const times = [];
const failures = [];
let done = false;
parentPort.once('message', () => (done = true));
const poll = () => new Promise((resolve) => {
  const started = performance.now();
  const req = get(workerData.url, { agent, timeout: 5000 }, (res) => {
    res.resume();
    res.on('end', () => {
      const ms = performance.now() - started;
      times.push(res.statusCode === 200 ? ms : Infinity);
      if (res.statusCode !== 200) failures.push('status ' + res.statusCode + ' after ' + Math.round(ms) + ' ms');
      resolve();
    });
  });
  req.on('timeout', () => req.destroy(new Error('no answer within 5 s')));
  req.on('error', (err) => { times.push(Infinity); failures.push(err.message); resolve(); });
});
(async () => {
  while (!done) {
    const next = new Promise((r) => setTimeout(r, workerData.everyMs));
    await poll();
    await next;
  }
  agent.destroy();
  parentPort.postMessage({ times, failures });
})();
`;

export interface HealthReport<T> {
  result: T;
  /** The slowest /healthz answer in ms (rounded); Infinity when one failed. */
  slowestMs: number;
  polls: number;
  failures: string[];
}

/**
 * Runs `work` while /healthz is asked every `everyMs` on a connection of its own: a door that blocks the
 * server's event loop (a hook spinning on a request stream, a module loaded on first use) shows as a slow or
 * missing answer here even when the request that caused it answers in the end.
 */
export async function healthDuring<T>(base: string, work: () => Promise<T>, everyMs = 50): Promise<HealthReport<T>> {
  const poller = new Worker(POLLER, { eval: true, workerData: { url: `${base}/healthz`, everyMs } });
  const polled = new Promise<{ times: number[]; failures: string[] }>((resolve, reject) => {
    poller.once('message', resolve);
    poller.once('error', reject);
  });
  try {
    const result = await work();
    poller.postMessage('stop');
    const { times, failures } = await polled;
    return { result, slowestMs: Math.round(Math.max(0, ...times)), polls: times.length, failures };
  } finally {
    poller.postMessage('stop');
    await polled.catch(() => undefined);
    await poller.terminate();
  }
}
