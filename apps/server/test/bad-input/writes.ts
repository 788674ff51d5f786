import { sql } from 'kysely';
import type { Db } from '../../src/platform/db';

/**
 * Tables a refused request may legitimately change: refusals of signed-in users are audited, failed
 * sign-ins and limited calls are counted, and every authenticated request touches its token's last_used_at.
 */
export const CHURN_TABLES = ['audit_events', 'rate_limit_hits', 'login_failures', 'auth_tokens'] as const;
const LOG_TABLE = 'fuzz_row_changes';

async function businessTables(db: Db): Promise<string[]> {
  const rows = await sql<{ name: string }>`
    select table_name as name from information_schema.tables
    where table_schema = current_schema() and table_type = 'BASE TABLE' order by table_name`.execute(db);
  return rows.rows.map((r) => r.name).filter((t) => t !== LOG_TABLE && !(CHURN_TABLES as readonly string[]).includes(t));
}

/**
 * Logs every committed row change of the business tables (a row trigger writing to a log table in
 * the same transaction), so each request's writes are known exactly; a rolled-back write leaves no trace.
 * Token rows count only when created, revoked or deleted.
 */
export async function watchWrites(db: Db): Promise<void> {
  await sql
    .raw(`create table ${LOG_TABLE} (id bigint generated always as identity primary key, tbl text not null, op text not null)`)
    .execute(db);
  await sql
    .raw(
      `create function fuzz_log_change() returns trigger language plpgsql as $$
      begin insert into ${LOG_TABLE} (tbl, op) values (TG_TABLE_NAME, TG_OP); return null; end $$`,
    )
    .execute(db);
  for (const table of await businessTables(db)) {
    await sql
      .raw(`create trigger fuzz_log after insert or update or delete on ${table} for each row execute function fuzz_log_change()`)
      .execute(db);
  }
  await sql
    .raw(
      `create trigger fuzz_log after insert or delete or update of revoked_at, expires_at on auth_tokens for each row execute function fuzz_log_change()`,
    )
    .execute(db);
}

/** The position of the write log: unchanged across a request = the request changed no row. */
export async function writeMark(db: Db): Promise<number> {
  const row = await sql<{ n: string | number | null }>`select max(id) as n from ${sql.table(LOG_TABLE)}`.execute(db);
  return Number(row.rows[0]?.n ?? 0);
}

/** What was written since a mark, as 'table op' lines. */
export async function writesSince(db: Db, mark: number): Promise<string[]> {
  const rows = await sql<{ tbl: string; op: string }>`select tbl, op from ${sql.table(LOG_TABLE)} where id > ${mark} order by id`.execute(
    db,
  );
  return rows.rows.map((r) => `${r.tbl} ${r.op}`);
}

/** An md5 of every business table's rows, table by table. */
export async function tableDigests(db: Db): Promise<Map<string, string>> {
  const digests = new Map<string, string>();
  for (const table of await businessTables(db)) {
    const row = await sql<{
      md5: string | null;
    }>`select md5(string_agg(t::text, ',' order by t::text)) as md5 from ${sql.table(table)} t`.execute(db);
    digests.set(table, row.rows[0]?.md5 ?? 'empty');
  }
  return digests;
}

/** Rows of the churn tables (except token rows, which requests only touch): what an anonymous refusal must not add to. */
export async function churnRows(db: Db): Promise<number> {
  const row = await sql<{ n: string | number }>`
    select (select count(*) from audit_events) + (select count(*) from rate_limit_hits) + (select count(*) from login_failures) as n`.execute(
    db,
  );
  return Number(row.rows[0]?.n ?? 0);
}
