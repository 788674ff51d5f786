import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { stringify } from 'csv-stringify';
import { columnHeader, columnKey, escapeCell, type Column, type Rows } from './escape';

/**
 * RFC 4180 CSV as a byte stream with a byte order mark (without it Excel garbles ₹). Rows are pulled as the
 * reader consumes them, so memory stays flat; source and stream fail and end together.
 */
export function csvStream(columns: readonly Column[], rows: Rows): Readable {
  const out = stringify({
    bom: true,
    header: true,
    columns: columns.map((c) => ({ key: columnKey(c), header: columnHeader(c) })),
    record_delimiter: 'windows',
    // The library quotes the whole CRLF only; a lone CR or LF would otherwise split the row in a reader.
    quoted_match: /[\r\n]/,
    cast: {
      number: (v) => (Number.isFinite(v) ? String(v) : ''),
      string: (v) => escapeCell(v) as string,
    },
  });
  // pipeline destroys the other side on either side's error or early close; the reader sees the error on `out`.
  pipeline(Readable.from(rows), out).catch(() => undefined);
  return out;
}
