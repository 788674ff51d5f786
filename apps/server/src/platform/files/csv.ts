import { Readable } from 'node:stream';
import { columnHeader, columnKey, escapeCell, type Cell, type Column, type Rows } from './escape';

// Excel guesses the code page of a CSV without a byte order mark and turns ₹ into mojibake.
const BOM = '\uFEFF';
// Rows are gathered into chunks of about this size: one stream chunk per row would be slow.
const CHUNK_CHARS = 64 * 1024;

function field(value: Cell): string {
  const v = escapeCell(value);
  if (v === null) return '';
  const text = typeof v === 'number' ? (Number.isFinite(v) ? String(v) : '') : v;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** RFC 4180 CSV (CRLF line ends, BOM first) produced lazily: one chunk is in memory at a time. */
export async function* csvChunks(columns: readonly Column[], rows: Rows): AsyncGenerator<Buffer> {
  const keys = columns.map(columnKey);
  let chunk = BOM + columns.map((c) => field(columnHeader(c))).join(',') + '\r\n';
  for await (const row of rows) {
    chunk += keys.map((k) => field(row[k] ?? null)).join(',') + '\r\n';
    if (chunk.length >= CHUNK_CHARS) {
      yield Buffer.from(chunk, 'utf8');
      chunk = '';
    }
  }
  if (chunk !== '') yield Buffer.from(chunk, 'utf8');
}

/**
 * A byte stream of the CSV, pulling rows only as fast as the reader consumes them (back-pressure), so
 * a lazy row source such as Kysely's .stream() keeps memory flat however many rows there are.
 */
export function csvStream(columns: readonly Column[], rows: Rows): Readable {
  return Readable.from(csvChunks(columns, rows), { objectMode: false });
}
