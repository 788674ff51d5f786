import { importColumns, type ImportReport, type ImportRow } from '@dossier/shared';
import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import { hasConnectionPool, type Db } from '../../platform/db';
import type { SourcePull } from '../etl/module';
import { ENTITY_SPECS, type ImportOptions } from '../imports/module';
import type { ConnectorConfig, EntitySource } from './config';
import { sourceJobName, type ConnectorEntity } from './entities';
import { openSource, SourceQueryError, type SourceSession, type SourceValues } from './source';
import { watermarkMillis } from './values';

/** The import core's entry point (modules/imports/core.ts), injected so the connector stays a caller of it. */
export type ImportRowsFn = (
  db: Db,
  entity: ConnectorEntity,
  rows: AsyncIterable<ImportRow>,
  options: ImportOptions,
) => Promise<ImportReport>;

export interface EntityRun {
  entity: ConnectorEntity;
  /** The ETL panel's job name. */
  job: string;
  /** Rows read from the source changed at or after this instant (null: every row). */
  since: Date | null;
  /** The import's report; null when nothing was imported (no changed row, or a failure before the import). */
  report: ImportReport | null;
  /** Why the entity's run failed or what it rejected; null when every row read was applied. */
  error: string | null;
}

export interface ConnectorRun {
  /** False when another run (this process or another instance) held the connector. */
  ran: boolean;
  entities: EntityRun[];
}

// Arbitrary constant: every instance uses it, so one connector run at a time across the cluster. Like the
// roll-up's, the key includes the schema (deployments or test files in different schemas of one database).
const CONNECTOR_LOCK = 7_114_013;
const LOCK_KEY = sql`${CONNECTOR_LOCK}::int, hashtext(current_schema())`;
const running = new WeakSet<Db>();
const ERROR_LENGTH = 1000;
// Rows read ahead of the import to tell whether anything changed since the last run (the look-back
// overlap is usually a handful); a larger read is simply imported.
const DIGEST_ROWS = 10_000;

/**
 * Runs `fn` unless a connector run is in progress: in this process (a flag; PGlite has only this
 * process), or in another instance (a session advisory lock on PostgreSQL, held on a connection of its
 * own for the whole run, which spans one transaction per entity).
 */
async function exclusively<T>(db: Db, fn: () => Promise<T>): Promise<{ ran: true; value: T } | { ran: false }> {
  if (running.has(db)) return { ran: false };
  running.add(db);
  try {
    if (!hasConnectionPool(db)) return { ran: true, value: await fn() };
    return await db.connection().execute(async (conn) => {
      const got = await sql<{ ok: boolean }>`select pg_try_advisory_lock(${LOCK_KEY}) as ok`.execute(conn);
      if (!got.rows[0]?.ok) return { ran: false } as const;
      try {
        return { ran: true, value: await fn() } as const;
      } finally {
        await sql`select pg_advisory_unlock(${LOCK_KEY})`.execute(conn).catch(() => undefined);
      }
    });
  } finally {
    running.delete(db);
  }
}

/** A digest of a set of rows, whatever order the source returned them in. */
function digestOf(rows: readonly SourceValues[]): string {
  const each = rows
    .map((r) =>
      createHash('sha256')
        .update(JSON.stringify(Object.entries(r)))
        .digest('base64'),
    )
    .sort();
  return createHash('sha256').update(each.join('\n')).digest('base64');
}

const message = (err: unknown): string => (err instanceof Error ? err.message : String(err));
const clip = (text: string): string => (text.length > ERROR_LENGTH ? `${text.slice(0, ERROR_LENGTH - 1)}…` : text);

/**
 * What the connector remembers of each row it hands to the import, by line: its natural key, to name a
 * rejected row in the panel (the read has no order a person could count lines in), and its watermark
 * instant, to stop a partial batch's watermark at its first rejected row. Keys are packed into one
 * string per 10,000 rows, so a first load of a million rows costs a few megabytes.
 */
class RowLog {
  private static readonly CHUNK = 10_000;
  private packed: string[] = [];
  private current: string[] = [];
  private instants = new Float64Array(1024);

  add(line: number, key: string, instantMs: number | null): void {
    this.current.push(key);
    if (this.current.length === RowLog.CHUNK) {
      this.packed.push(this.current.join('\u0000'));
      this.current = [];
    }
    if (line >= this.instants.length) {
      const grown = new Float64Array(Math.max(line + 1, this.instants.length * 2));
      grown.set(this.instants);
      this.instants = grown;
    }
    this.instants[line] = instantMs ?? Number.NaN;
  }

  /** The key of a line (lines count from 1 in the order rows were handed on). */
  key(line: number): string | null {
    const index = line - 1;
    const chunk = Math.floor(index / RowLog.CHUNK);
    if (index < 0) return null;
    if (chunk < this.packed.length) return this.packed[chunk]?.split('\u0000')[index % RowLog.CHUNK] ?? null;
    return this.current[index - this.packed.length * RowLog.CHUNK] ?? null;
  }

  instant(line: number): number | null {
    const v = line < this.instants.length ? this.instants[line] : Number.NaN;
    return v === undefined || Number.isNaN(v) ? null : v;
  }
}

/** The panel's account of a batch with rejected rows: counts, then each reported row by its key. */
export function rejectionSummary(report: ImportReport, keyOf: (line: number) => string | null): string {
  const head = `${report.rejected} of ${report.received} rows rejected, ${report.applied ? 'the others applied' : 'nothing applied'}`;
  const details = report.errors.slice(0, 20).map((e) => {
    const key = keyOf(e.line);
    return `row ${e.line}${key ? ` (${key})` : ''}: ${e.message}`;
  });
  return clip(details.length > 0 ? `${head}: ${details.join('; ')}` : head);
}

/**
 * Makes the ETL panel's source jobs those of the configured entities: missing ones are created (empty
 * watermarks), and with `prune` the jobs of entities no longer configured are dropped, so the panel
 * never shows a watermark nothing moves. A dropped entity configured again is read in full once.
 */
export async function syncSourceJobs(db: Db, entities: readonly string[], { prune }: { prune: boolean }): Promise<void> {
  const names = entities.map(sourceJobName);
  if (prune) {
    let stale = db.deleteFrom('etl_jobs').where('name', 'like', 'source\\_%');
    if (names.length > 0) stale = stale.where('name', 'not in', names);
    await stale.execute();
  }
  if (names.length === 0) return;
  await db
    .insertInto('etl_jobs')
    .values(names.map((name) => ({ name })))
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
}

/**
 * Pulls each configured entity from the distributor's database into Dossier through the import core,
 * incrementally by each query's watermark column. See docs/connector.md.
 */
export class SourceConnector implements SourcePull {
  constructor(
    private readonly sourceUrl: string,
    readonly config: ConnectorConfig,
    private readonly importRows: ImportRowsFn,
    private readonly log: { error: (obj: object, msg: string) => void } = { error: () => undefined },
  ) {}

  /** The ETL panel rows of the configured entities, created empty before the first run. */
  async registerJobs(db: Db): Promise<void> {
    await syncSourceJobs(
      db,
      this.config.entities.map((e) => e.entity),
      { prune: false },
    );
  }

  /** One pass over every entity, in import order. `full` reads every row, whatever the watermarks say. */
  async run(db: Db, options: { full?: boolean } = {}): Promise<ConnectorRun> {
    await this.registerJobs(db);
    const outcome = await exclusively(db, async () => {
      let session: SourceSession;
      try {
        session = await openSource(this.sourceUrl);
      } catch (err) {
        const error = `cannot reach the source database: ${message(err)}`;
        this.log.error({ err }, 'source connector: cannot reach the source database');
        const runs: EntityRun[] = [];
        for (const e of this.config.entities) {
          await this.record(db, e.entity, { status: 'failed', last_error: clip(error) });
          runs.push({ entity: e.entity, job: sourceJobName(e.entity), since: null, report: null, error });
        }
        return runs;
      }
      try {
        const runs: EntityRun[] = [];
        for (const e of this.config.entities) runs.push(await this.runEntity(db, session, e, options.full ?? false));
        return runs;
      } finally {
        await session.close().catch(() => undefined);
      }
    });
    return outcome.ran ? { ran: true, entities: outcome.value } : { ran: false, entities: [] };
  }

  private async record(
    db: Db,
    entity: ConnectorEntity,
    values: {
      status: string;
      digest?: string | null;
      last_error: string | null;
      rows_processed?: number;
      succeeded?: boolean;
      updatedMs?: number | null;
      createdMs?: number | null;
    },
  ): Promise<void> {
    const { status, digest, last_error, rows_processed, succeeded, updatedMs, createdMs } = values;
    const instant = (ms: number | null | undefined) => (ms === null || ms === undefined ? null : new Date(ms).toISOString());
    await db
      .updateTable('etl_jobs')
      .set({
        status,
        last_error,
        ...(rows_processed === undefined ? {} : { rows_processed }),
        ...(digest === undefined ? {} : { source_digest: digest }),
        ...(succeeded ? { last_successful_run_at: sql<Date>`now()` } : {}),
        // Watermarks only move forward: a run that saw nothing newer keeps them.
        ...(updatedMs === undefined
          ? {}
          : { last_transaction_updated_at: sql<Date>`greatest(last_transaction_updated_at, ${instant(updatedMs)}::timestamptz)` }),
        ...(createdMs === undefined
          ? {}
          : { last_transaction_created_at: sql<Date>`greatest(last_transaction_created_at, ${instant(createdMs)}::timestamptz)` }),
        updated_at: sql<Date>`now()`,
      })
      .where('name', '=', sourceJobName(entity))
      .execute();
  }

  private async runEntity(db: Db, session: SourceSession, e: EntitySource, full: boolean): Promise<EntityRun> {
    const job = sourceJobName(e.entity);
    const state = await db
      .selectFrom('etl_jobs')
      .select(['last_transaction_updated_at', 'source_digest'])
      .where('name', '=', job)
      .executeTakeFirst();
    const watermark = state?.last_transaction_updated_at ? new Date(state.last_transaction_updated_at) : null;
    // Transactions still in flight on the source may commit rows stamped before the watermark; reading
    // this much overlap again catches them, and re-importing an unchanged row changes nothing.
    const since = full || !e.watermark || !watermark ? null : new Date(watermark.getTime() - e.lookbackMinutes * 60_000);
    await this.record(db, e.entity, { status: 'running', last_error: null });
    const failed = async (error: string): Promise<EntityRun> => {
      await this.record(db, e.entity, { status: 'failed', last_error: clip(error), digest: null });
      return { entity: e.entity, job, since, report: null, error };
    };

    // The watermark and creation columns steer the read; they go to the import only when the contract has them.
    const contract = new Set(importColumns(e.entity));
    const steering = [e.watermark, e.created?.column].filter((c): c is string => c !== null && c !== undefined && !contract.has(c));
    const createdColumn = e.created?.column ?? null;
    const keyColumns = ENTITY_SPECS[e.entity].key;
    const log = new RowLog();
    // The newest change and creation instants among the rows read (filled in while the import reads).
    const seen: { updated: number | null; created: number | null } = { updated: null, created: null };

    const batches = session.read({ query: e.query, watermarkColumn: e.watermark, since, batchSize: e.batchSize });
    // The first rows are read before importing: when they are all there is (the usual incremental run)
    // and they are exactly the rows the last successful run read, nothing changed, and no import is made.
    const head: SourceValues[] = [];
    let exhausted = false;
    try {
      while (head.length < DIGEST_ROWS) {
        const next = await batches.next();
        if (next.done) {
          exhausted = true;
          break;
        }
        head.push(...next.value);
      }
      const row = head[0];
      if (row && e.created?.required && !(e.created.column in row)) {
        await batches.return(undefined);
        throw new SourceQueryError(`the query has no column "${e.created.column}" (named as created)`);
      }
    } catch (err) {
      return failed(err instanceof SourceQueryError ? err.message : `the source query failed: ${message(err)}`);
    }
    const digest = exhausted ? digestOf(head) : null;
    if (head.length === 0 || (digest !== null && !full && digest === state?.source_digest)) {
      // Nothing changed since the last run: no import, and the watermark stays where it is.
      await this.record(db, e.entity, { status: 'idle', last_error: null, rows_processed: 0, succeeded: true });
      return { entity: e.entity, job, since, report: null, error: null };
    }

    async function* rows(): AsyncGenerator<ImportRow> {
      let line = 0;
      for (let batch: SourceValues[] | null = head; batch;) {
        for (const source of batch) {
          line++;
          const values: SourceValues = {};
          for (const [k, v] of Object.entries(source)) if (!steering.includes(k)) values[k] = v;
          const updatedMs = e.watermark ? watermarkMillis(source[e.watermark] ?? null) : null;
          if (updatedMs !== null && (seen.updated === null || updatedMs > seen.updated)) seen.updated = updatedMs;
          const createdMs = createdColumn ? watermarkMillis(source[createdColumn] ?? null) : null;
          if (createdMs !== null && (seen.created === null || createdMs > seen.created)) seen.created = createdMs;
          log.add(line, keyColumns.map((k) => `${k} ${source[k] ?? ''}`).join(', '), updatedMs);
          yield { line, values };
        }
        if (exhausted) break;
        const next = await batches.next();
        batch = next.done ? null : next.value;
      }
    }

    let report: ImportReport;
    try {
      report = await this.importRows(db, e.entity, rows(), {
        partial: e.partial,
        dryRun: false,
        source: 'connector',
        actor: job,
      });
    } catch (err) {
      if (!(err instanceof SourceQueryError)) this.log.error({ err, entity: e.entity }, 'source connector: import failed');
      return failed(err instanceof SourceQueryError ? err.message : `the import failed: ${message(err)}`);
    } finally {
      // An import that stopped reading early (a wrong header) leaves the source read open: end it, or
      // the session's next read would queue behind it.
      await batches.return(undefined).catch(() => undefined);
    }

    if (!report.applied) {
      // A rejected row without partial: nothing was written and the watermark stays, so the same rows
      // are read again on the next run (and pass once the source fixes them).
      const error = rejectionSummary(report, (line) => log.key(line));
      await this.record(db, e.entity, { status: 'failed', last_error: error, rows_processed: report.received, digest: null });
      return { entity: e.entity, job, since, report, error };
    }
    let updatedMs = seen.updated;
    const reportedLines = new Set(report.errors.map((r) => r.line));
    if (report.rejected > reportedLines.size) {
      // More rejected rows than the report lists: where the unlisted ones sit is unknown, so keep the watermark.
      updatedMs = null;
    } else if (report.rejected > 0 && updatedMs !== null) {
      // A partial batch applied its good rows; the watermark stops at its earliest rejected row, so the
      // rejected rows are read (and reported) again until the source fixes them.
      for (const r of report.errors) {
        const at = log.instant(r.line);
        if (at !== null && at < updatedMs) updatedMs = at;
      }
    }
    const error = report.rejected > 0 ? rejectionSummary(report, (line) => log.key(line)) : null;
    await this.record(db, e.entity, {
      status: 'idle',
      last_error: error,
      rows_processed: report.received,
      succeeded: true,
      updatedMs,
      createdMs: seen.created,
      // Only a run that applied every row may let the next one skip the same rows.
      digest: report.rejected > 0 ? null : digest,
    });
    return { entity: e.entity, job, since, report, error };
  }
}
