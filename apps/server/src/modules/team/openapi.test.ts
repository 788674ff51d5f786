import { TEAM_PATHS } from '@dossier/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeader, createTestApp, signIn, type TestContext } from '../../../test/app';

describe('team area in OpenAPI', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx.close());

  it('lists every call of the area with its schemas', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/docs/json', headers: authHeader(await signIn(ctx.app, 'rm')) });
    expect(res.statusCode).toBe(200);
    const doc = res.json<{ paths: Record<string, Record<string, { parameters?: { name: string }[]; requestBody?: unknown }>> }>();
    for (const path of Object.values(TEAM_PATHS)) expect(Object.keys(doc.paths)).toContain(path);
    expect(doc.paths[TEAM_PATHS.renewalsDue]?.get?.parameters?.map((p) => p.name)).toEqual(
      expect.arrayContaining(['start_date', 'end_date']),
    );
    expect(doc.paths[TEAM_PATHS.acceptMemberList]?.post?.requestBody).toBeDefined();
  });
});
