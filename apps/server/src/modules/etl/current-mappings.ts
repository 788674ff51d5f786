import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../../platform/db';

/**
 * The partner mappings as the ETL's per-manager tables read them (./partner-activity.ts, ./partner-dues.ts).
 */

/**
 * The managers a partner (a column) is mapped to now (one, as the product keeps it), looked up by the
 * partner's index. As a join, PostgreSQL hashed every current mapping (2 lakh at 1 crore policies, 80 ms) for
 * a run's few hundred changed partners; `offset 0` keeps it a lookup.
 */
export const currentManager = (partner: RawBuilder<unknown>) => sql`
  select m.manager_id from partner_mappings m where m.partner_id = ${partner} and m.valid_to is null offset 0`;

/**
 * The mappings stand still until the run commits: a mapping saved meanwhile would otherwise be counted from
 * the mappings read here and again from its row in etl_mapping_changes. Taken last in a run, so mapping
 * changes wait for a commit, not for the run.
 */
export const holdMappings = (trx: Db) => sql`lock table partner_mappings in share mode`.execute(trx);
