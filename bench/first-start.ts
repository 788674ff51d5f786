import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServer } from './server-process';

/**
 * Time from `node server.ts` on an empty PGlite directory until /readyz answers: migrations, the demo
 * organisation at scale 1 and the first roll-up. This is what a new user waits for after `npm start`.
 */
export async function firstStartOnPglite(repoRoot: string, port: number): Promise<{ seconds: number; lastLines: string[] }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'dossier-first-start-'));
  const started = performance.now();
  const server = startServer(repoRoot, port, { DATABASE_URL: '', DATA_DIR: dataDir, LOG_LEVEL: 'warn', DEMO_SCALE: '1' });
  try {
    await server.ready();
    return { seconds: (performance.now() - started) / 1000, lastLines: server.output.filter((l) => l.startsWith('demo data')).slice(-3) };
  } finally {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
