import { sql, type Kysely } from 'kysely';
import type { DB as Database } from './db-types';

/** An index as the catalogue describes it: its name (quoted as an identifier) and its CREATE INDEX statement. */
export interface IndexDef {
  name: string;
  definition: string;
}

/**
 * The indexes of `table` that back no constraint, by name. Bulk loads drop and rebuild them once: a sort
 * instead of a random index write per row.
 */
export async function plainIndexes(db: Kysely<Database>, table: string): Promise<IndexDef[]> {
  const { rows } = await sql<IndexDef>`
    select quote_ident(i.relname) as name, pg_get_indexdef(i.oid) as definition
    from pg_index x join pg_class i on i.oid = x.indexrelid
    where x.indrelid = ${table}::regclass
      and not exists (select 1 from pg_constraint c where c.conindid = x.indexrelid)
    order by i.relname`.execute(db);
  return rows;
}

/** Drops the plain indexes of `table` (see plainIndexes) and returns the statements that build them again. */
export async function dropPlainIndexes(db: Kysely<Database>, table: string): Promise<string[]> {
  const indexes = await plainIndexes(db, table);
  // Names come from the catalogue, quoted there, never from data.
  for (const index of indexes) await sql`drop index ${sql.raw(index.name)}`.execute(db);
  return indexes.map((index) => index.definition);
}

/**
 * Drops the indexes and the keys no foreign key leans on, for a bulk load that refuses duplicates itself into a
 * table no one else writes; returns the statements that build them again.
 */
export async function dropIndexesForBulkLoad(db: Kysely<Database>, table: string): Promise<string[]> {
  const { rows: keys } = await sql<IndexDef & { table: string }>`
    select c.conrelid::regclass::text as "table", quote_ident(c.conname) as name, pg_get_constraintdef(c.oid) as definition
    from pg_constraint c
    where c.conrelid = ${table}::regclass and c.contype in ('p', 'u')
      and not exists (select 1 from pg_constraint f where f.contype = 'f' and f.confrelid = c.conrelid and f.conindid = c.conindid)
    order by c.conname`.execute(db);
  // Names and definitions come from the catalogue (quoted there), never from data.
  for (const key of keys) await sql`alter table ${sql.table(table)} drop constraint ${sql.raw(key.name)}`.execute(db);
  const indexes = await dropPlainIndexes(db, table);
  return [...keys.map((key) => `alter table ${key.table} add constraint ${key.name} ${key.definition}`), ...indexes];
}
