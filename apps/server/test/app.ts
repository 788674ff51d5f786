import type { Config } from '../src/config';
import { loadConfig } from '../src/config';
import { buildApp } from '../src/app';
import type { App } from '../src/platform/types';
import { createTestDb } from './db';
import { FIXTURE_PASSWORD, seedFixtureOrg } from './fixtures';

export interface TestContext {
  app: App;
  db: Awaited<ReturnType<typeof createTestDb>>;
  ids: Map<string, number>;
  close: () => Promise<void>;
}

/** The real app over a fresh migrated database holding the fixture organisation. */
export async function createTestApp(overrides: Partial<Record<keyof Config, string>> = {}): Promise<TestContext> {
  const db = await createTestDb();
  const ids = await seedFixtureOrg(db.db);
  const config = loadConfig({ WEB_DIST: '/nonexistent', ...overrides });
  const app = await buildApp({ config, db: db.db });
  await app.ready();
  return {
    app,
    db,
    ids,
    close: async () => {
      await app.close();
      await db.drop();
    },
  };
}

export async function signIn(app: App, login: string, password = FIXTURE_PASSWORD, ip = '10.0.0.1'): Promise<string> {
  const res = await app.inject({
    method: 'POST',
    url: '/accounts/api/v1/login/',
    payload: { username: login, password },
    remoteAddress: ip,
  });
  if (res.statusCode !== 200) throw new Error(`login ${login} failed: ${res.statusCode} ${res.body}`);
  return res.json<{ token: string }>().token;
}

export const authHeader = (token: string) => ({ authorization: `Token ${token}` });

export interface Caller {
  get: (url: string) => Promise<LightResponse>;
  post: (url: string, payload: object) => Promise<LightResponse>;
}
export interface LightResponse {
  statusCode: number;
  headers: Record<string, unknown>;
  json: <T = unknown>() => T;
  body: string;
}

/**
 * `ctx.as(login)` of the area fixtures: a caller signed in as that login (once, then its token is kept), each
 * login from a client address of its own so the sign-in limits of one do not touch another.
 */
export function signedInCallers(app: App): (login: string) => Promise<Caller> {
  const tokens = new Map<string, string>();
  return async (login) => {
    let token = tokens.get(login);
    if (!token) {
      token = await signIn(app, login, undefined, `10.5.${tokens.size}.1`);
      tokens.set(login, token);
    }
    const headers = authHeader(token);
    return {
      get: (url) => app.inject({ method: 'GET', url, headers }),
      post: (url, payload) => app.inject({ method: 'POST', url, headers, payload }),
    };
  };
}
