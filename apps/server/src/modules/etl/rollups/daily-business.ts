import { sql } from 'kysely';
import { addDeltas, addToCell, groupingSettings } from '../rollup-helpers';
import type { Rollup } from './rollup';

/** The daily facts (docs/decisions/006-reporting-rollups.md): policies and premium per day, employee and every dimension. */
const DAILY_KEY = sql`day, employee_id, product_type_id, insurer_id, state_id, business_type, channel, status, payment_term, installment_type`;
// A group whose deltas cancel out (a policy stamped again without a change) writes nothing.
const NONZERO = sql`having sum(sign) <> 0 or sum(sign * premium) <> 0 or sum(sign * weightage_premium) <> 0 or sum(sign * loan_amount) <> 0`;

export const DAILY_BUSINESS: Rollup = {
  name: 'daily-business',
  tables: [
    {
      name: 'fact_daily_business',
      key: [
        'day',
        'employee_id',
        'product_type_id',
        'insurer_id',
        'state_id',
        'business_type',
        'channel',
        'status',
        'payment_term',
        'installment_type',
      ],
      holds: 'nop, premium, weightage_premium, loan_amount of the policies of the cell',
    },
  ],
  dependsOn: ['policy-versions'],
  fold: (trx) =>
    addDeltas(
      trx,
      'fact_daily_business',
      sql`
        insert into fact_daily_business (${DAILY_KEY}, nop, premium, weightage_premium, loan_amount)
        select ${DAILY_KEY}, sum(sign), sum(sign * premium), sum(sign * weightage_premium), sum(sign * loan_amount)
        from etl_affected group by ${DAILY_KEY} ${NONZERO}
        ${addToCell('fact_daily_business', DAILY_KEY)}`,
    ),
  rebuild: {
    spread: [
      (s) =>
        s.replace('fact_daily_business', async (t, db) => {
          await groupingSettings(db, true);
          await sql`
            insert into ${t} (${DAILY_KEY}, nop, premium, weightage_premium, loan_amount)
            select ${DAILY_KEY}, count(*), sum(premium), sum(weightage_premium), sum(loan_amount)
            from etl_policy_state group by ${DAILY_KEY} order by ${DAILY_KEY}`.execute(db);
        }),
    ],
  },
};
