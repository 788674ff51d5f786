import { TEAM_PATHS, type RenewalDueRow } from '@dossier/shared';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTeamTestApp } from '../../../test/team-fixtures';
import { runBusinessEtl } from '../etl/business-etl';

describe('Life Renewals: GET renewals_due', () => {
  let ctx: Awaited<ReturnType<typeof createTeamTestApp>>;
  beforeAll(async () => {
    ctx = await createTeamTestApp();
    // Whole months are read from the dues the ETL keeps.
    await runBusinessEtl(ctx.db.db);
  });
  afterAll(() => ctx.close());

  const june = `${TEAM_PATHS.renewalsDue}?start_date=2025-06-01&end_date=2025-06-30`;

  const partnerId = (code: string) => sql`(select id from partners where unique_code = ${code})`;
  /** A new partner mapped to RM001 since 2024. */
  const partnerOfRm001 = async (code: string) => {
    await sql`insert into partners (unique_code, pos_code, name, phone, email, pincode, state_id, li_pos_status, gi_pos_status, registered_at)
      values (${code}, ${code.replace('EI', 'POS')}, 'Tie Partner', ${`98000${code.slice(-5)}`}, ${`${code.toLowerCase()}@example.com`},
        '110001', 1, true, true, '2023-12-01')`.execute(ctx.db.db);
    await sql`insert into partner_mappings (partner_id, manager_id, reporting_type, valid_from)
      select ${partnerId(code)}, id, 2, '2024-01-01T05:00:00Z' from employees where unique_code = 'RM001'`.execute(ctx.db.db);
  };
  /** A new successful life policy of the partner (otherwise as POLT0) with an instalment of `amount` due on `due`. */
  const lifeDue = (tag: string, code: string, amount: number, due: string) =>
    sql`insert into policies (proposal_no, policy_no, partner_id, employee_id, customer_id, product_type_id, insurer_id, state_id,
        business_type, channel, status, paid_amount, weightage_premium, payment_id, issued_at, created_at, updated_at, premium_payment_term,
        premium_installment_type, next_due_date)
      select ${`PR${tag}`}, ${`POL${tag}`}, ${partnerId(code)}, employee_id, customer_id, product_type_id, insurer_id, state_id, business_type,
        channel, 'success', ${amount}, ${amount}, ${`pay_${tag}`}, issued_at, now(), now(), premium_payment_term, premium_installment_type,
        ${due}::date
      from policies where policy_no = 'POLT0'`.execute(ctx.db.db);

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
    for (const code of ['EI000092', 'EI000091']) await partnerOfRm001(code);
    // August 2025: EI000002 two instalments of 100, each new partner one of 700.
    const dues: [string, number][] = [
      ['EI000002', 100],
      ['EI000002', 100],
      ['EI000092', 700],
      ['EI000091', 700],
    ];
    for (const [i, [code, amount]] of dues.entries()) await lifeDue(`TIE${i}`, code, amount, '2025-08-10');
    await runBusinessEtl(db);
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

  it('pages through many partners tied on count and premium in code order, whatever order the ranking met them in', async () => {
    const db = ctx.db.db;
    // Six partners of RM001 with one instalment of 900 due in September 2025, created in descending code order.
    const codes = ['EI000086', 'EI000085', 'EI000084', 'EI000083', 'EI000082', 'EI000081'];
    for (const [i, code] of codes.entries()) {
      await partnerOfRm001(code);
      await lifeDue(`SIX${i}`, code, 900, '2025-09-15');
    }
    await runBusinessEtl(db);
    const ascending = [...codes].sort();
    const rm = await ctx.as('rm');
    for (const range of ['start_date=2025-09-01&end_date=2025-09-30', 'start_date=2025-09-02&end_date=2025-09-30']) {
      for (const sort of ['', '&sort=premium', '&sort=nop&order=desc']) {
        for (const offset of [0, 2, 4]) {
          const res = await rm.get(`${TEAM_PATHS.renewalsDue}?${range}${sort}&limit=2&offset=${offset}`);
          expect(
            res.json<RenewalDueRow[]>().map((r) => r.proposal__partner__code),
            `${range}${sort} ${offset}`,
          ).toEqual(ascending.slice(offset, offset + 2));
          expect(res.headers['x-total-count']).toBe('6');
        }
      }
    }
  });

  it('answers whole months from the dues the ETL keeps, as of its last run, and other ranges from the policies; each as a recount', async () => {
    const db = ctx.db.db;
    const viewers = [
      ['head', 'NH001'],
      ['zsm', 'ZSM001'],
      ['zsm2', 'ZSM002'],
      ['rm', 'RM001'],
      ['r201', 'RM003'],
    ] as const;
    // Two whole months, one, and a range across a month's border.
    const ranges = [
      ['2025-06-01', '2025-07-31'],
      ['2025-06-01', '2025-06-30'],
      ['2025-06-11', '2025-07-05'],
    ] as const;
    type Dues = Record<string, [number, number]>;
    // Per partner mapped into the team now: [count, premium] of its successful life policies due in the range.
    const recount = async (code: string, start: string, end: string): Promise<Dues> => {
      const res = await sql<{ partner: string; nop: number; premium: number }>`
        select pa.unique_code as partner, count(*)::int as nop, sum(p.paid_amount)::float8 as premium
        from policies p join products pr on pr.product_type_id = p.product_type_id join partners pa on pa.id = p.partner_id
        where pr.line = 'life' and p.status = 'success' and p.next_due_date between ${start}::date and ${end}::date
          and exists (select 1 from partner_mappings m join employee_closure c on c.descendant_id = m.manager_id
            join employees e on e.id = c.ancestor_id where m.partner_id = p.partner_id and m.valid_to is null and e.unique_code = ${code})
        group by pa.unique_code`.execute(db);
      return Object.fromEntries(res.rows.map((r) => [r.partner, [r.nop, r.premium]]));
    };
    const shown = async (login: string, start: string, end: string): Promise<Dues> => {
      const res = await (await ctx.as(login)).get(`${TEAM_PATHS.renewalsDue}?start_date=${start}&end_date=${end}`);
      return Object.fromEntries(
        res.json<RenewalDueRow[]>().map((r) => [r.proposal__partner__code, [r.due_renewals_nop, r.due_renewals_premium]]),
      );
    };
    const agree = async () => {
      for (const [login, code] of viewers) {
        for (const [start, end] of ranges)
          expect(await shown(login, start, end), `${login} ${start}`).toEqual(await recount(code, start, end));
      }
    };
    await agree();
    const juneBefore = await shown('zsm', '2025-06-01', '2025-06-30');

    // EI000001's June instalment of 12,000 paid (the next one due in August); EI000004's June policy cancelled;
    // EI000005 moved from RM003 (ZSM002's team) to RM001 (ZSM001's); a new policy of EI000006 due in July.
    await sql`update policies set next_due_date = '2025-08-10', updated_at = now()
      where partner_id = ${partnerId('EI000001')} and paid_amount = 12000`.execute(db);
    await sql`update policies set status = 'cancelled', updated_at = now()
      where partner_id = ${partnerId('EI000004')} and next_due_date = '2025-06-05'`.execute(db);
    await sql`update partner_mappings set valid_to = now() where partner_id = ${partnerId('EI000005')} and valid_to is null`.execute(db);
    await sql`insert into partner_mappings (partner_id, manager_id, reporting_type, valid_from)
      select ${partnerId('EI000005')}, id, 2, now() from employees where unique_code = 'RM001'`.execute(db);
    await lifeDue('DUE1', 'EI000006', 777, '2025-07-03');

    // Before the next run: a range across a border follows the policies at once, whole months stay as they were.
    expect(await shown('zsm', '2025-06-11', '2025-07-05')).toEqual(await recount('ZSM001', '2025-06-11', '2025-07-05'));
    expect(await shown('zsm', '2025-06-01', '2025-06-30')).toEqual(juneBefore);
    expect(juneBefore).not.toEqual(await recount('ZSM001', '2025-06-01', '2025-06-30'));
    await runBusinessEtl(db);
    await agree();
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
