import { TEAM_PATHS, type RenewalDueRow } from '@dossier/shared';
import { sql } from 'kysely';
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

  it('breaks ties in the ranking by partner code, also across a page boundary', async () => {
    const db = ctx.db.db;
    // Two new partners of RM001 tied on count and premium, the one with the lower code created last.
    for (const code of ['EI000092', 'EI000091']) {
      await sql`insert into partners (unique_code, pos_code, name, phone, email, pincode, state_id, li_pos_status, gi_pos_status, registered_at)
        values (${code}, ${code.replace('EI', 'POS')}, 'Tie Partner', ${`98000${code.slice(-5)}`}, ${`${code.toLowerCase()}@example.com`},
          '110001', 1, true, true, '2023-12-01')`.execute(db);
      await sql`insert into partner_mappings (partner_id, manager_id, reporting_type, valid_from)
        select p.id, e.id, 2, '2024-01-01T05:00:00Z' from partners p, employees e where p.unique_code = ${code} and e.unique_code = 'RM001'`.execute(
        db,
      );
    }
    // August 2025: EI000002 two instalments of 100, each new partner one of 700.
    const dues: [string, number][] = [
      ['EI000002', 100],
      ['EI000002', 100],
      ['EI000092', 700],
      ['EI000091', 700],
    ];
    for (const [i, [code, amount]] of dues.entries()) {
      await sql`insert into policies (proposal_no, policy_no, partner_id, employee_id, customer_id, product_type_id, insurer_id, state_id,
          business_type, channel, status, paid_amount, weightage_premium, payment_id, issued_at, created_at, updated_at, premium_payment_term,
          premium_installment_type, next_due_date)
        select ${`PRTIE${i}`}, ${`POLTIE${i}`}, (select id from partners where unique_code = ${code}), employee_id, customer_id, product_type_id,
          insurer_id, state_id, business_type, channel, 'success', ${amount}, ${amount}, ${`pay_tie${i}`}, issued_at, created_at, updated_at,
          premium_payment_term, premium_installment_type, '2025-08-10'
        from policies where policy_no = 'POLT0'`.execute(db);
    }
    const zsm = await ctx.as('zsm');
    const codesOf = async (query: string) => {
      const res = await zsm.get(`${TEAM_PATHS.renewalsDue}?start_date=2025-08-01&end_date=2025-08-31&${query}`);
      return { codes: res.json<RenewalDueRow[]>().map((r) => r.proposal__partner__code), total: res.headers['x-total-count'] };
    };
    expect(await codesOf('limit=2')).toEqual({ codes: ['EI000002', 'EI000091'], total: '3' });
    expect(await codesOf('limit=1&offset=1')).toEqual({ codes: ['EI000091'], total: '3' });
    expect(await codesOf('limit=1&offset=2')).toEqual({ codes: ['EI000092'], total: '3' });
    expect(await codesOf('sort=premium&limit=1')).toEqual({ codes: ['EI000091'], total: '3' });
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
