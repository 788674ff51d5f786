/** One row of a source query: column name → the value as contract text (values.ts), null for SQL NULL. */
export type SourceValues = Record<string, string | null>;

export interface ReadRequest {
  /** The configured query, a single SELECT (trailing semicolons removed). */
  query: string;
  /** Output column the watermark filter applies to; null reads every row. */
  watermarkColumn: string | null;
  /** Rows whose watermark column is at or after this instant; null reads every row. */
  since: Date | null;
  /** Rows fetched per round trip. */
  batchSize: number;
}

/**
 * A read-only session on the distributor's database. Each read runs in a read-only transaction of its
 * own and yields the rows in batches, without holding the whole result.
 */
export interface SourceSession {
  readonly kind: 'postgres' | 'mysql';
  read(request: ReadRequest): AsyncGenerator<SourceValues[]>;
  close(): Promise<void>;
}

/** A source query's fault, worded for the person who wrote the configuration. */
export class SourceQueryError extends Error {}

export const SOURCE_URL_PATTERN = /^(postgres|postgresql|mysql|mariadb):\/\//i;

export function sourceKind(url: string): 'postgres' | 'mysql' {
  const scheme = SOURCE_URL_PATTERN.exec(url)?.[1]?.toLowerCase();
  if (scheme === 'postgres' || scheme === 'postgresql') return 'postgres';
  if (scheme === 'mysql' || scheme === 'mariadb') return 'mysql';
  throw new Error('SOURCE_DATABASE_URL must start with postgres://, postgresql://, mysql:// or mariadb://');
}

/** Opens a session on SOURCE_DATABASE_URL with the driver its scheme names. */
export async function openSource(url: string): Promise<SourceSession> {
  if (sourceKind(url) === 'postgres') {
    const { openPostgresSource } = await import('./source-postgres');
    return openPostgresSource(url);
  }
  const { openMysqlSource } = await import('./source-mysql');
  return openMysqlSource(url);
}

/**
 * The configured query wrapped as a derived table, filtered by the watermark column when `filter` is given (the
 * driver's quoted column and placeholder: `where src."col" >= $1`). The newline keeps a trailing "-- comment"
 * of the query from swallowing the closing parenthesis.
 */
export function wrappedQuery(query: string, filter: string | null): string {
  const bare = query
    .trim()
    .replace(/;+\s*$/, '')
    .trim();
  return `select * from (\n${bare}\n) as src${filter ? `\nwhere src.${filter}` : ''}`;
}

/**
 * The result's column names, refusing duplicates (an object row would silently keep only one of them) and a
 * result without the watermark column.
 */
export function resultColumns(names: readonly string[], watermarkColumn: string | null): string[] {
  const seen = new Set<string>();
  for (const name of names) {
    if (seen.has(name))
      throw new SourceQueryError(`the query returns the column "${name}" twice; give one of them another name (… as other_name)`);
    seen.add(name);
  }
  if (watermarkColumn && !seen.has(watermarkColumn))
    throw new SourceQueryError(`the query has no column "${watermarkColumn}" to read changes by (its columns: ${names.join(', ')})`);
  return [...names];
}

/** A row read as an array of text (the drivers' type parsers answer text for every column) by column name. */
export function rowValues(columns: readonly string[], row: readonly (string | null)[]): SourceValues {
  const values: SourceValues = {};
  columns.forEach((name, i) => {
    values[name] = row[i] ?? null;
  });
  return values;
}

/** A driver's failure while reading, worded for the person who wrote the query. */
export function sourceQueryError(err: unknown): SourceQueryError {
  if (err instanceof SourceQueryError) return err;
  return new SourceQueryError(`the source query failed: ${err instanceof Error ? err.message : String(err)}`, { cause: err });
}
