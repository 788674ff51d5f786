import { kolkataToday } from '@dossier/shared';
import { sql } from 'kysely';
import { separateSessions, type Db } from '../../platform/db';
import { dropBuildLeftovers, dropReplacedTables, type SwapHelpers } from '../../platform/table-swap';
import type { Rollup } from './rollups/rollup';
import { beforeFold, foldChanges, foldNoted, rebuildAll, writeNewDay } from './runner';

export const BUSINESS_ROLLUP_JOB = 'business_rollup';
// Arbitrary constant: every instance uses it, so one ETL run at a time across the cluster.
export const ETL_LOCK = 7_114_006;
/**
 * The ETL's advisory-lock key: the constant plus the schema. Advisory locks are per database, and
 * deployments (or test files) in different schemas of one database have roll-ups of their own.
 */
export const ETL_LOCK_KEY = sql`${ETL_LOCK}::int, hashtext(current_schema())`;
// Transactions in flight may commit rows stamped before the watermark: this much overlap is re-read, and of it
// only rows the last run could not have seen and whose version changed are folded again.
export const LOOKBACK = sql`interval '10 minutes'`;

/**
 * The last run's watermark, the oldest transaction in flight when it read the policies (migration 041) and when
 * the oldest of them began (migration 053, null when unknown).
 */
export interface FoldMark {
  watermark: Date;
  foldXmin: number | null;
  foldSince: Date | null;
}

// age() of a special transaction id (below 3: a frozen row reads 2) or of an id too old to compare.
const NO_AGE = sql.lit(2_147_483_647);
/**
 * Whether policy row `p` was written by a transaction ended before `foldXmin` (the oldest in flight at a snapshot),
 * so that snapshot saw it. xmin is compared by age in integer arithmetic (wraparound-safe); snapshots over 2^30
 * transactions old and special ids (frozen rows) are not trusted as seen.
 */
const seenBy = (foldXmin: number) => {
  const fold = sql`age(${String(foldXmin % 2 ** 32)}::xid)`;
  return sql`(age(p.xmin) > ${fold} and age(p.xmin) < ${NO_AGE} and ${fold} < ${sql.lit(1_073_741_824)})`;
};

/**
 * The look-back (alias p): stamped after the watermark less LOOKBACK and, when known, not before the oldest
 * transaction in flight at the last run's read began. A row that read could not see was written by a transaction
 * in flight then or begun later, and writers stamp `updated_at` with their transaction's time (`now()`) or later.
 */
export const inLookBack = (mark: FoldMark) =>
  sql`p.updated_at > ${mark.watermark}::timestamptz - ${LOOKBACK} ${mark.foldSince === null ? sql`` : sql`and p.updated_at >= ${mark.foldSince}::timestamptz`}`;

/**
 * The policies (alias p) the ETL may not have folded as they are now: in the look-back, and not written by a
 * transaction ended before the last run read. This leaves late commits and later changes.
 */
export const mayBeUnfolded = (mark: FoldMark) =>
  sql`${inLookBack(mark)} ${mark.foldXmin === null ? sql`` : sql`and not ${seenBy(mark.foldXmin)}`}`;

/**
 * When the oldest transaction in flight began, read in the statement that takes the run's snapshot; null when some
 * session's start is hidden from this role (it lacks pg_read_all_stats) or a prepared transaction waits, whose
 * start no view shows. The run's own transaction is among them, so it is never later than the run's start. Vacuum
 * writes no policy and may run for minutes on a large table: its workers are left out. Cut to the millisecond a
 * JavaScript Date holds, downwards.
 */
export const OLDEST_IN_FLIGHT = sql<Date | null>`case
  when exists (select 1 from pg_stat_activity where backend_type is null) or exists (select 1 from pg_prepared_xacts) then null
  else date_trunc('milliseconds', least(statement_timestamp(),
    (select min(xact_start) from pg_stat_activity where backend_type <> 'autovacuum worker'))) end`;

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
 * Notes that what reports show beside the figures (employees, partners, targets, insurers) changed: call after
 * the change committed, so no answer cached under the new stamp was read before it. Caches start afresh.
 */
export async function noteReportInputsChanged(db: Db): Promise<void> {
  await db
    .updateTable('report_inputs')
    .set({ changed_at: sql`now()` })
    .execute();
  noteRollupsChanged();
}

/**
 * Incremental roll-up of `policies` and of the noted mapping and partner changes (./runner.ts): the changed
 * policies' previous contributions are subtracted and new ones added, and the watermark moves, in one
 * transaction, so a killed run leaves the previous state. With no watermark or `full`, everything is rebuilt.
 */
export interface EtlRunOptions {
  /** Rebuild every roll-up from every policy. */
  full?: boolean;
  /**
   * Sessions a rebuild spreads its groupings over beside its own transaction, on PostgreSQL (ETL_REBUILD_SESSIONS;
   * docs/decisions/053-rebuild-spread-over-sessions.md); 0 keeps all of it in the one transaction.
   */
  rebuildSessions?: number;
  /** The business day the slipping partners are kept for (./rollups/slipping-partners.ts); by default today in India. */
  today?: string;
  /** The roll-ups to keep, in any order: by default every one (./rollups/registry.ts); a test adds one of its own. */
  rollups?: readonly Rollup[];
}

/** Rebuild sessions when not configured: one grouping per core of a two-core database server. */
const DEFAULT_REBUILD_SESSIONS = 2;

export async function runBusinessEtl(db: Db, options: EtlRunOptions = {}): Promise<EtlRunResult> {
  await db
    .insertInto('etl_jobs')
    .values({ name: BUSINESS_ROLLUP_JOB })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  let rebuilt = false;
  let result: EtlRunResult;
  try {
    result = await db.transaction().execute(async (trx): Promise<EtlRunResult> => {
      const lock = await sql<{ ok: boolean }>`select pg_try_advisory_xact_lock(${ETL_LOCK_KEY}) as ok`.execute(trx);
      if (!lock.rows[0]?.ok) return { ran: false, rowsProcessed: 0 };
      await trx
        .updateTable('etl_jobs')
        .set({ status: 'running', updated_at: sql`now()` })
        .where('name', '=', BUSINESS_ROLLUP_JOB)
        .execute();

      const job = await trx
        .selectFrom('etl_jobs')
        .select(['last_transaction_updated_at', 'fold_xmin', 'fold_since', sql<string | null>`slipping_day::text`.as('slipping_day')])
        .where('name', '=', BUSINESS_ROLLUP_JOB)
        .executeTakeFirstOrThrow();
      const watermark = options.full ? null : job.last_transaction_updated_at;
      // A rebuild makes its own build schema afresh; any other run clears what a failed one left there.
      if (watermark) await dropBuildLeftovers(trx);
      // Taken before the policies are read: every transaction that had ended by then is visible to the read.
      // Import batches recorded before this instant committed before any of this run's reads (freshness.ts).
      const snapshot = await trx
        .selectNoFrom([
          sql<string>`pg_snapshot_xmin(pg_current_snapshot())::text`.as('xmin'),
          sql<Date>`statement_timestamp()`.as('at'),
          OLDEST_IN_FLIGHT.as('since'),
        ])
        .executeTakeFirst();
      const foldXmin = snapshot ? Number(snapshot.xmin) : null;
      const foldSince = snapshot?.since ?? null;
      const importsFoldedTo = snapshot?.at ?? null;
      const anyPolicy = async () =>
        (await trx.selectNoFrom((eb) => eb.exists(eb.selectFrom('policies').select(eb.lit(1).as('one'))).as('any')).executeTakeFirst())
          ?.any;
      const rebuild = !watermark && (options.full || (await anyPolicy()));
      // A contest changed since it was summed is summed afresh from the figures as folded, before this run's changes add to them.
      const contestsSummed = watermark ? await beforeFold(trx, options.rollups) : 0;
      // The slipping partners are written whole for a new day after the fold, which then keeps the old day's alone.
      const day = options.today ?? kolkataToday();
      const newDay = Boolean(rebuild) || job.slipping_day !== day;
      const stats = watermark
        ? await foldChanges(
            trx,
            sql`${mayBeUnfolded({ watermark, foldXmin: job.fold_xmin, foldSince: job.fold_since })}
              and not exists (select 1 from etl_policy_state v where v.policy_id = p.id and v.updated_at = p.updated_at)`,
            { day, newDay },
            options.rollups,
          )
        : rebuild
          ? await rebuildAll(trx, day, rebuildHelpers(db, options.rebuildSessions ?? DEFAULT_REBUILD_SESSIONS), options.rollups)
          : null;
      rebuilt = Boolean(rebuild);
      // A rebuild wrote them before its swap.
      if (newDay && !rebuild) await writeNewDay(trx, day, options.rollups);
      // Mapping changes count even when no policy changed (a rebuild has written the partner counts afresh).
      const activityChanges = rebuild ? 0 : await foldNoted(trx, options.rollups);
      if (!stats && activityChanges === 0 && contestsSummed === 0 && !newDay) {
        // Nothing new: the roll-ups, their change time and so every cached report stay as they are.
        await trx
          .updateTable('etl_jobs')
          // What this run saw is folded too: the next one need not look it up again.
          .set({
            status: 'idle',
            last_successful_run_at: sql`now()`,
            fold_xmin: foldXmin,
            fold_since: foldSince,
            imports_folded_to: importsFoldedTo,
            rows_processed: 0,
            last_error: null,
            updated_at: sql`now()`,
          })
          .where('name', '=', BUSINESS_ROLLUP_JOB)
          .execute();
        return { ran: true, rowsProcessed: 0 };
      }
      const rowsProcessed = stats?.policies ?? 0;

      await trx
        .updateTable('etl_jobs')
        .set({
          status: 'idle',
          last_successful_run_at: sql`now()`,
          // The watermark only moves forward, so a run that saw nothing new keeps it.
          last_transaction_updated_at: sql`greatest(last_transaction_updated_at, ${stats?.maxUpdated ?? null}::timestamptz)`,
          last_transaction_created_at: sql`greatest(last_transaction_created_at, ${stats?.maxCreated ?? null}::timestamptz)`,
          fold_xmin: foldXmin,
          fold_since: foldSince,
          imports_folded_to: importsFoldedTo,
          rows_processed: rowsProcessed,
          last_error: null,
          updated_at: sql`now()`,
          slipping_day: day,
          // The figures changed: report caches keyed on this time start afresh.
          rollups_changed_at: sql`now()`,
        })
        .where('name', '=', BUSINESS_ROLLUP_JOB)
        .execute();
      return { ran: true, rowsProcessed };
    });
    // Counted once committed: a cache that sees the new generation reads the new watermark.
    if (result.ran) completedRuns++;
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
  // The tables a rebuild replaced, dropped once readers read the new ones (platform/table-swap.ts).
  if (rebuilt) await dropReplacedTables(db);
  return result;
}

/** The helper sessions of a rebuild: none on PGlite, whose one connection the run's transaction holds. */
function rebuildHelpers(db: Db, sessions: number): SwapHelpers | undefined {
  const open = separateSessions(db);
  return open && sessions > 0 ? { open, sessions } : undefined;
}

export interface RollupState {
  /**
   * When the figures last changed (a run that folded rows, a hierarchy move) or what is shown beside them was
   * imported or edited (`noteReportInputsChanged`): the report cache's key.
   */
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
  const inputs = await db.selectFrom('report_inputs').select('changed_at').executeTakeFirst();
  const figures = row?.rollups_changed_at ?? null;
  const shown = inputs?.changed_at ?? null;
  const changedAt = !figures || (shown && shown > figures) ? shown : figures;
  const ran = row?.last_successful_run_at ?? null;
  // The figures' time alone: an edited name says nothing of how fresh the figures are.
  const refreshedAt = !ran ? figures : !figures || ran > figures ? ran : figures;
  return { changedAt, refreshedAt };
}
