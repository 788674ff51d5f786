import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * Time from `node server.ts` on an empty PGlite directory until /readyz answers: migrations, the demo
 * organisation at scale 1 and the first roll-up. This is what a new user waits for after `npm start`.
 */
export async function firstStartOnPglite(repoRoot: string, port: number): Promise<{ seconds: number; lastLines: string[] }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'dossier-first-start-'));
  const started = performance.now();
  const child = spawn('npx', ['tsx', join(repoRoot, 'apps/server/src/server.ts')], {
    env: { ...process.env, DATABASE_URL: '', DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', DEMO_SCALE: '1' },
    stdio: ['ignore', 'pipe', 'pipe'],
    // Its own process group: npx starts the server as a grandchild, and all of them must stop.
    detached: true,
  });
  const lines: string[] = [];
  child.stdout.on('data', (b: Buffer) => lines.push(...b.toString().split('\n').filter(Boolean)));
  child.stderr.on('data', (b: Buffer) => lines.push(...b.toString().split('\n').filter(Boolean)));
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`server exited: ${lines.slice(-5).join(' | ')}`);
      try {
        const res = await fetch(`http://127.0.0.1:${port}/readyz`);
        if (res.ok) break;
      } catch {
        // not listening yet
      }
      await new Promise((r) => setTimeout(r, 250));
    }
    return { seconds: (performance.now() - started) / 1000, lastLines: lines.filter((l) => l.startsWith('demo data')).slice(-3) };
  } finally {
    if (child.pid) process.kill(-child.pid, 'SIGTERM');
    await new Promise((r) => child.once('exit', r));
    rmSync(dataDir, { recursive: true, force: true });
  }
}
