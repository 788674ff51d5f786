import { sql } from 'kysely';
import { CONTRIBUTION, contributionOf, groupingSettings, renewals } from '../rollup-helpers';
import type { Rollup } from './rollup';

/**
 * The policy versions as folded (etl_policy_state, decision 028), subtracted when a policy changes. Other
 * roll-ups are rebuilt from these rows, so state and figures agree while policies keep changing.
 */
export const POLICY_VERSIONS: Rollup = {
  name: 'policy-versions',
  tables: [
    { name: 'etl_policy_state', key: ['policy_id'], holds: 'each policy as last folded: its version (updated_at) and contribution' },
  ],
  dependsOn: [],
  fold: async (trx) => {
    await sql`
      insert into etl_policy_state (policy_id, updated_at, ${CONTRIBUTION})
      select policy_id, updated_at, ${CONTRIBUTION} from etl_affected where sign = 1
      on conflict (policy_id) do update set updated_at = excluded.updated_at, day = excluded.day, employee_id = excluded.employee_id,
        partner_id = excluded.partner_id, product_type_id = excluded.product_type_id, insurer_id = excluded.insurer_id,
        state_id = excluded.state_id, business_type = excluded.business_type, channel = excluded.channel, status = excluded.status,
        payment_term = excluded.payment_term, installment_type = excluded.installment_type, line = excluded.line,
        premium = excluded.premium, weightage_premium = excluded.weightage_premium, loan_amount = excluded.loan_amount,
        next_due_date = excluded.next_due_date, renewal_day = excluded.renewal_day, renews = excluded.renews, renewed = excluded.renewed`.execute(
      trx,
    );
  },
  rebuild: {
    spread: [
      (s) =>
        s.replace('etl_policy_state', async (t, db) => {
          await groupingSettings(db, true);
          await sql`
            insert into ${t} (policy_id, updated_at, ${CONTRIBUTION})
            select p.id, p.updated_at, ${contributionOf}
            from policies p left join products pr on pr.product_type_id = p.product_type_id ${renewals(true)}`.execute(db);
        }),
    ],
  },
};
