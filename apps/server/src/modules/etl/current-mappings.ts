import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../../platform/db';
import type { TableSwap } from '../../platform/table-swap';
import { addDeltas, allZero } from './rollup-helpers';
import type { SubtreeRows } from './subtree-rows';

/**
 * The partner mappings as the ETL's per-manager tables read them (./rollups/manager-partner-months.ts,
 * ./rollups/partner-dues.ts, ./rollups/partner-cohorts.ts), and the fold those tables share.
 */

/**
 * The managers a partner (a column) is mapped to now, looked up by the partner's index: as a join PostgreSQL
 * hashes every current mapping for a few changed partners, so `offset 0` keeps it a lookup.
 */
const currentManager = (partner: RawBuilder<unknown>) => sql`
  select m.manager_id from partner_mappings m where m.partner_id = ${partner} and m.valid_to is null offset 0`;

/** A table of rows per manager that is M ⊗ D: each current mapping of a partner times the partner's rows D. */
export interface MappedRows {
  table: 'fact_manager_partner_monthly' | 'fact_manager_partner_dues' | 'fact_manager_partner_cohorts';
  /** The same rows per employee for their whole subtree (`ancestor_id` for `manager_id`), kept with them. */
  subtreeTable?: SubtreeRows['subtreeTable'];
  /** The columns of the key after `manager_id`, and the measures. */
  keys: readonly string[];
  measures: readonly string[];
}

/** How a run's changes reach a `MappedRows`. */
export interface MappedTable extends MappedRows {
  /** D now, for the partners a query names: `partner_id`, the keys and the measures. */
  now: (partners: RawBuilder<unknown>) => RawBuilder<unknown>;
  /** What the run changed in D (ΔD): `partner_id`, the keys and the measures, none all zero. */
  changed: RawBuilder<unknown>;
}

/**
 * Folds a run's mapping changes (ΔM) and changes of D into a `MappedTable` as ΔM ⊗ D_now + M_before ⊗ ΔD, so it
 * costs the changed partners' rows, never the organisation's. Call while the mappings are held.
 */
export async function foldMappedTable(trx: Db, t: MappedTable): Promise<void> {
  const keys = sql.join(t.keys.map((k) => sql.ref(k)));
  const ofD = sql.join(t.keys.map((k) => sql.ref(`d.${k}`)));
  const times = (factor: RawBuilder<unknown>) => sql.join(t.measures.map((m) => sql`${factor}${sql.ref(`d.${m}`)} as ${sql.ref(m)}`));
  const measures = sql.join(t.measures.map((m) => sql.ref(m)));
  const sums = t.measures.map((m) => sql`sum(${sql.ref(m)})`);
  const deltas = sql`
    with changed as (${t.changed}),
    deltas as (
      select c.manager_id, ${ofD}, ${times(sql`c.sign * `)}
      from etl_mapping_changes c join (${t.now(sql`select partner_id from etl_mapping_changes`)}) d on d.partner_id = c.partner_id
      union all
      select m.manager_id, ${ofD}, ${times(sql``)}
      from changed d join lateral (${currentManager(sql`d.partner_id`)}) m on true
      union all
      select c.manager_id, ${ofD}, ${times(sql`-c.sign * `)}
      from changed d join etl_mapping_changes c on c.partner_id = d.partner_id
    )`;
  // The deltas of each row keyed by `owner` (a manager, or each of their ancestors), added to the table's rows.
  const fold = (table: RawBuilder<unknown>, owner: string, from: RawBuilder<unknown>) => sql`
    ${deltas}
    insert into ${table} (${sql.ref(owner)}, ${keys}, ${measures})
    select ${sql.ref(owner)}, ${keys}, ${sql.join(sums)} from ${from}
    group by ${sql.ref(owner)}, ${keys} having ${sql.join(
      sums.map((s) => sql`${s} <> 0`),
      sql` or `,
    )}
    on conflict (${sql.ref(owner)}, ${keys}) do update set ${sql.join(t.measures.map((m) => sql`${sql.ref(m)} = ${table}.${sql.ref(m)} + excluded.${sql.ref(m)}`))}`;
  const empty = allZero(t.measures);
  await addDeltas(trx, t.table, fold(sql.table(t.table), 'manager_id', sql`deltas`), empty);
  // Read through the closure as it is now: a hierarchy move has already carried the subtree rows with it.
  if (t.subtreeTable) {
    const from = sql`deltas join employee_closure on employee_closure.descendant_id = deltas.manager_id`;
    await addDeltas(trx, t.subtreeTable, fold(sql.table(t.subtreeTable), 'ancestor_id', from), empty);
  }
}

/**
 * Writes the manager rows afresh from every current mapping and `d`, D of every partner (`partner_id`, the keys
 * and the measures): a full ETL rebuild, which then writes the subtree rows, if kept, from them (`rebuildSubtreeRows`).
 */
export async function rebuildMappedRows(trx: Db, swap: TableSwap, t: MappedRows, d: RawBuilder<unknown>): Promise<void> {
  const keys = sql.join(t.keys.map((k) => sql.ref(`d.${k}`)));
  await swap.replace(t.table, (target) =>
    sql`
      insert into ${target} (${sql.join(['manager_id', ...t.keys, ...t.measures].map((c) => sql.ref(c)))})
      select m.manager_id, ${keys}, ${sql.join(t.measures.map((m) => sql`sum(${sql.ref(`d.${m}`)})`))}
      from (${d}) d join partner_mappings m on m.partner_id = d.partner_id and m.valid_to is null
      group by m.manager_id, ${keys} order by m.manager_id, ${keys}`.execute(trx),
  );
}
