import { execFileSync, spawn } from 'node:child_process';
import { join } from 'node:path';

export interface ServerProcess {
  port: number;
  /** http://127.0.0.1:<port> */
  base: string;
  /** The server's process id (its resident memory can be read from /proc). */
  pid: number | undefined;
  /** What the server printed, line by line (for error messages and figures). */
  output: string[];
  /** Resolves once GET /readyz answers 200; rejects when the server exits first or after `timeoutMs`. */
  ready(timeoutMs?: number): Promise<void>;
  /** Stops the server and everything it started. */
  stop(): Promise<void>;
}

let built = false;

/** Builds the server and the CLI to JavaScript, once per bench process, so the figures are the current sources'. */
export function buildServer(repoRoot: string): void {
  if (built) return;
  execFileSync('npm', ['run', 'build', '-w', '@dossier/server'], { cwd: repoRoot, stdio: 'ignore' });
  built = true;
}

/**
 * The settings of a server over a benchmark's database: production mode, no demo load, and no ETL run while
 * it is measured (the benchmark runs the ETL itself).
 */
export const overBenchDatabase = (databaseUrl: string): Record<string, string> => ({
  NODE_ENV: 'production',
  DATABASE_URL: databaseUrl,
  DEMO_DATA: 'false',
  LOG_LEVEL: 'warn',
  ETL_INTERVAL_SECONDS: '86400',
});

/**
 * The real server in a process of its own on 127.0.0.1:`port`, with `env` on top of this one's. It runs as
 * `npm start` runs it in production: the server built to JavaScript (built once per bench process, so the
 * figures are those of the current sources), on plain `node`.
 */
export function startServer(repoRoot: string, port: number, env: Record<string, string>): ServerProcess {
  buildServer(repoRoot);
  const base = `http://127.0.0.1:${port}`;
  // The flags of `npm start` (apps/server/package.json), so the benches measure the process production runs.
  const flags = ['--enable-source-maps', '--expose-gc', '--max-semi-space-size=16'];
  const child = spawn('node', [...flags, join(repoRoot, 'apps/server/dist/server.js')], {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    // Its own process group, so that stopping it stops anything it started.
    detached: true,
  });
  const output: string[] = [];
  const collect = (b: Buffer) => output.push(...b.toString().split('\n').filter(Boolean));
  child.stdout.on('data', collect);
  child.stderr.on('data', collect);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const last = () => output.slice(-5).join(' | ');

  return {
    port,
    base,
    pid: child.pid,
    output,
    ready: async (timeoutMs = 600_000) => {
      const deadline = Date.now() + timeoutMs;
      while (Date.now() < deadline) {
        if (child.exitCode !== null || child.signalCode !== null) throw new Error(`server exited: ${last()}`);
        try {
          if ((await fetch(`${base}/readyz`)).ok) return;
        } catch {
          // not listening yet
        }
        await new Promise((r) => setTimeout(r, 250));
      }
      throw new Error(`server not ready after ${timeoutMs / 1000} s: ${last()}`);
    },
    stop: async () => {
      try {
        if (child.pid) process.kill(-child.pid, 'SIGTERM');
      } catch {
        // the group is already gone
      }
      await exited;
    },
  };
}

/** The server's resident memory in MiB, from its /metrics (which answers the loopback peer). */
export async function serverRssMb(base: string): Promise<number> {
  const text = await (await fetch(`${base}/metrics`)).text();
  const m = /^process_resident_memory_bytes (\d+(?:\.\d+)?(?:e\+\d+)?)$/m.exec(text);
  return m?.[1] ? Number(m[1]) / 1_048_576 : 0;
}
