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
import { audit } from '../../platform/audit';
import type { Db } from '../../platform/db';
import type { Database } from '../../platform/db-types';
import { ENTITY_SPECS } from './entities';
import { ImportInputError, type Trx } from './spec';

export interface ImportOptions {
  /** Apply the good rows even when some are rejected (the bad ones are reported). */
  partial: boolean;
  /** Validate and report what would change; write nothing. */
  dryRun: boolean;
  source: ImportSource;
  /** Who started it: a login, an API key's name, a connector job. */
  actor?: string;
}

// Rows go to the staging table this many at a time: one statement per batch, not per row.
const STAGE_BATCH = 5000;

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
  let report: ImportReport;
  try {
    report = await db.transaction().execute(async (trx) => {
      const result = await runInTransaction(trx, entity, rows, options);
      if (!result.applied) throw new Rollback(result);
      return result;
    });
  } catch (err) {
    if (!(err instanceof Rollback)) throw err;
    report = err.report;
  }
  await recordRun(db, report, options, startedAt);
  return report;
}

async function runInTransaction(
  trx: Trx,
  entity: ImportEntity,
  rows: AsyncIterable<ImportRow>,
  options: ImportOptions,
): Promise<ImportReport> {
  const spec = ENTITY_SPECS[entity];
  const columns = importColumns(entity);
  const stage = new Stage(trx, columns);
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
  const fileError = await stageRows(stage, entity, columns, rows, report);
  if (fileError) {
    report.errors = [fileError];
    report.rejected = Math.max(report.received, 1);
    return report;
  }
  if (report.received === 0) {
    report.errors = [{ line: 1, field: '', message: 'the file has no rows: nothing to import' }];
    return report;
  }

  // Set-based checks: duplicates within the batch, then the entity's references and rules.
  await stage.flush();
  // Temporary tables get no statistics from autovacuum: without them the planner guesses their size.
  await sql`analyze import_stage`.execute(trx);
  await rejectDuplicates(trx, spec.key);
  await sql`create temp table import_resolved on commit drop as
    select * from (${spec.resolve}) x where x.line not in (select line from import_rejects)`.execute(trx);
  await sql`analyze import_resolved`.execute(trx);
  await spec.prepare?.(trx);
  for (let pass = 0; pass < 10; pass++) {
    let added = 0;
    for (const check of spec.checks) {
      const res = await sql`insert into import_rejects (line, field, message)
        select r.line, ${check.field}, ${check.message} from import_resolved r
        where (${check.when}) and r.line not in (select line from import_rejects)`.execute(trx);
      added += Number(res.numAffectedRows ?? 0);
    }
    await sql`delete from import_resolved where line in (select line from import_rejects)`.execute(trx);
    // Rows that lean on other rows of the same batch (an employee's manager) fall with them.
    if (added === 0 || !spec.dependsOnBatch) break;
  }

  const rejected = await sql<{ n: number }>`select count(distinct line)::int as n from import_rejects`.execute(trx);
  report.rejected = rejected.rows[0]?.n ?? 0;
  const errors = await sql<ImportError>`select line, field, message from import_rejects
    order by line, field limit ${MAX_REPORTED_ERRORS}`.execute(trx);
  report.errors = errors.rows.map((e) => ({ line: Number(e.line), field: e.field, message: e.message }));

  if (report.rejected > 0 && !options.partial) return report;
  const counts = await spec.classify(trx);
  report.inserted = counts.inserted;
  report.updated = counts.updated;
  report.unchanged = counts.unchanged;
  if (options.dryRun) return report;
  await spec.apply(trx);
  report.applied = true;
  return report;
}

/** Validates each row as it arrives; good rows go to the staging table, bad ones to import_rejects. */
async function stageRows(
  stage: Stage,
  entity: ImportEntity,
  columns: string[],
  rows: AsyncIterable<ImportRow>,
  report: ImportReport,
): Promise<ImportError | null> {
  const schema = IMPORT_ROW_SCHEMAS[entity];
  const known = new Set(columns);
  const required = requiredImportColumns(entity);
  const checkedShapes = new Set<string>();
  try {
    for await (const row of rows) {
      report.received++;
      const keys = Object.keys(row.values);
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
      const cells: Record<string, string | null> = {};
      let tooLong: string | null = null;
      for (const column of columns) {
        const raw = row.values[column];
        const value = raw === undefined || raw === null ? null : raw.trim();
        if (value !== null && value.length > MAX_CELL_LENGTH) tooLong = column;
        cells[column] = value === '' ? null : value;
      }
      if (tooLong !== null) {
        await stage.reject({ line: row.line, field: tooLong, message: `${tooLong} is longer than ${MAX_CELL_LENGTH} characters` });
        continue;
      }
      const parsed = schema.safeParse(cells);
      if (!parsed.success) {
        for (const issue of parsed.error.issues) {
          const field = String(issue.path[0] ?? '');
          await stage.reject({ line: row.line, field, message: `${field} ${issue.message}` });
        }
        continue;
      }
      await stage.add(row.line, parsed.data);
    }
  } catch (err) {
    if (err instanceof ImportInputError) return { line: err.line, field: err.field, message: err.message };
    throw err;
  }
  return null;
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

async function rejectDuplicates(trx: Trx, key: readonly string[]): Promise<void> {
  const keyExpr = sql.join(
    key.map((k) => sql`lower(${sql.ref(k)})`),
    sql`, `,
  );
  const label = key.join(', ');
  const shown = key.length === 1 ? sql`${sql.ref(key[0] ?? '')}` : sql`concat_ws(', ', ${sql.join(key.map((k) => sql.ref(k)))})`;
  await sql`insert into import_rejects (line, field, message)
    select line, ${key[0] ?? ''}, ${label} || ' "' || shown || '" appears more than once (first on line ' || first_line || ')'
    from (select line, ${shown} as shown, min(line) over (partition by ${keyExpr}) as first_line from import_stage) d
    where line <> first_line`.execute(trx);
}

/** The batch's staging table: every column as text, good rows written in multi-row batches. */
class Stage {
  private lines: number[] = [];
  private cells: (string | null)[][];
  private rejects: ImportError[] = [];

  constructor(
    private readonly trx: Trx,
    private readonly columns: string[],
  ) {
    this.cells = columns.map(() => []);
  }

  async create(): Promise<void> {
    const cols = sql.join(this.columns.map((c) => sql`${sql.ref(c)} text`));
    await sql`create temp table import_stage (line integer not null, ${cols}) on commit drop`.execute(this.trx);
    await sql`create temp table import_rejects (line integer not null, field text not null, message text not null) on commit drop`.execute(
      this.trx,
    );
  }

  async add(line: number, values: Record<string, string | null>): Promise<void> {
    this.lines.push(line);
    this.columns.forEach((c, i) => this.cells[i]?.push(values[c] ?? null));
    if (this.lines.length >= STAGE_BATCH) await this.flush();
  }

  async reject(error: ImportError): Promise<void> {
    this.rejects.push(error);
    if (this.rejects.length >= STAGE_BATCH) await this.flush();
  }

  async flush(): Promise<void> {
    if (this.lines.length > 0) {
      const arrays: RawBuilder<unknown>[] = [sql`${this.lines}::int4[]`, ...this.cells.map((c) => sql`${c}::text[]`)];
      const names = sql.join(['line', ...this.columns].map((c) => sql.ref(c)));
      await sql`insert into import_stage (${names}) select * from unnest(${sql.join(arrays)})`.execute(this.trx);
      this.lines = [];
      this.cells = this.columns.map(() => []);
    }
    if (this.rejects.length > 0) {
      const r = this.rejects;
      await sql`insert into import_rejects (line, field, message)
        select * from unnest(${r.map((e) => e.line)}::int4[], ${r.map((e) => e.field)}::text[], ${r.map((e) => e.message)}::text[])`.execute(
        this.trx,
      );
      this.rejects = [];
    }
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
