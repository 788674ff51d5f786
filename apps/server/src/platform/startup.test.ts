import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { freePort } from '../../test/ports';

const SERVER = resolve(dirname(fileURLToPath(import.meta.url)), '../server.ts');

/**
 * A first start on an empty database, as a process: the port answers at once (/healthz), /readyz and the
 * API say how far the start-up is until the demo data and roll-ups are in, then the portal is ready.
 * Always on PGlite (a fresh DATA_DIR, DATABASE_URL removed), hence skipped in the pass with DATABASE_URL set,
 * which would only repeat it.
 */
describe.skipIf(Boolean(process.env.DATABASE_URL))('first start', () => {
  it('listens at once: /healthz live, /readyz and the API 503 with the progress until ready', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'dossier-startup-'));
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const { DATABASE_URL: _db, ...env } = process.env;
    const child = spawn(process.execPath, ['--import', 'tsx', SERVER], {
      env: {
        ...env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        DEMO_SCALE: '0.05',
        LOG_LEVEL: 'warn',
        WEB_DIST: join(dataDir, 'no-web-build'),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const output: string[] = [];
    // The server says when it listens; polling from then on (rather than on a timer from the spawn)
    // sees the start-up window even when a loaded machine starts the process slowly.
    const listening = new Promise<void>((resolveListening) => {
      child.stdout.on('data', (b: Buffer) => {
        output.push(b.toString());
        if (output.join('').includes('Dossier is starting at')) resolveListening();
      });
    });
    child.stderr.on('data', (b: Buffer) => output.push(b.toString()));
    try {
      await Promise.race([listening, new Promise((r) => child.once('exit', r))]);
      const started = Date.now();
      let firstAnswer: number | null = null;
      const progress: string[] = [];
      let apiWhileStarting: { status: number; error: string } | null = null;
      let ready = false;
      while (!ready && Date.now() - started < 240_000) {
        if (child.exitCode !== null) throw new Error(`server exited: ${output.join('').slice(-500)}`);
        try {
          const health = await fetch(`${base}/healthz`);
          expect(health.status).toBe(200);
          firstAnswer ??= Date.now() - started;
          const readyz = await fetch(`${base}/readyz`);
          if (readyz.status === 200) {
            ready = true;
            break;
          }
          expect(readyz.status).toBe(503);
          const body = (await readyz.json()) as { error: string; progress: number };
          progress.push(body.error);
          expect(body.error).toBe(`Preparing demo data… ${body.progress} %`);
          if (apiWhileStarting === null) {
            const login = await fetch(`${base}/accounts/api/v1/login/`, {
              method: 'POST',
              headers: { 'content-type': 'application/json' },
              body: JSON.stringify({ username: 'demo.head', password: 'dossier-demo' }),
            });
            apiWhileStarting = { status: login.status, error: ((await login.json()) as { error: string }).error };
          }
        } catch (err) {
          if (err instanceof Error && err.name === 'AssertionError') throw err;
          // not listening yet
        }
        await new Promise((r) => setTimeout(r, 50));
      }
      expect(ready).toBe(true);
      // The port answered (healthz 200) while the start-up work was still going on (readyz 503).
      expect(firstAnswer).not.toBeNull();
      expect(progress.length).toBeGreaterThan(0);
      expect(progress[0]).toMatch(/^Preparing demo data… \d{1,2} %$/);
      // The percentages never go back.
      const percents = progress.map((p) => Number(/(\d+) %$/.exec(p)?.[1]));
      expect(percents).toEqual([...percents].sort((a, b) => a - b));
      expect(apiWhileStarting?.status).toBe(503);
      expect(apiWhileStarting?.error).toMatch(/^Dossier is starting \(Preparing demo data… \d{1,2} %\)\. Try again in a moment\.$/);
      // Ready: signing in works.
      const login = await fetch(`${base}/accounts/api/v1/login/`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'demo.head', password: 'dossier-demo' }),
      });
      expect(login.status).toBe(200);
    } finally {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
      await rm(dataDir, { recursive: true, force: true });
    }
  }, 300_000);
});
