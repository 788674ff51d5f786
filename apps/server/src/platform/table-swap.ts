import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { DB as Database } from './db-types';
import { plainIndexes } from './table-indexes';

/**
 * Replaces every row of `table` with those `fill` inserts into a fresh copy, then swaps the copy in under the
 * table's name. Call inside a transaction. The copy has the table's columns, defaults, checks and storage
 * options (fillfactor) but no index while it fills; its keys, indexes and grants are then built once over all
 * rows and take the original names.
 * Until the transaction commits, readers keep reading the old table (only the final drop waits for queries
 * in flight); the old rows go with it, so a rebuild leaves no dead rows behind, as a delete-and-insert would.
 */
export async function replaceTable(
  trx: Kysely<Database>,
  table: keyof Database,
  fill: (target: RawBuilder<unknown>) => Promise<unknown>,
): Promise<void> {
  const next = `${table}_next`;
  const target = sql.table(next);
  // Names and definitions below come from the catalogue, quoted there, never from data.
  const { rows: constraints } = await sql<{ name: string; definition: string }>`
    select quote_ident(conname) as name, pg_get_constraintdef(oid) as definition from pg_constraint
    where conrelid = ${table}::regclass and contype in ('p', 'u', 'f', 'x') order by contype, conname`.execute(trx);
  const indexes = await plainIndexes(trx, table);
  const { rows: grants } = await sql<{ privilege: string; grantee: string }>`
    select a.privilege_type as privilege, coalesce(quote_ident(r.rolname), 'public') as grantee
    from pg_class c cross join lateral aclexplode(c.relacl) a left join pg_roles r on r.oid = a.grantee
    where c.oid = ${table}::regclass and a.grantee <> c.relowner`.execute(trx);

  const { rows: storage } = await sql<{ options: string | null }>`
    select array_to_string(reloptions, ', ') as options from pg_class where oid = ${table}::regclass`.execute(trx);
  const options = storage[0]?.options ? sql`with (${sql.raw(storage[0].options)})` : sql``;

  await sql`create table ${target} (like ${sql.table(table)} including defaults including constraints including generated) ${options}`.execute(
    trx,
  );
  await fill(target);
  // Built on the copy under temporary names (the originals are taken until the old table goes).
  const temporary = (k: number) => sql.id(`${next}_${k}`);
  for (const [k, c] of constraints.entries()) {
    await sql`alter table ${target} add constraint ${temporary(k)} ${sql.raw(c.definition)}`.execute(trx);
  }
  for (const [k, index] of indexes.entries()) {
    const rest = index.definition.slice(index.definition.indexOf(' USING '));
    const unique = /^CREATE UNIQUE /.test(index.definition) ? sql`unique` : sql``;
    await sql`create ${unique} index ${temporary(constraints.length + k)} on ${target} ${sql.raw(rest)}`.execute(trx);
  }
  for (const g of grants) await sql`grant ${sql.raw(g.privilege)} on ${target} to ${sql.raw(g.grantee)}`.execute(trx);

  await sql`drop table ${sql.table(table)}`.execute(trx);
  await sql`alter table ${target} rename to ${sql.id(table)}`.execute(trx);
  for (const [k, c] of constraints.entries()) {
    await sql`alter table ${sql.table(table)} rename constraint ${temporary(k)} to ${sql.raw(c.name)}`.execute(trx);
  }
  for (const [k, index] of indexes.entries()) {
    await sql`alter index ${temporary(constraints.length + k)} rename to ${sql.raw(index.name)}`.execute(trx);
  }
  // The planner has no statistics for a table created in this transaction.
  await sql`analyze ${sql.table(table)}`.execute(trx);
}
