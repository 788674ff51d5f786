import {
  IMPORT_ROW_SCHEMAS,
  MAX_CELL_LENGTH,
  MAX_REPORTED_ERRORS,
  importColumns,
  requiredImportColumns,
  type ImportEntity,
  type ImportError,
  type ImportReport,
  type ImportRow,
  type ImportSource,
} from '@dossier/shared';
import { sql, type Kysely, type RawBuilder } from 'kysely';
import { setImmediate } from 'node:timers/promises';
import type { z } from 'zod';
import { audit } from '../../platform/audit';
import { copyCell, copyInto, sessionDb, type CopyIn } from '../../platform/copy';
import { pgPoolOf, type Db } from '../../platform/db';
import type { DB as Database } from '../../platform/db-types';
import { dropIndexesForBulkLoad } from '../../platform/table-indexes';
import { noteReportInputsChanged } from '../etl/module';
import { ENTITY_SPECS } from './entities';
import { fastCell } from './fast-cells';
import { ImportInputError, type Counts, type EntitySpec, type Trx } from './spec';

export interface ImportOptions {
  /** Apply the good rows even when some are rejected (the bad ones are reported). */
  partial: boolean;
  /** Validate and report what would change; write nothing. */
  dryRun: boolean;
  source: ImportSource;
  /** Who started it: a login, an API key's name, a connector job. */
  actor?: string;
  /** Rows per staged batch (STAGE_BATCH); tests make it small to cross batch boundaries with a few rows. */
  batchRows?: number;
}

/*
 * Rows go to the staging table this many at a time: one COPY (PostgreSQL) or one multi-row insert (PGlite) per
 * batch, not a statement per row; while a batch is in the database the next one is parsed (docs/scaling.md).
 */
const STAGE_BATCH = 50_000;

/** The first batch is smaller: the database starts on it while the next one is parsed, not after a full batch. */
const FIRST_BATCH = 5_000;

/** Rows validated between two turns of the event loop (a few milliseconds of work). */
const YIELD_EVERY_ROWS = 500;

/** The advisory-lock class of imports; the second key is the schema and the entity. */
const IMPORT_LOCK = 7_114_007;

/** Thrown inside the transaction to roll it back while still answering the report. */
class Rollback extends Error {
  constructor(readonly report: ImportReport) {
    super('rollback');
  }
}

/**
 * The one import core behind the CLI, the ingestion API and the source connector. Rows are validated
 * with the entity's shared row schema as they stream in and staged in batches; natural keys are then
 * resolved, duplicates, unknown references and hierarchy cycles found, and the rows upserted, all with
 * set-based SQL in one transaction. A rejected row means nothing is written unless `partial` is set;
 * `dryRun` writes nothing. Every batch leaves an `import_runs` record. See docs/data-contract.md.
 */
export async function importRows(
  db: Db,
  entity: ImportEntity,
  rows: AsyncIterable<ImportRow>,
  options: ImportOptions,
): Promise<ImportReport> {
  const startedAt = new Date();
  // On PostgreSQL the import holds one session of its own, so that staging can use COPY on it.
  const pool = pgPoolOf(db);
  const client = pool ? await pool.connect() : null;
  let report: ImportReport;
  let failed = false;
  try {
    const session = client ? sessionDb(client) : db;
    const copyIn = client ? copyInto(client) : null;
    report = await session.transaction().execute(async (trx) => {
      const result = await runInTransaction(trx, entity, rows, options, copyIn);
      if (!result.applied) throw new Rollback(result);
      return result;
    });
  } catch (err) {
    if (!(err instanceof Rollback)) {
      failed = true;
      throw err;
    }
    report = err.report;
  } finally {
    // A session that failed in the middle of a COPY is not reused.
    client?.release(failed);
  }
  await recordRun(db, report, options, startedAt);
  // Reports show employees, partners, targets and insurers as they are now; policies show once the ETL folds them.
  if (report.applied && report.inserted + report.updated > 0 && entity !== 'policies') await noteReportInputsChanged(db);
  return report;
}

async function runInTransaction(
  trx: Trx,
  entity: ImportEntity,
  rows: AsyncIterable<ImportRow>,
  options: ImportOptions,
  copyIn: CopyIn | null,
): Promise<ImportReport> {
  const spec = ENTITY_SPECS[entity];
  const columns = importColumns(entity);
  // Imports of one entity run one after another (across instances too): two batches holding the same new keys
  // would otherwise both classify them as new, and the second would fail on the unique key. A dry run writes
  // nothing and waits for no one.
  if (!options.dryRun) await sql`select pg_advisory_xact_lock(${IMPORT_LOCK}::int, hashtext(current_schema() || ${entity}))`.execute(trx);
  // Hash joins of a whole batch against the referenced tables (customers, partners) fit in memory, and the
  // staging tables' statistics come from a small sample: they only tell the planner their size and spread.
  await sql`set local work_mem = '64MB'`.execute(trx);
  // A batch's statements are planned once each: compiling them (seconds when a staging table's size is
  // misjudged) would cost more than it saves.
  await sql`set local jit = off`.execute(trx);
  await sql`set local default_statistics_target = 10`.execute(trx);
  const batches = spec.perBatch ? new BatchRun(trx, spec, options) : null;
  await batches?.start();
  const stage = new Stage(trx, spec.key, columns, copyIn, batches, options.batchRows ?? STAGE_BATCH);
  await stage.create();

  const report: ImportReport = {
    entity,
    received: 0,
    inserted: 0,
    updated: 0,
    unchanged: 0,
    rejected: 0,
    applied: false,
    dryRun: options.dryRun,
    partial: options.partial,
    errors: [],
  };
  let fileError: ImportError | null;
  try {
    fileError = await stageRows(stage, entity, columns, rows, report);
    await stage.finish(fileError === null);
  } finally {
    // Whatever happened, no statement of this import may still be running when the transaction ends.
    await stage.settled();
  }
  if (fileError) {
    report.errors = [fileError];
    report.rejected = Math.max(report.received, 1);
    return report;
  }
  if (report.received === 0) {
    report.errors = [{ line: 1, field: '', message: 'the file has no rows: nothing to import' }];
    return report;
  }

  // Entities whose rows lean on other rows of the file are resolved, checked and classified as a whole.
  const counts = batches ? batches.counts : await wholeFile(trx, spec, options);

  const rejected = await sql<{ n: number }>`select count(distinct line)::int as n from import_rejects`.execute(trx);
  report.rejected = rejected.rows[0]?.n ?? 0;
  const errors = await sql<ImportError>`select line, field, message from import_rejects
    order by line, field limit ${MAX_REPORTED_ERRORS}`.execute(trx);
  report.errors = errors.rows.map((e) => ({ line: Number(e.line), field: e.field, message: e.message }));

  if (report.rejected > 0 && !options.partial) return report;
  if (counts === null) throw new Error('import: rows were classified although rejected');
  report.inserted = counts.inserted;
  report.updated = counts.updated;
  report.unchanged = counts.unchanged;
  if (options.dryRun) return report;
  if (!batches) await spec.apply(trx, counts);
  await batches?.finish();
  report.applied = true;
  return report;
}

/**
 * The whole staged file: duplicates, then the entity's references and rules, re-checked while a rejection
 * rejects rows of the same file that lean on it. Returns the classification, or null when a row was rejected
 * and the import is not partial (nothing will be written).
 */
async function wholeFile(trx: Trx, spec: EntitySpec, options: ImportOptions): Promise<Counts | null> {
  // Temporary tables get no statistics from autovacuum: without them the planner guesses their size.
  await sql`analyze import_stage`.execute(trx);
  await rejectDuplicates(trx, spec.key, null);
  await resolveAndCheck(trx, spec, true);
  if (!options.partial && (await anyRejects(trx))) return null;
  return spec.classify(trx);
}

async function resolveAndCheck(trx: Trx, spec: EntitySpec, analyze: boolean): Promise<number> {
  await sql`create temp table import_resolved on commit drop as
    select * from (${spec.resolve}) x where x.line not in (select line from import_rejects)`.execute(trx);
  if (analyze) await sql`analyze import_resolved`.execute(trx);
  await spec.prepare?.(trx);
  if (spec.checks.length === 0) return 0;
  // One statement per pass: a row not yet rejected gets the message of the first check it fails, as if the
  // checks ran one after another (each check's rule and message are evaluated only for the rows they reach).
  const field = sql.join(
    spec.checks.map((c) => sql`when ${c.when} then ${c.field}`),
    sql` `,
  );
  const message = sql.join(
    spec.checks.map((c) => sql`when ${c.when} then ${c.message}`),
    sql` `,
  );
  let rejected = 0;
  for (let pass = 0; pass < 10; pass++) {
    const res = await sql`insert into import_rejects (line, field, message)
      select line, field, message from (
        select r.line, case ${field} end as field, case ${message} end as message
        from import_resolved r where r.line not in (select line from import_rejects)) x
      where field is not null`.execute(trx);
    const added = Number(res.numAffectedRows ?? 0);
    if (added > 0) await sql`delete from import_resolved where line in (select line from import_rejects)`.execute(trx);
    rejected += added;
    // Rows that lean on other rows of the same batch (an employee's manager) fall with them.
    if (added === 0 || !spec.dependsOnBatch) break;
  }
  return rejected;
}

async function anyRejects(trx: Trx): Promise<boolean> {
  const res = await sql<{ any: boolean }>`select exists (select 1 from import_rejects) as any`.execute(trx);
  return res.rows[0]?.any === true;
}

/**
 * Entities whose rows stand alone (a policy, a customer) are resolved, checked, classified and written one
 * staged batch at a time, inside the one transaction, while the next batch is parsed: the report is the one
 * the whole file would give, because a key appears once in a file (later occurrences are refused against
 * `import_seen`) and nothing a batch writes is read by another batch's resolution.
 */
class BatchRun {
  readonly counts: Counts = { inserted: 0, updated: 0, unchanged: 0 };
  private rejected = false;
  private fresh = false;
  /** Definitions of the target's indexes dropped for a first load, built again by `finish`. */
  private deferredIndexes: string[] = [];

  constructor(
    private readonly trx: Trx,
    private readonly spec: EntitySpec,
    private readonly options: ImportOptions,
  ) {}

  noteRejects(n: number): void {
    if (n > 0) this.rejected = true;
  }

  /**
   * A file loaded into an empty target (a distributor's first load) need not look for its rows there: when
   * the table is empty once other writers are held off (`share row exclusive` lets readers through, until the
   * import commits), every row the duplicate check lets through is new. A dry run writes nothing and takes
   * no lock.
   */
  async start(): Promise<void> {
    const { trx, spec, options } = this;
    if (options.dryRun || spec.target === undefined || spec.insertAll === undefined) return;
    const table = sql.table(spec.target);
    const empty = async () =>
      (await sql<{ any: boolean }>`select exists (select 1 from ${table}) as any`.execute(trx)).rows[0]?.any === false;
    if (!(await empty())) return;
    await sql`lock table ${table} in share row exclusive mode`.execute(trx);
    // Another import may have committed rows while this one waited for the lock.
    this.fresh = await empty();
    // A first load builds the target's indexes once over all its rows (decision 032): a sort, not a random write
    // per row. Readers of the table wait until the import commits; a rollback gives the indexes back.
    if (!this.fresh) return;
    // Its unique keys too: the duplicate check refuses a key seen before, so none can fail when built again.
    this.deferredIndexes = await dropIndexesForBulkLoad(trx, spec.target);
    for (const statement of spec.firstLoad?.before ?? []) await statement.execute(trx);
  }

  /** Before the import commits: the indexes dropped for a first load are built again over all its rows. */
  async finish(): Promise<void> {
    // Each index sorted in memory rather than in runs on disk.
    if (this.deferredIndexes.length > 0) await sql`set local maintenance_work_mem = '256MB'`.execute(this.trx);
    for (const definition of this.deferredIndexes) await sql.raw(definition).execute(this.trx);
    this.deferredIndexes = [];
    if (this.fresh) for (const statement of this.spec.firstLoad?.after ?? []) await statement.execute(this.trx);
  }

  /** Resolves, checks and writes the staged batch of `rows` rows. */
  async run(rows: number): Promise<void> {
    const { trx, spec, options } = this;
    // No statistics: a batch's joins are to small reference tables (hashed whatever the estimate) and to the
    // target by index probes, so sampling the batch twice would buy nothing.
    this.noteRejects(await rejectDuplicates(trx, spec.key, rows));
    this.noteRejects(await resolveAndCheck(trx, spec, false));
    // Once a row is refused and the import is not partial nothing will be written: only the checks go on.
    if (this.fresh && spec.insertAll && (!this.rejected || options.partial)) {
      this.counts.inserted += await spec.insertAll(trx);
    } else if (!this.rejected || options.partial) {
      // A batch meets the target table by its unique key: one index probe per row (see `probing`).
      await sql`set local enable_hashjoin = off`.execute(trx);
      await sql`set local enable_mergejoin = off`.execute(trx);
      const counts = await spec.classify(trx);
      this.counts.inserted += counts.inserted;
      this.counts.updated += counts.updated;
      this.counts.unchanged += counts.unchanged;
      if (!options.dryRun) await spec.apply(trx, counts);
      await sql`set local enable_hashjoin to default`.execute(trx);
      await sql`set local enable_mergejoin to default`.execute(trx);
    }
    await sql`drop table import_resolved`.execute(trx);
  }
}

/** Validates each row as it arrives; good rows go to the staging table, bad ones to import_rejects. */
async function stageRows(
  stage: Stage,
  entity: ImportEntity,
  columns: string[],
  rows: AsyncIterable<ImportRow>,
  report: ImportReport,
): Promise<ImportError | null> {
  const validate = rowValidator(entity, columns);
  const known = new Set(columns);
  const required = requiredImportColumns(entity);
  const checkedShapes = new Set<string>();
  // The columns of the row before: a file's rows all have the same ones, compared name by name without
  // joining them into a shape for every row.
  let lastKeys: string[] = [];
  const cells: (string | null)[] = columns.map(() => null);
  try {
    for await (const row of rows) {
      report.received++;
      // A reader hands over many rows per chunk without waiting: other requests get their turn now and then.
      if (report.received % YIELD_EVERY_ROWS === 0) await setImmediate();
      const keys = Object.keys(row.values);
      if (!sameKeys(keys, lastKeys)) {
        const shape = keys.join('\u0000');
        if (!checkedShapes.has(shape)) {
          const problem = shapeProblem(keys, known, required, columns, entity);
          if (problem) {
            // The first row's columns are the file's header: a wrong header refuses the file.
            if (report.received === 1) return { line: Math.max(1, row.line - 1), ...problem };
            await stage.reject({ line: row.line, ...problem });
            continue;
          }
          checkedShapes.add(shape);
        }
        lastKeys = keys;
      }
      let cellProblem: FieldProblem | null = null;
      for (let i = 0; i < columns.length; i++) {
        const column = columns[i] as string;
        const raw = row.values[column];
        const value = raw === undefined || raw === null ? null : raw.trim();
        if (value !== null && value.length > MAX_CELL_LENGTH) {
          cellProblem ??= { field: column, message: `${column} is longer than ${MAX_CELL_LENGTH} characters` };
        }
        // PostgreSQL text cannot hold U+0000: the row is refused here rather than failing the whole batch.
        if (value?.includes('\u0000')) cellProblem ??= { field: column, message: `${column} holds a character that is not allowed (NUL)` };
        cells[i] = value === '' ? null : value;
      }
      if (cellProblem !== null) {
        await stage.reject({ line: row.line, ...cellProblem });
        continue;
      }
      const parsed = validate(cells);
      if (parsed.problems) {
        for (const problem of parsed.problems) await stage.reject({ line: row.line, ...problem });
        continue;
      }
      await stage.add(row.line, parsed.values);
    }
  } catch (err) {
    if (err instanceof ImportInputError) return { line: err.line, field: err.field, message: err.message };
    throw err;
  }
  return null;
}

function sameKeys(a: string[], b: string[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

type FieldProblem = Omit<ImportError, 'line'>;
type FieldResult = { ok: true; value: string | null } | { ok: false; messages: string[] };

/** Values a column remembers the result of: enough for its codes and names, a bounded amount of memory. */
const REMEMBERED_VALUES = 2_000;

/** A row's validated values in column order, or the problems of its cells. */
export type RowResult = { values: (string | null)[]; problems?: undefined } | { problems: FieldProblem[] };

/**
 * Validates a row (its cells in column order, trimmed, empty ones null) with the entity's shared row schema,
 * field by field. The row schemas are objects of independent fields (no rule spans two fields), so a row's
 * result is its fields' results in column order, the issues zod's object would report. A column with a
 * shortcut (fast-cells.ts) takes it for the cells it vouches for; each column remembers the schema's result
 * for its most common values (states, insurers, partner codes, …): most cells of a large file are then not
 * parsed again. `shortcuts: false` is the schema alone (the reference the shortcuts are tested against).
 */
export function rowValidator(entity: ImportEntity, columns: string[], shortcuts = true): (cells: (string | null)[]) => RowResult {
  const shape: Record<string, z.ZodType> = IMPORT_ROW_SCHEMAS[entity].shape;
  const fields = columns.map((column) => {
    const schema = shape[column];
    if (!schema) throw new Error(`import: no schema for ${entity}.${column}`);
    return { column, schema, fast: shortcuts ? fastCell(entity, column) : null, remembered: new Map<string | null, FieldResult>() };
  });
  const check = (schema: z.ZodType, value: string | null): FieldResult => {
    const parsed = schema.safeParse(value);
    if (parsed.success) return { ok: true, value: parsed.data as string | null };
    return { ok: false, messages: parsed.error.issues.map((i) => i.message) };
  };
  return (cells) => {
    const values: (string | null)[] = new Array<string | null>(fields.length);
    let problems: FieldProblem[] | null = null;
    for (let i = 0; i < fields.length; i++) {
      const f = fields[i] as (typeof fields)[number];
      const cell = cells[i] ?? null;
      const quick = f.fast?.(cell);
      if (quick !== undefined) {
        values[i] = quick;
        continue;
      }
      let result = f.remembered.get(cell);
      if (result === undefined) {
        result = check(f.schema, cell);
        if (f.remembered.size < REMEMBERED_VALUES) f.remembered.set(cell, result);
      }
      if (result.ok) values[i] = result.value;
      else for (const message of result.messages) (problems ??= []).push({ field: f.column, message: `${f.column} ${message}` });
    }
    return problems ? { problems } : { values };
  };
}

function shapeProblem(
  keys: string[],
  known: Set<string>,
  required: string[],
  columns: string[],
  entity: ImportEntity,
): { field: string; message: string } | null {
  const unknown = keys.find((k) => !known.has(k));
  if (unknown !== undefined) {
    return { field: unknown, message: `unknown column "${unknown}": the columns of ${entity} are ${columns.join(', ')}` };
  }
  const missing = required.find((c) => !keys.includes(c));
  if (missing !== undefined) return { field: missing, message: `the required column "${missing}" is missing` };
  return null;
}

/**
 * Later occurrences of a key are refused, naming the line of the first. Batch by batch (`batchRows` staged rows),
 * the first may be in an earlier batch: `import_seen` keeps every key staged so far.
 */
async function rejectDuplicates(trx: Trx, key: readonly string[], batchRows: number | null): Promise<number> {
  const keyExpr = duplicateKey(key);
  const label = key.join(', ');
  const shown = key.length === 1 ? sql`${sql.ref(key[0] ?? '')}` : sql`concat_ws(', ', ${sql.join(key.map((k) => sql.ref(k)))})`;
  if (batchRows !== null) {
    // The first line of every key staged so far: batches come in line order, so an earlier batch's wins, and
    // within the batch the lowest line is added first. A key seen in an earlier batch or on several lines of
    // this one is skipped, so fewer keys are added than rows staged; a batch with neither (the usual case)
    // needs no join of its rows to the keys seen.
    const added = await sql`insert into import_seen (key, line)
      select ${keyExpr}, line from import_stage order by line on conflict (key) do nothing`.execute(trx);
    if (Number(added.numAffectedRows ?? 0) === batchRows) return 0;
    const res = await probing(
      trx,
      sql`insert into import_rejects (line, field, message)
        select s.line, ${key[0] ?? ''}, ${label} || ' "' || ${shown} || '" appears more than once (first on line ' || seen.line || ')'
        from import_stage s join import_seen seen on seen.key = ${keyExpr}
        where s.line <> seen.line`,
    );
    return Number(res.numAffectedRows ?? 0);
  }
  const res = await sql`insert into import_rejects (line, field, message)
    select line, ${key[0] ?? ''}, ${label} || ' "' || shown || '" appears more than once (first on line ' || first_line || ')'
    from (select line, ${shown} as shown, min(line) over (partition by ${keyExpr}) as first_line from import_stage) d
    where line <> first_line`.execute(trx);
  return Number(res.numAffectedRows ?? 0);
}

/**
 * Runs a statement that meets a large table (the target, the keys seen so far) with one index probe per batch
 * row. A hash join would read the whole table for every batch, and the planner picks it as soon as a batch is
 * a few percent of the table: per-batch work would grow with the table.
 */
async function probing(trx: Trx, statement: RawBuilder<unknown>): Promise<{ numAffectedRows?: bigint }> {
  await sql`set local enable_hashjoin = off`.execute(trx);
  await sql`set local enable_mergejoin = off`.execute(trx);
  const res = await statement.execute(trx);
  await sql`set local enable_hashjoin to default`.execute(trx);
  await sql`set local enable_mergejoin to default`.execute(trx);
  return res;
}

/** Keys compare case-insensitively; a key of several columns is compared as an array of them. */
function duplicateKey(key: readonly string[]): RawBuilder<unknown> {
  const parts = key.map((k) => sql`lower(${sql.ref(k)})`);
  return parts.length === 1 && parts[0] ? parts[0] : sql`array[${sql.join(parts)}]`;
}

/** One batch of validated rows (as COPY text or as column arrays) and rejected ones. */
class Batch {
  rows = 0;
  readonly lines: number[] = [];
  readonly cells: (string | null)[][];
  readonly text: string[] = [];
  // COPY lines not yet joined into a chunk: joined strings are flat, where `+=` would keep a rope of every piece.
  private pending: string[] = [];
  private pendingLength = 0;
  readonly rejects: ImportError[] = [];

  constructor(
    columns: string[],
    private readonly asCopy: boolean,
  ) {
    this.cells = asCopy ? [] : columns.map(() => []);
  }

  add(line: number, values: (string | null)[]): void {
    this.rows++;
    if (this.asCopy) {
      let row = String(line);
      for (const value of values) row += `\t${copyCell(value)}`;
      row += '\n';
      this.pending.push(row);
      this.pendingLength += row.length;
      // Chunks of some hundred kilobytes: no one huge string, no stream write per row.
      if (this.pendingLength > 256_000) this.closeChunk();
      return;
    }
    this.lines.push(line);
    values.forEach((v, i) => this.cells[i]?.push(v));
  }

  copyText(): string[] {
    if (this.pending.length > 0) this.closeChunk();
    return this.text;
  }

  private closeChunk(): void {
    this.text.push(this.pending.join(''));
    this.pending = [];
    this.pendingLength = 0;
  }
}

/**
 * The import's staging table: every column as text. Good rows and rejects are collected in batches; a full
 * batch is sent while the next one fills (at most one batch in the database, one in memory).
 */
class Stage {
  private batch: Batch;
  private inflight: Promise<void> = Promise.resolve();
  private dispatched = false;

  constructor(
    private readonly trx: Trx,
    private readonly key: readonly string[],
    private readonly columns: string[],
    private readonly copyIn: CopyIn | null,
    private readonly batches: BatchRun | null,
    private readonly batchRows: number,
  ) {
    this.batch = new Batch(columns, copyIn !== null);
  }

  async create(): Promise<void> {
    const cols = sql.join(this.columns.map((c) => sql`${sql.ref(c)} text`));
    await sql`create temp table import_stage (line integer not null, ${cols}) on commit drop`.execute(this.trx);
    await sql`create temp table import_rejects (line integer not null, field text not null, message text not null) on commit drop`.execute(
      this.trx,
    );
    if (this.batches) {
      const type = this.key.length === 1 ? sql`text` : sql`text[]`;
      await sql`create temp table import_seen (key ${type} primary key, line integer not null) on commit drop`.execute(this.trx);
    }
  }

  async add(line: number, values: (string | null)[]): Promise<void> {
    this.batch.add(line, values);
    if (this.batch.rows >= (this.dispatched ? this.batchRows : Math.min(FIRST_BATCH, this.batchRows))) await this.dispatch();
  }

  async reject(error: ImportError): Promise<void> {
    this.batch.rejects.push(error);
    if (this.batch.rejects.length >= this.batchRows) await this.dispatch();
  }

  /** Sends what is left (when the file was read to its end) and waits for every batch. */
  async finish(complete: boolean): Promise<void> {
    if (complete) await this.dispatch();
    await this.inflight;
  }

  /** Waits for the batch in the database, whether it succeeded or not. */
  async settled(): Promise<void> {
    await this.inflight.catch(() => undefined);
  }

  private async dispatch(): Promise<void> {
    this.dispatched = true;
    const batch = this.batch;
    this.batch = new Batch(this.columns, this.copyIn !== null);
    await this.inflight;
    this.inflight = this.send(batch);
    // Its failure is seen by whoever waits for it next; until then it must not count as unhandled.
    this.inflight.catch(() => undefined);
  }

  private async send(batch: Batch): Promise<void> {
    if (batch.rows > 0) {
      if (this.batches) await sql`truncate import_stage`.execute(this.trx);
      const names = ['line', ...this.columns];
      if (this.copyIn) {
        const list = names.map((c) => `"${c}"`).join(', ');
        await this.copyIn(`copy import_stage (${list}) from stdin`, batch.copyText());
      } else {
        const arrays: RawBuilder<unknown>[] = [sql`${batch.lines}::int4[]`, ...batch.cells.map((c) => sql`${c}::text[]`)];
        await sql`insert into import_stage (${sql.join(names.map((c) => sql.ref(c)))}) select * from unnest(${sql.join(arrays)})`.execute(
          this.trx,
        );
      }
    }
    const r = batch.rejects;
    if (r.length > 0) {
      this.batches?.noteRejects(r.length);
      await sql`insert into import_rejects (line, field, message)
        select * from unnest(${r.map((e) => e.line)}::int4[], ${r.map((e) => e.field)}::text[], ${r.map((e) => e.message)}::text[])`.execute(
        this.trx,
      );
    }
    if (batch.rows > 0) await this.batches?.run(batch.rows);
  }
}

async function recordRun(db: Kysely<Database>, report: ImportReport, options: ImportOptions, startedAt: Date): Promise<void> {
  await db
    .insertInto('import_runs')
    .values({
      entity: report.entity,
      source: options.source,
      actor: options.actor ?? null,
      started_at: startedAt,
      finished_at: sql<Date>`now()`,
      dry_run: options.dryRun,
      partial: options.partial,
      applied: report.applied,
      received: report.received,
      inserted: report.inserted,
      updated: report.updated,
      unchanged: report.unchanged,
      rejected: report.rejected,
      errors: JSON.stringify(report.errors),
    })
    .execute();
  if (report.applied && report.inserted + report.updated > 0) {
    const { inserted, updated, unchanged, rejected } = report;
    await audit(db, {
      actorUserId: null,
      action: `import.${options.source}`,
      entity: report.entity,
      after: { actor: options.actor ?? null, inserted, updated, unchanged, rejected },
    });
  }
}
