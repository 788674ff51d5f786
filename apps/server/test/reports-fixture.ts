import { loadConfig } from '../src/config';
import { buildApp } from '../src/app';
import { loadDemoIfEmpty } from '../src/demo/load';
import { runBusinessEtl } from '../src/modules/etl/business-etl';
import type { ReportDef } from '../src/modules/reports/module';
import type { App } from '../src/platform/types';
import { createTestDb } from './db';

export const TODAY = '2026-06-15';

export interface ReportsTestContext {
  app: App;
  db: Awaited<ReturnType<typeof createTestDb>>;
  close: () => Promise<void>;
}

/**
 * The real app over a small generated demo organisation with its roll-ups built. `today` fixes the business
 * date reports count their default periods and growth comparisons from, or gives it as a function a test
 * moves (default: the clock); `config` sets environment settings; `reports` replaces the catalogue's fixed
 * reports (a test's extra entry).
 */
export async function createReportsTestApp(
  scale = 0.02,
  {
    today,
    config = {},
    reports,
  }: { today?: string | (() => string); config?: Record<string, string>; reports?: readonly ReportDef[] } = {},
): Promise<ReportsTestContext> {
  const db = await createTestDb({
    // The roll-ups built into the seed: on PGlite every file then starts from the file with them built.
    key: `demo scale ${scale} seed 424242 today ${TODAY} with roll-ups`,
    load: async (handle) => {
      await loadDemoIfEmpty(handle, { scale, seed: 424242, today: TODAY, log: () => undefined });
      await runBusinessEtl(handle.db, { today: TODAY });
    },
  });
  // Finds nothing to fold on PGlite; kept so that a file starts, as a server does, after a run of the ETL.
  await runBusinessEtl(db.db, { today: TODAY });
  const app = await buildApp({
    config: loadConfig({ WEB_DIST: '/nonexistent', ...config }),
    db: db.db,
    ...(today ? { today: typeof today === 'string' ? () => today : today } : {}),
    ...(reports ? { reports } : {}),
  });
  await app.ready();
  return {
    app,
    db,
    close: async () => {
      await app.close();
      await db.drop();
    },
  };
}

export async function demoToken(app: App, login: string): Promise<string> {
  const res = await app.inject({ method: 'POST', url: '/accounts/api/v1/login/', payload: { username: login, password: 'dossier-demo' } });
  if (res.statusCode !== 200) throw new Error(`login ${login}: ${res.body}`);
  return res.json<{ token: string }>().token;
}
