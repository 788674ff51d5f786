import {
  kolkataToday,
  TEAM_PATHS,
  type AnalyticsRow,
  type ReporteeRow,
  type TeamRow,
  type UnmappedPartnersResponse,
} from '@dossier/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeader, signIn } from '../../../test/app';
import { createTestDb } from '../../../test/db';
import { buildApp } from '../../app';
import { loadConfig } from '../../config';
import { DEMO_PASSWORD, loadDemoIfEmpty } from '../../demo/load';
import type { App } from '../../platform/types';

/** The demo organisation at the e2e scale has requests to decide and partners to map at first start. */
describe('demo mapping requests (DEMO_SCALE 0.05)', () => {
  let db: Awaited<ReturnType<typeof createTestDb>>;
  let app: App;
  beforeAll(async () => {
    db = await createTestDb();
    await loadDemoIfEmpty(db, { scale: 0.05, seed: 20261121, today: kolkataToday(), log: () => undefined });
    app = await buildApp({ config: loadConfig({ WEB_DIST: '/nonexistent' }), db: db.db });
    await app.ready();
  }, 240_000);
  afterAll(async () => {
    await app.close();
    await db.drop();
  });

  const get = async <T>(login: string, url: string): Promise<T> => {
    const token = await signIn(app, login, DEMO_PASSWORD, `10.7.${login.length}.1`);
    const res = await app.inject({ method: 'GET', url, headers: authHeader(token) });
    expect(res.statusCode).toBe(200);
    return res.json<T>();
  };

  it('gives demo.asm requests of demo.rm and demo.tl to decide, with reportees', async () => {
    const rows = await get<TeamRow[]>('demo.asm', TEAM_PATHS.teamList);
    expect(rows.length).toBeGreaterThanOrEqual(2);
    const first = rows[0];
    if (!first) throw new Error('no rows');
    const reportees = await get<ReporteeRow[]>(
      'demo.asm',
      `${TEAM_PATHS.reporteeDetail}?unique_code=${first.unique_code}&request_raised=${first.request_raised}`,
    );
    expect(reportees.length).toBe(first.pending);
    expect((await get<TeamRow[]>('demo.zsm', TEAM_PATHS.teamList)).length).toBeGreaterThanOrEqual(3);
  });

  it('leaves free unmapped partners for the requester, with per-line lists for asm', async () => {
    const body = await get<Extract<UnmappedPartnersResponse, { motor: unknown }>>('demo.asm', TEAM_PATHS.unmappedPartners);
    expect(body.designation).toBe('asm');
    expect(body.motor.partners.filter((p) => p.pending_request === null).length).toBeGreaterThanOrEqual(2);
    expect(body.motor.managers.length).toBeGreaterThan(0);
    expect(body.life.managers.length).toBeGreaterThan(0);
  });

  it('shows the requests on the mapping dashboard of demo.asm', async () => {
    const rows = await get<AnalyticsRow[]>('demo.asm', TEAM_PATHS.analytics);
    const total = (key: string) => rows.reduce((sum, r) => sum + Number(r[key] ?? 0), 0);
    expect(total('Pending')).toBeGreaterThanOrEqual(4);
    expect(total('Accepted')).toBe(1);
    expect(total('Rejected')).toBe(1);
    expect(total('Cancelled')).toBe(1);
  });
});
