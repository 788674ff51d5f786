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
