import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { createDb, type DbHandle } from '../src/platform/db';

const serverDir = join(dirname(fileURLToPath(import.meta.url)), '..');

/**
 * An empty database for the dossier CLI run as a child process: a PGlite directory of its own, or, when
 * DATABASE_URL is set, a new PostgreSQL database on that server (the CLI has no schema option).
 */
export interface CliTarget {
  env: Record<string, string>;
  open(): Promise<DbHandle>;
  drop(): Promise<void>;
}

export async function createCliTarget(): Promise<CliTarget> {
  const url = process.env.DATABASE_URL;
  const dataDir = mkdtempSync(join(tmpdir(), 'dossier-cli-'));
  if (!url) {
    return {
      env: { DATA_DIR: dataDir },
      open: () => createDb({ pgliteDir: join(dataDir, 'pglite') }),
      // Retried: the embedded database of a CLI run that just ended may still be closing its files.
      drop: async () => rmSync(dataDir, { recursive: true, force: true, maxRetries: 5, retryDelay: 500 }),
    };
  }
  const name = `cli_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const target = new URL(url);
  target.pathname = `/${name}`;
  return {
    env: { DATA_DIR: dataDir, DATABASE_URL: target.toString() },
    open: () => createDb({ databaseUrl: target.toString(), pgliteDir: '' }),
    drop: async () => {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs `dossier ARGS` as the README's npm script does (tsx), with the target's environment. */
export function runCli(target: CliTarget, args: string[], input?: string): Promise<CliResult> {
  return new Promise((resolve) => {
    const child = execFile(
      process.execPath,
      ['--import', 'tsx', join(serverDir, 'src/cli/dossier.ts'), ...args],
      { cwd: serverDir, env: { ...process.env, DATABASE_URL: '', ...target.env, LOG_LEVEL: 'silent' }, maxBuffer: 64 * 1024 * 1024 },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === 'number' ? error.code : 1) : 0;
        resolve({ code, stdout, stderr });
      },
    );
    if (input !== undefined) child.stdin?.end(input);
    else child.stdin?.end();
  });
}
