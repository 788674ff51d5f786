import { sql } from 'kysely';
import type { Db } from '../../../platform/db';
import { addDeltas, groupingSettings } from '../rollup-helpers';
import type { Rollup } from './rollup';

/**
 * Each partner's business per month and line, with first and last issue day (decision 035). Its fold notes
 * which partner-months have business (etl_partner_presence) for ./manager-partner-months.ts.
 */

/**
 * Notes the months with business of this run's partners, before (-1) or after (+1) the change, plus their first
 * month; summed, what is left is what changed.
 */
async function notePartnerPresence(trx: Db, sign: -1 | 1): Promise<void> {
  await sql`
    with touched as (
      select distinct partner_id, date_trunc('month', day)::date as month from etl_affected
      where status = 'success' and partner_id is not null and line is not null)
    insert into etl_partner_presence (partner_id, month, active, activated)
    select t.partner_id, t.month, ${sign}, 0 from touched t
    where exists (select 1 from fact_partner_monthly f where f.partner_id = t.partner_id and f.month = t.month)
    union all
    select p.partner_id, f.month, 0, ${sign}
    from (select distinct partner_id from touched) p
    cross join lateral (select min(f.month) as month from fact_partner_monthly f where f.partner_id = p.partner_id) f
    where f.month is not null`.execute(trx);
}

async function foldPartnerMonths(trx: Db): Promise<void> {
  await notePartnerPresence(trx, -1);
  // The first and last issue days only widen by adding; a removal that may have taken either is looked up below.
  await addDeltas(
    trx,
    'fact_partner_monthly',
    sql`
      insert into fact_partner_monthly (month, partner_id, line, nop, premium, weightage_premium, first_issue_day, last_issue_day)
      select date_trunc('month', day)::date, partner_id, line, sum(sign), sum(sign * premium), sum(sign * weightage_premium),
        coalesce(min(day) filter (where sign = 1), 'infinity'::date), coalesce(max(day) filter (where sign = 1), '-infinity'::date)
      from etl_affected where status = 'success' and partner_id is not null and line is not null
      group by 1, 2, 3
      having sum(sign) <> 0 or sum(sign * premium) <> 0 or sum(sign * weightage_premium) <> 0 or max(day) filter (where sign = 1) is not null
      on conflict (month, partner_id, line) do update set
        nop = fact_partner_monthly.nop + excluded.nop,
        premium = fact_partner_monthly.premium + excluded.premium,
        weightage_premium = fact_partner_monthly.weightage_premium + excluded.weightage_premium,
        first_issue_day = least(fact_partner_monthly.first_issue_day, excluded.first_issue_day),
        last_issue_day = greatest(fact_partner_monthly.last_issue_day, excluded.last_issue_day)`,
  );
  // A partner-month that lost a policy of its first or last issue day: the earliest and latest days now folded.
  // Asked apart, each stops at the first index entry from its end; as one aggregate both read the whole month.
  const monthDays = (end: 'min' | 'max') => sql`
    select ${sql.raw(end)}(s.day) from etl_policy_state s
    where s.partner_id = f.partner_id and s.status = 'success' and s.day >= f.month and s.day < (f.month + interval '1 month')::date
      and s.line = f.line`;
  await sql`
    update fact_partner_monthly f set first_issue_day = (${monthDays('min')}), last_issue_day = (${monthDays('max')})
    where f.ctid = any(array(
      select h.ctid
      from (select distinct date_trunc('month', day)::date as month, partner_id, line, day from etl_affected
            where sign = -1 and status = 'success' and partner_id is not null and line is not null) a
      cross join lateral (
        select g.ctid from fact_partner_monthly g
        where g.month = a.month and g.partner_id = a.partner_id and g.line = a.line
          and (a.day >= g.last_issue_day or a.day <= g.first_issue_day)
        offset 0) h))`.execute(trx);
  await notePartnerPresence(trx, 1);
}

export const PARTNER_MONTHS: Rollup = {
  name: 'partner-months',
  tables: [
    {
      name: 'fact_partner_monthly',
      key: ['month', 'partner_id', 'line'],
      holds: 'nop, premium, weightage_premium, first_issue_day, last_issue_day of the successful policies',
    },
  ],
  dependsOn: ['policy-versions'],
  fold: foldPartnerMonths,
  rebuild: {
    spread: [
      (s) =>
        s.replace('fact_partner_monthly', async (t, db) => {
          await groupingSettings(db, true);
          await sql`
            insert into ${t} (month, partner_id, line, nop, premium, weightage_premium, first_issue_day, last_issue_day)
            select date_trunc('month', day)::date, partner_id, line, count(*), sum(premium), sum(weightage_premium), min(day), max(day)
            from etl_policy_state where status = 'success' and partner_id is not null and line is not null
            group by 1, 2, 3 order by 1, 2, 3`.execute(db);
        }),
    ],
  },
};
