import { slippingWindow } from '@dossier/shared';
import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../../../platform/db';
import type { Rollup } from './rollup';

/**
 * Partners slipping as of a business day (docs/product/brief.md): sold in each of the three full months before
 * and nothing since the quiet window began, from fact_partner_monthly. Written whole for a new day; each run
 * rewrites the partners it folds.
 */

// The slipping partners of `day`, of every partner or of those a one-column query names.
const slippingOn = (day: string, partners?: RawBuilder<unknown>) => {
  const { months, quietFrom } = slippingWindow(day);
  return sql`
    select ${day}::date, scope.life_only, f.partner_id, sum(f.premium) filter (where f.month <= ${months[2]}::date), max(f.last_issue_day)
    from fact_partner_monthly f cross join (values (false), (true)) as scope(life_only)
    where f.month >= ${months[0]}::date and (not scope.life_only or f.line = 'life')
      ${partners ? sql`and f.partner_id in (${partners})` : sql``}
    group by scope.life_only, f.partner_id
    having count(distinct f.month) filter (where f.month <= ${months[2]}::date and f.nop > 0) = 3
      and max(f.last_issue_day) < ${quietFrom}::date`;
};

const insertRows = (rows: RawBuilder<unknown>) =>
  sql`insert into fact_slipping_partners (day, life_only, partner_id, premium, last_sale) ${rows}`;

/** Writes the rows of `day` afresh (a new business day, or a rebuild). */
async function writeSlippingPartners(trx: Db, day: string): Promise<void> {
  await sql`delete from fact_slipping_partners`.execute(trx);
  await insertRows(slippingOn(day)).execute(trx);
}

/** Rewrites the rows of `day` of the partners whose policies the run folds (etl_affected). */
async function foldSlippingPartners(trx: Db, day: string): Promise<void> {
  const partners = sql`select distinct partner_id from etl_affected where partner_id is not null`;
  await sql`delete from fact_slipping_partners where partner_id in (${partners})`.execute(trx);
  await insertRows(slippingOn(day, partners)).execute(trx);
}

export const SLIPPING_PARTNERS: Rollup = {
  name: 'slipping-partners',
  tables: [
    {
      name: 'fact_slipping_partners',
      key: ['day', 'life_only', 'partner_id'],
      holds: "premium and last sale of a partner slipping as of the day (every line, or life's alone)",
    },
  ],
  dependsOn: ['partner-months'],
  // A new day's rows are written whole after the fold (`newDay`), which then keeps the old day's alone.
  fold: (trx, run) => (run.newDay ? Promise.resolve() : foldSlippingPartners(trx, run.day)),
  newDay: writeSlippingPartners,
};
