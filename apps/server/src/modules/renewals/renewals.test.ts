import { TEAM_PATHS, type RenewalDueRow } from '@dossier/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTeamTestApp } from '../../../test/team-fixtures';

describe('Life Renewals: GET renewals_due', () => {
  let ctx: Awaited<ReturnType<typeof createTeamTestApp>>;
  beforeAll(async () => {
    ctx = await createTeamTestApp();
  });
  afterAll(() => ctx.close());

  const june = `${TEAM_PATHS.renewalsDue}?start_date=2025-06-01&end_date=2025-06-30`;

  it('lists life instalments due in the range per partner of the team, most dues first', async () => {
    const res = await (await ctx.as('zsm')).get(june);
    expect(res.statusCode).toBe(200);
    expect(res.json<RenewalDueRow[]>()).toEqual([
      { proposal__partner__code: 'EI000001', due_renewals_nop: 2, due_renewals_premium: 20000 },
      { proposal__partner__code: 'EI000002', due_renewals_nop: 1, due_renewals_premium: 50000 },
      { proposal__partner__code: 'EI000004', due_renewals_nop: 1, due_renewals_premium: 30000 },
      // Moved to RM001 in 2025: the current manager's team chases the renewal.
      { proposal__partner__code: 'EI000006', due_renewals_nop: 1, due_renewals_premium: 1500 },
    ]);
    expect(res.headers['x-total-count']).toBe('4');
  });

  it('keeps to the viewer subtree', async () => {
    const rm = await (await ctx.as('r201')).get(june);
    expect(rm.json<RenewalDueRow[]>().map((r) => r.proposal__partner__code)).toEqual(['EI000005']);
    const head = await (await ctx.as('head')).get(june);
    expect(head.json<RenewalDueRow[]>()).toHaveLength(5);
  });

  it('is open to role 204 for its own partners', async () => {
    const res = await (await ctx.as('r204')).get(june);
    expect(res.statusCode).toBe(200);
    expect(res.json<RenewalDueRow[]>().map((r) => r.proposal__partner__code)).toEqual(['EI000004']);
  });

  it('defaults to the current month', async () => {
    const res = await (await ctx.as('rm')).get(TEAM_PATHS.renewalsDue);
    expect(res.statusCode).toBe(200);
    expect(res.json<RenewalDueRow[]>()).toEqual([{ proposal__partner__code: 'EI000003', due_renewals_nop: 1, due_renewals_premium: 2500 }]);
  });

  it('answers an empty list for a range without dues', async () => {
    const res = await (await ctx.as('zsm')).get(`${TEAM_PATHS.renewalsDue}?start_date=2020-01-01&end_date=2020-01-31`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([]);
  });

  it('pages on the server', async () => {
    const res = await (await ctx.as('zsm')).get(`${june}&limit=2&offset=1`);
    expect(res.json<RenewalDueRow[]>().map((r) => r.proposal__partner__code)).toEqual(['EI000002', 'EI000004']);
    expect(res.headers['x-total-count']).toBe('4');
  });

  it('sorts and searches on the server, over every row, before paging', async () => {
    const zsm = await ctx.as('zsm');
    const codesOf = async (query: string) => {
      const res = await zsm.get(`${june}&${query}`);
      return { codes: res.json<RenewalDueRow[]>().map((r) => r.proposal__partner__code), total: res.headers['x-total-count'] };
    };
    // Premiums 50000, 30000, 20000, 1500; ties in nop keep premium then code order.
    expect(await codesOf('sort=premium&order=desc&limit=2')).toEqual({ codes: ['EI000002', 'EI000004'], total: '4' });
    expect(await codesOf('sort=premium&order=asc')).toEqual({ codes: ['EI000006', 'EI000001', 'EI000004', 'EI000002'], total: '4' });
    expect(await codesOf('sort=code')).toEqual({ codes: ['EI000001', 'EI000002', 'EI000004', 'EI000006'], total: '4' });
    expect(await codesOf('sort=nop&order=asc&limit=1')).toEqual({ codes: ['EI000006'], total: '4' });
    // Case-insensitive and contained; % and _ are matched as typed.
    expect(await codesOf('search=%20ei00000%20')).toEqual({ codes: ['EI000001', 'EI000002', 'EI000004', 'EI000006'], total: '4' });
    expect(await codesOf('search=0004')).toEqual({ codes: ['EI000004'], total: '1' });
    expect(await codesOf('search=EI%25')).toEqual({ codes: [], total: '0' });
    expect((await zsm.get(`${june}&sort=name`)).statusCode).toBe(400);
  });

  it.each([
    ['start_date=2025-02-30&end_date=2025-03-01', 'yyyy-MM-dd'],
    ['start_date=01/06/2025&end_date=30/06/2025', 'yyyy-MM-dd'],
    ['start_date=2025-06-30&end_date=2025-06-01', 'end_date cannot be before start_date'],
    ['start_date=2025-06-01', 'both start_date and end_date'],
    ['start_date=2020-01-01&end_date=2025-01-01', 'at most 731 days'],
    ['limit=0', 'Limit is not valid'],
  ])('refuses %s with 400', async (query, message) => {
    const res = await (await ctx.as('zsm')).get(`${TEAM_PATHS.renewalsDue}?${query}`);
    expect(res.statusCode).toBe(400);
    expect(res.json<{ error: string }>().error).toContain(message);
  });

  it('needs a signed-in user', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: june });
    expect(res.statusCode).toBe(401);
  });
});
