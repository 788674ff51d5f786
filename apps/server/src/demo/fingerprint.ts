import { sql, type Kysely } from 'kysely';
import type { DB as Database } from '../platform/db-types';

/**
 * A digest per table (and identity sequence) after a demo load: same seed, scale and day must give the same
 * digests however the rows were written. Clock-filled columns and salted hashes are left out; sorted row
 * hashes make it independent of physical order and keep big tables within PostgreSQL's 1 GB text limit.
 */
export async function demoFingerprint(db: Kysely<Database>): Promise<Record<string, string>> {
  return db.transaction().execute(async (trx) => {
    // Text forms of dates and instants depend on these settings; fix them so both databases agree.
    await sql`set local timezone = 'UTC'`.execute(trx);
    await sql`set local datestyle = 'ISO, YMD'`.execute(trx);
    await sql`set local extra_float_digits = 1`.execute(trx);
    const { rows: columns } = await sql<{ table_name: string; column_name: string }>`
      select c.table_name, c.column_name from information_schema.columns c
      join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
      where c.table_schema = current_schema() and t.table_type = 'BASE TABLE'
        and c.table_name <> 'schema_migrations'
        and c.column_name <> 'password_hash'
        and coalesce(c.column_default, '') !~* '(now\\(\\)|current_timestamp|clock_timestamp|random|gen_random)'
      order by c.table_name, c.ordinal_position`.execute(trx);
    const byTable = new Map<string, string[]>();
    for (const c of columns) byTable.set(c.table_name, [...(byTable.get(c.table_name) ?? []), c.column_name]);
    const out: Record<string, string> = {};
    for (const [table, names] of byTable) {
      const row = sql`row(${sql.join(names.map((n) => sql.ref(`t.${n}`)))})::text`;
      const { rows } = await sql<{ n: number; md5: string }>`select count(*)::int as n,
          md5(coalesce(string_agg(h, '' order by h), '')) as md5
        from (select md5(${row}) as h from ${sql.table(table)} t) x`.execute(trx);
      const r = rows[0];
      if (r && r.n > 0) out[table] = `${r.n} ${r.md5}`;
    }
    const { rows: sequences } = await sql<{ name: string; last: string | null }>`
      select c.relname as name, pg_sequence_last_value(c.oid)::text as last from pg_class c
      where c.relkind = 'S' and c.relnamespace = current_schema()::regnamespace order by c.relname`.execute(trx);
    for (const s of sequences) if (s.last !== null) out[`sequence ${s.name}`] = s.last;
    return out;
  });
}
