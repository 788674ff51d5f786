import { execFile } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { freePort } from './ports';

const run = promisify(execFile);

/** The bin directory of the newest PostgreSQL installed the Debian way, or null when there is none. */
export function findPgBin(): string | null {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return null;
  const versions = readdirSync(root)
    .filter((v) => existsSync(join(root, v, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] ? join(root, versions[0], 'bin') : null;
}

export interface PgCluster {
  /** postgres://postgres@127.0.0.1:<port>/postgres (trust auth). */
  url: string;
  port: number;
  start(): Promise<void>;
  /** Fast shutdown: open sessions are terminated, in-flight transactions roll back. */
  stop(): Promise<void>;
  restart(): Promise<void>;
  /** Stops the server if it runs and deletes its directory; safe to call twice. */
  destroy(): Promise<void>;
}

/**
 * A throw-away PostgreSQL cluster in a temp directory, listening on 127.0.0.1 only, for tests that
 * stop and start the database under a running app. PostgreSQL refuses to run as root, so as root the
 * binaries run as the `postgres` user (which then owns the directory).
 */
export async function createPgCluster(bin: string): Promise<PgCluster> {
  const dir = mkdtempSync(join(tmpdir(), 'dossier-pg-'));
  const data = join(dir, 'data');
  const log = join(dir, 'server.log');
  const asRoot = process.getuid?.() === 0;
  if (asRoot) {
    const { stdout } = await run('id', ['-u', 'postgres']);
    const { stdout: gid } = await run('id', ['-g', 'postgres']);
    chownSync(dir, Number(stdout.trim()), Number(gid.trim()));
  }
  // cwd inside the cluster's directory: the postgres user may not be allowed into the test's cwd.
  const exec = (tool: string, args: string[]) =>
    asRoot ? run('runuser', ['-u', 'postgres', '--', join(bin, tool), ...args], { cwd: dir }) : run(join(bin, tool), args, { cwd: dir });

  const port = await freePort();
  // Sockets in the cluster's own directory, TCP on loopback only.
  const serverOptions = `-p ${port} -c listen_addresses=127.0.0.1 -k ${dir}`;
  let running = false;
  const pgCtl = async (args: string[]) => {
    try {
      await exec('pg_ctl', ['-D', data, '-l', log, '-w', '-t', '60', ...args]);
    } catch (err) {
      throw new Error(`pg_ctl ${args.join(' ')} failed: ${err instanceof Error ? err.message : String(err)}`, { cause: err });
    }
  };
  const cluster: PgCluster = {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    start: async () => {
      await pgCtl(['-o', serverOptions, 'start']);
      running = true;
    },
    stop: async () => {
      await pgCtl(['-m', 'fast', 'stop']);
      running = false;
    },
    restart: async () => {
      await pgCtl(['-m', 'fast', '-o', serverOptions, 'restart']);
      running = true;
    },
    destroy: async () => {
      if (running) await pgCtl(['-m', 'immediate', 'stop']).catch(() => undefined);
      running = false;
      rmSync(dir, { recursive: true, force: true });
    },
  };
  try {
    await exec('initdb', ['-D', data, '-U', 'postgres', '-A', 'trust', '-E', 'UTF8', '--no-sync', '--no-instructions']);
    await cluster.start();
  } catch (err) {
    await cluster.destroy();
    throw err;
  }
  return cluster;
}
