import { sql } from 'kysely';
import { addDeltas, holdMappings } from '../rollup-helpers';
import type { Rollup } from './rollup';

/**
 * The partners mapped to each manager, and of them those mapped offline (decisions 035 and 040), folded from
 * the changes the triggers note in etl_mapping_changes.
 */
export const MANAGER_PARTNERS: Rollup = {
  name: 'manager-partners',
  tables: [{ name: 'fact_manager_partners', key: ['manager_id'], holds: 'mapped, offline: the partners mapped to the manager now' }],
  dependsOn: [],
  foldNoted: (trx) =>
    addDeltas(
      trx,
      'fact_manager_partners',
      sql`
        insert into fact_manager_partners (manager_id, mapped, offline)
        select manager_id, sum(sign), coalesce(sum(sign) filter (where offline), 0) from etl_mapping_changes
        group by manager_id having sum(sign) <> 0 or sum(sign) filter (where offline) <> 0
        on conflict (manager_id) do update set
          mapped = fact_manager_partners.mapped + excluded.mapped, offline = fact_manager_partners.offline + excluded.offline`,
      sql`mapped = 0 and offline = 0`,
    ),
  rebuild: {
    inRun: async (trx, swap) => {
      await holdMappings(trx);
      await swap.replace('fact_manager_partners', (t) =>
        sql`
          insert into ${t} (manager_id, mapped, offline)
          select manager_id, count(*), count(*) filter (where request_item_id is null)
          from partner_mappings where valid_to is null group by manager_id`.execute(trx),
      );
    },
  },
};
