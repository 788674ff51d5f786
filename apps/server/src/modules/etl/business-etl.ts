import { sql } from 'kysely';
import type { Db } from '../../platform/db';

export const BUSINESS_ROLLUP_JOB = 'business_rollup';
// Arbitrary constant: every instance uses it, so one ETL run at a time across the cluster.
export const ETL_LOCK = 7_114_006;
/**
 * The ETL's advisory-lock key: the constant plus the schema. Advisory locks are per database, and
 * deployments (or test files) in different schemas of one database have roll-ups of their own.
 */
export const ETL_LOCK_KEY = sql`${ETL_LOCK}::int, hashtext(current_schema())`;
// Transactions still in flight may commit rows stamped before the watermark; re-reading this much
// overlap catches them. Only rows whose version (updated_at) differs from the one folded are folded again,
// so the overlap costs one index range scan, and a run with nothing new does nothing.
const LOOKBACK = sql`interval '10 minutes'`;

export interface EtlRunResult {
  ran: boolean;
  rowsProcessed: number;
}

let completedRuns = 0;
/** Counts this process's completed runs: caches of roll-up figures compare it to notice a run at once. */
export const etlGeneration = (): number => completedRuns;
/** Roll-ups changed outside a run (a hierarchy move): caches in this process notice at once. */
export const noteRollupsChanged = (): void => {
  completedRuns++;
};

/**
 * Incremental roll-up of `policies` into fact_daily_business, fact_subtree_monthly and fact_partner_monthly.
 * Reads the policies changed since the watermark (minus the look-back), recomputes every cell they
 * touch now or touched at their previous run (etl_policy_state), and moves the watermark — all in one
 * transaction, so a killed run leaves the previous state and the next run converges. With no watermark
 * (first run, or `full`) every policy is "changed": a full rebuild is the same code.
 */
export async function runBusinessEtl(db: Db, options: { full?: boolean } = {}): Promise<EtlRunResult> {
  await db
    .insertInto('etl_jobs')
    .values({ name: BUSINESS_ROLLUP_JOB })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  try {
    const result = await db.transaction().execute(async (trx): Promise<EtlRunResult> => {
      const lock = await sql<{ ok: boolean }>`select pg_try_advisory_xact_lock(${ETL_LOCK_KEY}) as ok`.execute(trx);
      if (!lock.rows[0]?.ok) return { ran: false, rowsProcessed: 0 };
      await trx
        .updateTable('etl_jobs')
        .set({ status: 'running', updated_at: sql`now()` })
        .where('name', '=', BUSINESS_ROLLUP_JOB)
        .execute();

      const job = await trx
        .selectFrom('etl_jobs')
        .select('last_transaction_updated_at')
        .where('name', '=', BUSINESS_ROLLUP_JOB)
        .executeTakeFirstOrThrow();
      const watermark = options.full ? null : job.last_transaction_updated_at;
      const changedFilter = watermark
        ? sql`p.updated_at > ${watermark}::timestamptz - ${LOOKBACK}
            and not exists (select 1 from etl_policy_state v where v.policy_id = p.id and v.updated_at = p.updated_at)`
        : sql`true`;

      const pending = await sql<{ any: boolean }>`select exists (select 1 from policies p where ${changedFilter}) as any`.execute(trx);
      if (!pending.rows[0]?.any) {
        // Nothing new: the roll-ups, their change time and so every cached report stay as they are.
        await trx
          .updateTable('etl_jobs')
          .set({ status: 'idle', last_successful_run_at: sql`now()`, rows_processed: 0, last_error: null, updated_at: sql`now()` })
          .where('name', '=', BUSINESS_ROLLUP_JOB)
          .execute();
        return { ran: true, rowsProcessed: 0 };
      }

      // A scratch table emptied by truncate leaves no dead rows behind (no table scan grows with the runs).
      await sql`truncate etl_affected`.execute(trx);
      // Cells the changed policies belong to now, and the cells they were counted in last time.
      await sql`
        insert into etl_affected (day, employee_id, partner_id)
        select business_day(p.issued_at), p.employee_id, p.partner_id from policies p where ${changedFilter}
        union
        select s.day, s.employee_id, s.partner_id from etl_policy_state s join policies p on p.id = s.policy_id where ${changedFilter}`.execute(
        trx,
      );

      await sql`
        delete from fact_daily_business f
        using (select distinct day, employee_id from etl_affected) a
        where f.day = a.day and f.employee_id = a.employee_id`.execute(trx);
      await sql`
        insert into fact_daily_business (day, employee_id, product_type_id, insurer_id, state_id, business_type, channel, status,
          payment_term, installment_type, nop, premium, weightage_premium, loan_amount)
        select a.day, p.employee_id, p.product_type_id, p.insurer_id, p.state_id, p.business_type, p.channel, p.status,
          coalesce(p.premium_payment_term, 0), coalesce(p.premium_installment_type, ''),
          count(*), sum(p.paid_amount), sum(p.weightage_premium), coalesce(sum(p.loan_amount), 0)
        from (select distinct day, employee_id from etl_affected) a
        join policies p on p.employee_id = a.employee_id
          and p.issued_at >= (a.day::timestamp at time zone 'Asia/Kolkata')
          and p.issued_at < ((a.day + 1)::timestamp at time zone 'Asia/Kolkata')
        group by 1, 2, 3, 4, 5, 6, 7, 8, 9, 10`.execute(trx);

      // Every ancestor of a touched employee-month needs its subtree month recomputed.
      await sql`
        delete from fact_subtree_monthly f
        using (select distinct date_trunc('month', a.day)::date as month, c.ancestor_id
               from etl_affected a join employee_closure c on c.descendant_id = a.employee_id) x
        where f.month = x.month and f.ancestor_id = x.ancestor_id`.execute(trx);
      await sql`
        insert into fact_subtree_monthly (month, ancestor_id, status, business_type, channel, line, nop, premium, weightage_premium, loan_amount)
        select x.month, x.ancestor_id, f.status, f.business_type, f.channel, pr.line,
          sum(f.nop), sum(f.premium), sum(f.weightage_premium), sum(f.loan_amount)
        from (select distinct date_trunc('month', a.day)::date as month, c.ancestor_id
              from etl_affected a join employee_closure c on c.descendant_id = a.employee_id) x
        join employee_closure d on d.ancestor_id = x.ancestor_id
        join fact_daily_business f on f.employee_id = d.descendant_id and f.day >= x.month and f.day < (x.month + interval '1 month')::date
        join products pr on pr.product_type_id = f.product_type_id
        group by 1, 2, 3, 4, 5, 6`.execute(trx);

      await sql`
        delete from fact_partner_monthly f
        using (select distinct date_trunc('month', day)::date as month, partner_id from etl_affected where partner_id is not null) a
        where f.month = a.month and f.partner_id = a.partner_id`.execute(trx);
      await sql`
        insert into fact_partner_monthly (month, partner_id, line, nop, premium, weightage_premium, last_issue_day)
        select a.month, p.partner_id, pr.line, count(*), sum(p.paid_amount), sum(p.weightage_premium), max(business_day(p.issued_at))
        from (select distinct date_trunc('month', day)::date as month, partner_id from etl_affected where partner_id is not null) a
        join policies p on p.partner_id = a.partner_id
          and p.issued_at >= (a.month::timestamp at time zone 'Asia/Kolkata')
          and p.issued_at < ((a.month + interval '1 month')::timestamp at time zone 'Asia/Kolkata')
          and p.status = 'success'
        join products pr on pr.product_type_id = p.product_type_id
        group by 1, 2, 3`.execute(trx);

      const changed = await sql<{ n: string; max_updated: Date | null; max_created: Date | null }>`
        with upserted as (
          insert into etl_policy_state (policy_id, day, employee_id, partner_id, updated_at)
          select p.id, business_day(p.issued_at), p.employee_id, p.partner_id, p.updated_at from policies p where ${changedFilter}
          on conflict (policy_id) do update set day = excluded.day, employee_id = excluded.employee_id, partner_id = excluded.partner_id,
            updated_at = excluded.updated_at
          returning policy_id
        )
        select (select count(*) from upserted)::text as n,
          (select max(updated_at) from policies p where ${changedFilter}) as max_updated,
          (select max(created_at) from policies p where ${changedFilter}) as max_created`.execute(trx);
      const stats = changed.rows[0];
      const rowsProcessed = Number(stats?.n ?? 0);

      await trx
        .updateTable('etl_jobs')
        .set({
          status: 'idle',
          last_successful_run_at: sql`now()`,
          // The watermark only moves forward, so a run that saw nothing new keeps it.
          last_transaction_updated_at: sql`greatest(last_transaction_updated_at, ${stats?.max_updated ?? null}::timestamptz)`,
          last_transaction_created_at: sql`greatest(last_transaction_created_at, ${stats?.max_created ?? null}::timestamptz)`,
          rows_processed: rowsProcessed,
          last_error: null,
          updated_at: sql`now()`,
          // The figures changed: report caches keyed on this time start afresh.
          rollups_changed_at: sql`now()`,
        })
        .where('name', '=', BUSINESS_ROLLUP_JOB)
        .execute();
      await sql`truncate etl_affected`.execute(trx);
      return { ran: true, rowsProcessed };
    });
    // Counted once committed: a cache that sees the new generation reads the new watermark.
    if (result.ran) completedRuns++;
    return result;
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    await db
      .updateTable('etl_jobs')
      .set({ status: 'failed', last_error: message.slice(0, 1000), updated_at: sql`now()` })
      .where('name', '=', BUSINESS_ROLLUP_JOB)
      .execute()
      .catch(() => undefined);
    throw err;
  }
}

export interface RollupState {
  /** When the figures last changed (a run that folded rows, a hierarchy move): the report cache's key. */
  changedAt: Date | null;
  /** When the roll-ups were last brought up to date, changed or not: the 'Data as of' time. */
  refreshedAt: Date | null;
}

/** The roll-ups' change and refresh times. */
export async function rollupState(db: Db): Promise<RollupState> {
  const row = await db
    .selectFrom('etl_jobs')
    .select(['last_successful_run_at', 'rollups_changed_at'])
    .where('name', '=', BUSINESS_ROLLUP_JOB)
    .executeTakeFirst();
  const changedAt = row?.rollups_changed_at ?? null;
  const ran = row?.last_successful_run_at ?? null;
  const refreshedAt = !ran ? changedAt : !changedAt || ran > changedAt ? ran : changedAt;
  return { changedAt, refreshedAt };
}
