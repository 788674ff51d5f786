import pg from 'pg';
import Cursor from 'pg-cursor';
import {
  resultColumns,
  rowValues,
  sourceQueryError,
  wrappedQuery,
  type ReadRequest,
  type SourceSession,
  type SourceValues,
} from './source';
import { isoTimestamp, SOURCE_TIME_ZONE } from './values';

// Type oids (pg_type): how a value's printed text becomes contract text.
const BOOL = 16;
const TIMESTAMP = 1114;
const TIMESTAMPTZ = 1184;

const asText = (value: string): string => value;
const asBoolean = (value: string): string => (value === 't' ? 'true' : value === 'f' ? 'false' : value);

/** Every column arrives as the server prints it (no JS Dates or numbers), then is normalised by type. */
const textTypes: pg.CustomTypesConfig = {
  getTypeParser: ((oid: number) => {
    if (oid === BOOL) return asBoolean;
    if (oid === TIMESTAMP || oid === TIMESTAMPTZ) return isoTimestamp;
    return asText;
  }) as pg.CustomTypesConfig['getTypeParser'],
};

const quoteIdent = (name: string): string => `"${name.replaceAll('"', '""')}"`;

export async function openPostgresSource(url: string): Promise<SourceSession> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 10_000 });
  // A dropped connection must fail the read in progress, not crash the process.
  client.on('error', () => undefined);
  await client.connect();
  try {
    // Naive timestamps are Asia/Kolkata on both sides; ISO dates whatever the server's defaults.
    await client.query(`set time zone '${SOURCE_TIME_ZONE}'; set datestyle = 'ISO, YMD'; set intervalstyle = 'iso_8601'`);
  } catch (err) {
    await client.end().catch(() => undefined);
    throw err;
  }

  async function* read({ query, watermarkColumn, since, batchSize }: ReadRequest): AsyncGenerator<SourceValues[]> {
    const filter = watermarkColumn && since ? `${quoteIdent(watermarkColumn)} >= $1::timestamptz` : null;
    const text = wrappedQuery(query, filter);
    await client.query('begin transaction isolation level repeatable read read only');
    let committed = false;
    let cursor: Cursor<(string | null)[]> | null = null;
    try {
      cursor = client.query(
        new Cursor<(string | null)[]>(text, filter && since ? [since.toISOString()] : [], { rowMode: 'array', types: textTypes }),
      );
      let columns: string[] | null = null;
      for (;;) {
        const open = cursor;
        const { rows, fields } = await new Promise<{ rows: (string | null)[][]; fields: { name: string }[] }>((resolve, reject) => {
          open.read(batchSize, (err, rows, result) => (err ? reject(err) : resolve({ rows, fields: result.fields })));
        });
        columns ??= resultColumns(
          fields.map((f) => f.name),
          watermarkColumn,
        );
        if (rows.length === 0) break;
        const names = columns;
        yield rows.map((row): SourceValues => rowValues(names, row));
        if (rows.length < batchSize) break;
      }
      await client.query('commit');
      committed = true;
    } catch (err) {
      throw sourceQueryError(err);
    } finally {
      // The cursor is the client's active query until closed: close it first (also when the reader
      // stopped early), or the statements behind it would wait forever.
      await cursor?.close().catch(() => undefined);
      if (!committed) await client.query('rollback').catch(() => undefined);
    }
  }

  return { kind: 'postgres', read, close: () => client.end() };
}
