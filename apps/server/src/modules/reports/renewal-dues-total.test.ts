import type { ReportResponse } from '@dossier/shared';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createReportsTestApp, demoToken, type ReportsTestContext } from '../../../test/reports-fixture';
import { runBusinessEtl } from '../etl/business-etl';
import { afterHierarchyMove, isSelfOrBelow, moveEmployee } from '../etl/hierarchy-moves';

// Report 38's total for an employee without filters comes from the renewal days the ETL keeps per subtree plus
// the policies it has not folded yet (docs/decisions/047-renewal-dues-count.md); it must always equal a count of
// the policies, whatever has changed since the run.
describe('renewal dues total', () => {
  let ctx: ReportsTestContext;
  const tokens = new Map<string, string>();
  const LOGINS = ['demo.head', 'demo.zsm', 'demo.asm', 'demo.tl', 'demo.rm'];
  const RANGES = [
    { start: '2026-06-15', end: '2026-07-14' },
    { start: '2026-05-20', end: '2026-11-03' },
    { start: '2026-09-01', end: '2026-09-01' },
  ];

  beforeAll(async () => {
    ctx = await createReportsTestApp();
    for (const login of LOGINS) tokens.set(login, await demoToken(ctx.app, login));
    // The demo stamps every policy within a minute, all inside the ETL's look-back, so the total would count them
    // (a look-up each costs more than counting the dues). Stamped a minute apart a day ago and rebuilt, ten stay
    // in the look-back: the long ranges' totals then come from the roll-up and the policies changed since.
    await sql`update policies set updated_at = now() - interval '1 day' - id * interval '1 minute'`.execute(ctx.db.db);
    await runBusinessEtl(ctx.db.db, { full: true });
  });
  afterAll(() => ctx.close());

  const total = async (login: string, range: { start: string; end: string }, filter = '') => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: `/api/reports/38/?start_date=${range.start}&end_date=${range.end}${filter}`,
      headers: { authorization: `Token ${tokens.get(login)}` },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<ReportResponse>().paging?.total_rows;
  };
  // The count the report's rows are read under: successful policies with a number expiring in the range, under the viewer.
  const counted = async (login: string, range: { start: string; end: string }, productTypeId?: number) => {
    const res = await sql<{ n: number }>`
      select count(*)::int as n from policies p
      where p.status = 'success' and p.policy_no is not null and p.expiry_date between ${range.start}::date and ${range.end}::date
        and p.employee_id in (select c.descendant_id from employee_closure c join users u on u.employee_id = c.ancestor_id
          where u.login = ${login})
        ${productTypeId === undefined ? sql`` : sql`and p.product_type_id = ${productTypeId}`}`.execute(ctx.db.db);
    return res.rows[0]?.n;
  };
  const expectCounted = async (when: string) => {
    for (const login of LOGINS) {
      for (const range of RANGES) {
        expect(await total(login, range), `${when}: ${login} ${range.start}–${range.end}`).toBe(await counted(login, range));
      }
    }
  };

  it('equals a count of the policies after the run, with changes not yet folded, after the next run and after a move', async () => {
    await expectCounted('as the run left them');
    const rangeTotal = await counted('demo.head', RANGES[0] ?? { start: '', end: '' });
    expect(rangeTotal).toBeGreaterThan(20);

    // Changes the ETL has not seen: a due cancelled, one's number taken away, an expiry moved into and one out of
    // the ranges, a policy credited to someone in another branch, and a new policy.
    const dues = await sql<{ id: number }>`
      select id from policies where status = 'success' and policy_no is not null and expiry_date between '2026-06-15' and '2026-07-14'
      order by id limit 4`.execute(ctx.db.db);
    const [cancelled, unnumbered, movedOut, recredited] = dues.rows.map((r) => r.id);
    const touch = (id: number | undefined, set: ReturnType<typeof sql>) =>
      sql`update policies set ${set}, updated_at = clock_timestamp() where id = ${id ?? 0}`.execute(ctx.db.db);
    await touch(cancelled, sql`status = 'cancelled'`);
    await touch(unnumbered, sql`policy_no = null`);
    await touch(movedOut, sql`expiry_date = '2027-03-01'`);
    const rm = await sql<{ id: number }>`
      select e.id from employees e where e.designation = 'rm'
        and e.id not in (select descendant_id from employee_closure c join users u on u.employee_id = c.ancestor_id
          where u.login = 'demo.zsm')
      order by e.id limit 1`.execute(ctx.db.db);
    await touch(recredited, sql`employee_id = ${rm.rows[0]?.id ?? 0}`);
    const later = await sql<{ id: number }>`
      select id from policies where status = 'success' and policy_no is not null and expiry_date > '2026-12-31' order by id limit 1`.execute(
      ctx.db.db,
    );
    await touch(later.rows[0]?.id, sql`expiry_date = '2026-09-01'`);
    await sql`
      insert into policies (proposal_no, policy_no, partner_id, employee_id, customer_id, product_type_id, insurer_id, state_id,
        business_type, channel, status, paid_amount, weightage_premium, payment_id, issued_at, created_at, updated_at, expiry_date)
      select 'RD-NEW-1', 'RD-POL-1', partner_id, employee_id, customer_id, product_type_id, insurer_id, state_id, business_type,
        channel, 'success', paid_amount, weightage_premium, 'RD-PAY-1', issued_at, now(), now(), '2026-06-20'
      from policies where id = ${dues.rows[0]?.id ?? 0}`.execute(ctx.db.db);
    expect(await counted('demo.head', RANGES[0] ?? { start: '', end: '' })).toBe((rangeTotal ?? 0) - 3 + 1);
    await expectCounted('with changes not yet folded');

    await runBusinessEtl(ctx.db.db);
    await expectCounted('after the next run');

    // A team lead moved under another area manager: their renewal days go with them at once.
    const tl = await sql<{ id: number; asm: number }>`
      select t.id, a.id as asm from employees t join employees a on a.designation = 'asm' and a.id <> t.manager_id
      join users u on u.employee_id = t.id where u.login = 'demo.tl' order by a.id limit 1`.execute(ctx.db.db);
    const move = tl.rows[0];
    expect(move).toBeDefined();
    if (!move || (await isSelfOrBelow(ctx.db.db, move.id, move.asm))) return;
    await ctx.db.db.transaction().execute((trx) => moveEmployee(trx, move.id, move.asm));
    afterHierarchyMove();
    await expectCounted('after a hierarchy move');
  });

  // A second session at once: PostgreSQL only (PGlite has one connection, whose queries wait for the transaction).
  it.skipIf(!process.env.DATABASE_URL)(
    'equals a count when a due was cancelled by a transaction in flight while the run read, stamped before its watermark',
    async () => {
      const range = RANGES[0] ?? { start: '', end: '' };
      const dues = await sql<{ id: number }>`
        select id from policies where status = 'success' and policy_no is not null and expiry_date between ${range.start}::date and ${range.end}::date
        order by id desc limit 2`.execute(ctx.db.db);
      const [late, other] = dues.rows.map((r) => r.id);
      const before = await counted('demo.head', range);
      await ctx.db.db.connection().execute(async (writer) => {
        await sql`begin`.execute(writer);
        // Stamped now(), the transaction's start: before the change below, which the run reads and takes as its watermark.
        await sql`update policies set status = 'cancelled', updated_at = now() where id = ${late ?? 0}`.execute(writer);
        await new Promise((resolve) => setTimeout(resolve, 20));
        await sql`update policies set paid_amount = paid_amount + 1, updated_at = clock_timestamp() where id = ${other ?? 0}`.execute(
          ctx.db.db,
        );
        await runBusinessEtl(ctx.db.db);
        await sql`commit`.execute(writer);
      });
      expect(await counted('demo.head', range)).toBe((before ?? 0) - 1);
      await expectCounted('with a change committed after the run that read around it');
      await runBusinessEtl(ctx.db.db);
      await expectCounted('after the run that folds it');
    },
  );

  it('with a product filter counts the policies, as the roll-up holds no products', async () => {
    const product = await sql<{ id: number }>`
      select product_type_id as id from policies where status = 'success' and policy_no is not null
        and expiry_date between '2026-05-20' and '2026-11-03' group by 1 order by count(*) desc limit 1`.execute(ctx.db.db);
    const id = product.rows[0]?.id ?? 0;
    const range = RANGES[1] ?? { start: '', end: '' };
    const n = await counted('demo.head', range, id);
    expect(n).toBeGreaterThan(0);
    expect(await total('demo.head', range, `&product_type_id=${id}`)).toBe(n);
  });
});
