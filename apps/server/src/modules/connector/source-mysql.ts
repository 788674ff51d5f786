import mysql from 'mysql2';
import type { Connection, TypeCast } from 'mysql2';
import {
  resultColumns,
  rowValues,
  sourceQueryError,
  wrappedQuery,
  type ReadRequest,
  type SourceSession,
  type SourceValues,
} from './source';
import { isoTimestamp, kolkataWallClock, SOURCE_UTC_OFFSET } from './values';

/**
 * Every value as text. TIMESTAMP columns are shown in the session zone (set to Asia/Kolkata below), so they
 * get its offset; DATETIME has no zone and stays naive, which the contract reads as Asia/Kolkata too.
 */
const typeCast: TypeCast = (field) => {
  if (field.type === 'BIT') {
    const bytes = field.buffer();
    if (bytes === null) return null;
    const n = bytes.reduce((acc, b) => acc * 256 + b, 0);
    return field.length === 1 ? (n === 1 ? 'true' : 'false') : String(n);
  }
  const text = field.string();
  if (text === null) return null;
  if (field.type === 'TIMESTAMP' || field.type === 'TIMESTAMP2')
    return `${isoTimestamp(text)}${text.startsWith('0000') ? '' : SOURCE_UTC_OFFSET}`;
  if (field.type === 'DATETIME' || field.type === 'DATETIME2') return isoTimestamp(text);
  return text;
};

const quoteIdent = (name: string): string => `\`${name.replaceAll('`', '``')}\``;

function connect(url: string): Promise<Connection> {
  return new Promise((resolve, reject) => {
    const connection = mysql.createConnection({
      uri: url.replace(/^mariadb:/i, 'mysql:'),
      connectTimeout: 10_000,
      rowsAsArray: true,
      typeCast,
      supportBigNumbers: true,
      bigNumberStrings: true,
    });
    // A dropped connection must fail the read in progress, not crash the process.
    connection.on('error', () => undefined);
    connection.connect((err) => {
      if (err) {
        connection.destroy();
        reject(err);
        return;
      }
      connection.query(`set time_zone = '${SOURCE_UTC_OFFSET}'`, (setErr) => {
        if (setErr) {
          connection.destroy();
          reject(setErr);
        } else resolve(connection);
      });
    });
  });
}

const run = (connection: Connection, text: string): Promise<void> =>
  new Promise((resolve, reject) => connection.query(text, (err) => (err ? reject(err) : resolve())));

export async function openMysqlSource(url: string): Promise<SourceSession> {
  let connection: Connection | null = await connect(url);

  async function* read({ query, watermarkColumn, since, batchSize }: ReadRequest): AsyncGenerator<SourceValues[]> {
    connection ??= await connect(url);
    const conn = connection;
    // The session's zone is Asia/Kolkata, so the wall-clock literal compares right with DATETIME and TIMESTAMP alike.
    const filter = watermarkColumn && since ? `${quoteIdent(watermarkColumn)} >= ?` : null;
    const text = wrappedQuery(query, filter);
    let finished = false;
    try {
      await run(conn, 'start transaction with consistent snapshot, read only');
      const q = conn.query({ sql: text, values: filter && since ? [kolkataWallClock(since)] : [] });
      let columns: string[] | null = null;
      q.on('fields', (fields: { name: string }[] | undefined) => {
        if (fields) columns = fields.map((f) => f.name);
      });
      const stream = q.stream({ highWaterMark: batchSize });
      let batch: SourceValues[] = [];
      let names: string[] | null = null;
      for await (const row of stream as AsyncIterable<(string | null)[]>) {
        names ??= resultColumns(columns ?? [], watermarkColumn);
        batch.push(rowValues(names, row));
        if (batch.length >= batchSize) {
          yield batch;
          batch = [];
        }
      }
      // An empty result is checked too.
      if (!names && columns) resultColumns(columns, watermarkColumn);
      if (batch.length > 0) yield batch;
      await run(conn, 'commit');
      finished = true;
    } catch (err) {
      throw sourceQueryError(err);
    } finally {
      if (!finished) {
        // Stopped early or failed: the rest of the result may still be on the wire; drop the connection
        // (which ends the transaction) rather than drain it, and open a new one for the next read.
        conn.destroy();
        if (connection === conn) connection = null;
      }
    }
  }

  return {
    kind: 'mysql',
    read,
    close: () =>
      new Promise<void>((resolve) => {
        if (!connection) return resolve();
        connection.end(() => resolve());
        connection = null;
      }),
  };
}
