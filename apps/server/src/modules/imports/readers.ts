import type { ImportRow } from '@dossier/shared';
import { parse, CsvError } from 'csv-parse';
import { extname } from 'node:path';
import type { Readable } from 'node:stream';
import { ImportInputError } from './spec';

/** A line (CSV record, NDJSON object) longer than this refuses the whole input. */
export const MAX_LINE_CHARS = 1_000_000;

export type ImportFormat = 'csv' | 'ndjson' | 'xlsx';

export function formatOfFile(path: string): ImportFormat | null {
  const ext = extname(path).toLowerCase();
  if (ext === '.csv') return 'csv';
  if (ext === '.ndjson' || ext === '.jsonl') return 'ndjson';
  if (ext === '.xlsx') return 'xlsx';
  return null;
}

/**
 * Bytes to text, refusing what is not UTF-8 (a Latin-1 export would otherwise import as garbled names).
 * A UTF-8 byte-order mark, as Excel writes, is dropped.
 */
async function* utf8Text(input: AsyncIterable<Buffer | string>): AsyncGenerator<string> {
  const decoder = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false });
  let line = 1;
  for await (const chunk of input) {
    const bytes = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
    let text: string;
    try {
      text = decoder.decode(bytes, { stream: true });
    } catch {
      throw new ImportInputError(
        line,
        '',
        `the file is not UTF-8 text (near line ${line}): save it as UTF-8 (in Excel: "CSV UTF-8"), not Latin-1 or Windows-1252`,
      );
    }
    for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) line++;
    if (text.length > 0) yield text;
  }
  try {
    const rest = decoder.decode();
    if (rest.length > 0) yield rest;
  } catch {
    throw new ImportInputError(line, '', `the file is not UTF-8 text (it ends in the middle of a character)`);
  }
}

/**
 * CSV with a header line; line numbers count the header as line 1.
 *
 * Most files are plain: no quotes, `\n` line ends, every line as many cells as the header. Those lines are
 * split here directly, several times faster than csv-parse. At the first line that is not plain (a quote, a `\r`, a
 * missing or extra cell, a very long line), the rest of the file goes to csv-parse, fed the header and one
 * empty line (skipped, as csv-parse skips empty lines) for each line already read: its records, line
 * numbers and errors are exactly those of csv-parse reading the whole file.
 */
export async function* csvRows(input: Readable | AsyncIterable<Buffer | string>): AsyncGenerator<ImportRow> {
  const text = utf8Text(input);
  let header: string[] | null = null;
  let headerLine = '';
  let line = 0;
  let carry = '';
  // The last chunk read: its rows are handed on once the next one (or the end) shows the file goes on plain.
  // When csv-parse takes over, it re-reads that whole chunk, so a chunk with a line that is not plain yields
  // nothing of its own before csv-parse's error, as when csv-parse read everything.
  let pending: { rows: ImportRow[]; text: string; line: number; header: string[] | null } | null = null;
  let rest: string | null = null;
  const iterator = text[Symbol.asyncIterator]();
  try {
    for (;;) {
      const next = await iterator.next();
      if (next.done) break;
      const chunk = carry + next.value;
      const before = { line, header };
      const rows: ImportRow[] = [];
      let from = 0;
      let plain = true;
      for (let nl = chunk.indexOf('\n'); nl !== -1; nl = chunk.indexOf('\n', from)) {
        const current = chunk.slice(from, nl);
        if (header === null) {
          header = plainHeader(current);
          if (header === null) {
            plain = false;
            break;
          }
          headerLine = current;
          line = 1;
        } else if (current.length === 0) {
          line++;
        } else {
          const values = plainRecord(current, header);
          if (values === null) {
            plain = false;
            break;
          }
          line++;
          rows.push({ line, values });
        }
        from = nl + 1;
      }
      if (pending) yield* pending.rows;
      pending = null;
      carry = chunk.slice(from);
      if (!plain || carry.length > PLAIN_LINE_CHARS) {
        ({ line, header } = before);
        rest = chunk;
        break;
      }
      pending = { rows, text: chunk, ...before };
    }
    if (rest === null) {
      // The file ended: a last line without a line end, if any, is read like the others.
      const last = carry.length === 0 || header === null ? null : plainRecord(carry, header);
      if (carry.length === 0 || last !== null) {
        if (pending) yield* pending.rows;
        if (last !== null) yield { line: line + 1, values: last };
        else if (header === null && line === 0 && pending === null) {
          throw new ImportInputError(1, '', 'the file is empty: the first line must be the header (column names)');
        }
        return;
      }
      if (pending) ({ line, header } = pending);
      rest = pending ? pending.text : carry;
    }
    const prefix = header === null ? '' : `${headerLine}\n${'\n'.repeat(line - 1)}`;
    yield* csvParseRows(
      (async function* () {
        yield prefix + (rest ?? '');
        for (;;) {
          const next = await iterator.next();
          if (next.done) return;
          yield next.value;
        }
      })(),
    );
  } finally {
    await iterator.return?.(undefined);
  }
}

/** A plain line longer than this (far beyond any real record) is left to csv-parse and its size limit. */
const PLAIN_LINE_CHARS = 100_000;

/** The header's names, when the line is plain and names each column once; otherwise null. */
function plainHeader(line: string): string[] | null {
  if (line.length === 0 || line.length > PLAIN_LINE_CHARS || line.includes('"') || line.includes('\r')) return null;
  const names = line.split(',').map((h) => h.trim());
  if (names.some((n) => n === '') || new Set(names).size !== names.length) return null;
  return names;
}

/**
 * A row's cells by column name, in an object whose prototype chain holds nothing: a column named `__proto__`
 * is then a key like any other, refused as an unknown column with the rest (on a plain object its cell would
 * vanish). Made with `new` rather than `Object.create(null)`, whose objects V8 keeps as hash tables: a row's
 * columns then cost twice as much to set and read.
 */
function RowValues(): void {}
RowValues.prototype = Object.create(null) as object;

function rowValues<V extends string | null>(): Record<string, V> {
  return new (RowValues as unknown as new () => Record<string, V>)();
}

/** The cells of a plain line by column name, or null when the line is not plain. */
function plainRecord(line: string, header: string[]): Record<string, string> | null {
  if (line.length > PLAIN_LINE_CHARS || line.includes('"') || line.includes('\r')) return null;
  const cells = line.split(',');
  if (cells.length !== header.length) return null;
  const values = rowValues<string>();
  for (let i = 0; i < header.length; i++) values[header[i] as string] = cells[i] as string;
  return values;
}

/** csv-parse over decoded text, with the options every CSV import uses. */
async function* csvParseRows(text: AsyncGenerator<string>): AsyncGenerator<ImportRow> {
  // Records come as arrays, the first the header: rowValues builds each row (csv-parse's own objects drop a
  // `__proto__` column).
  const parser = parse({
    info: true,
    skip_empty_lines: true,
    max_record_size: MAX_LINE_CHARS,
    relax_column_count: false,
  });
  // Feed the parser from the decoded text; errors of either side end the iteration below.
  const feed: { error: Error | null } = { error: null };
  const feeding = (async () => {
    try {
      for await (const chunk of text) {
        if (parser.destroyed) return;
        if (!parser.write(chunk)) {
          // The parser may fail (a runaway record) instead of draining: stop waiting then too.
          await new Promise<void>((resolve) => {
            const done = () => {
              parser.off('drain', done);
              parser.off('close', done);
              parser.off('error', done);
              resolve();
            };
            parser.on('drain', done);
            parser.on('close', done);
            parser.on('error', done);
          });
        }
      }
      parser.end();
    } catch (err) {
      feed.error = err instanceof Error ? err : new Error(String(err));
      parser.destroy();
    }
  })();
  let header: string[] | null = null;
  let headerSeen = false;
  try {
    for await (const item of parser as AsyncIterable<{ record: string[]; info: { lines: number } }>) {
      if (header === null) {
        header = item.record.map((h) => h.trim());
        continue;
      }
      headerSeen = true;
      const values = rowValues<string>();
      for (const [i, name] of header.entries()) values[name] = item.record[i] ?? '';
      yield { line: item.info.lines, values };
    }
  } catch (err) {
    if (feed.error) throw feed.error;
    if (err instanceof CsvError) throw csvProblem(err);
    throw err;
  } finally {
    if (!parser.writableEnded) parser.destroy();
    await feeding;
    await text.return(undefined);
  }
  if (feed.error) throw feed.error;
  if (!headerSeen && parser.info.records === 0 && parser.info.lines <= 1 && parser.info.bytes === 0) {
    throw new ImportInputError(1, '', 'the file is empty: the first line must be the header (column names)');
  }
}

function csvProblem(err: CsvError): ImportInputError {
  const line = typeof err.lines === 'number' ? err.lines : 1;
  switch (err.code) {
    case 'CSV_MAX_RECORD_SIZE':
      return new ImportInputError(line, '', `line ${line} is longer than ${MAX_LINE_CHARS.toLocaleString('en-IN')} characters`);
    case 'CSV_RECORD_INCONSISTENT_FIELDS_LENGTH':
      return new ImportInputError(line, '', `line ${line} does not have as many cells as the header has columns`);
    case 'CSV_INVALID_CLOSING_QUOTE':
    case 'CSV_QUOTE_NOT_CLOSED':
      return new ImportInputError(line, '', `line ${line} has a quoted cell that is not closed properly`);
    default:
      return new ImportInputError(line, '', `line ${line} is not valid CSV: ${err.message}`);
  }
}

/** One JSON object per line; numbers and booleans become their text, objects and arrays are refused. */
export async function* ndjsonRows(input: Readable | AsyncIterable<Buffer | string>): AsyncGenerator<ImportRow> {
  let buffer = '';
  let line = 0;
  const parseLine = (text: string, at: number): ImportRow | null => {
    const trimmed = text.trim();
    if (trimmed === '') return null;
    let value: unknown;
    try {
      value = JSON.parse(trimmed);
    } catch {
      throw new ImportInputError(at, '', `line ${at} is not a JSON object`);
    }
    if (value === null || typeof value !== 'object' || Array.isArray(value)) {
      throw new ImportInputError(at, '', `line ${at} is not a JSON object`);
    }
    const values = rowValues<string | null>();
    for (const [k, v] of Object.entries(value)) {
      if (v === null || v === undefined) values[k] = null;
      else if (typeof v === 'string') values[k] = v;
      else if (typeof v === 'number' || typeof v === 'boolean') values[k] = String(v);
      else throw new ImportInputError(at, k, `line ${at}: ${k} must be a string, number, boolean or null`);
    }
    return { line: at, values };
  };
  for await (const chunk of utf8Text(input)) {
    buffer += chunk;
    let nl = buffer.indexOf('\n');
    while (nl !== -1) {
      line++;
      const row = parseLine(buffer.slice(0, nl), line);
      buffer = buffer.slice(nl + 1);
      if (row) yield row;
      nl = buffer.indexOf('\n');
    }
    if (buffer.length > MAX_LINE_CHARS) {
      throw new ImportInputError(line + 1, '', `line ${line + 1} is longer than ${MAX_LINE_CHARS.toLocaleString('en-IN')} characters`);
    }
  }
  if (buffer.trim() !== '') {
    const row = parseLine(buffer, line + 1);
    if (row) yield row;
  } else if (line === 0) {
    throw new ImportInputError(1, '', 'the file is empty: nothing to import');
  }
}

/** The first worksheet of an .xlsx workbook, read as a stream; row 1 holds the column names. */
export async function* xlsxRows(input: string | Readable): AsyncGenerator<ImportRow> {
  // Loaded on first use, as in platform/files/xlsx.ts.
  const { default: ExcelJS } = await import('exceljs');
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(input, {
    sharedStrings: 'cache',
    hyperlinks: 'ignore',
    styles: 'cache',
    worksheets: 'emit',
  });
  let header: string[] | null = null;
  try {
    for await (const sheet of reader) {
      for await (const row of sheet) {
        const cells = (row.values as unknown[]).slice(1).map(cellText);
        if (header === null) {
          header = cells.map((c) => (c ?? '').trim());
          continue;
        }
        if (cells.every((c) => c === null || c === '')) continue;
        const values = rowValues<string | null>();
        header.forEach((name, i) => {
          if (name !== '') values[name] = cells[i] ?? null;
        });
        yield { line: row.number, values };
      }
      break;
    }
  } catch (err) {
    if (err instanceof ImportInputError) throw err;
    throw new ImportInputError(1, '', `the file is not a readable .xlsx workbook (${err instanceof Error ? err.message : String(err)})`);
  }
  if (header === null) throw new ImportInputError(1, '', 'the workbook is empty: row 1 of the first sheet must hold the column names');
}

function cellText(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (value instanceof Date) {
    const iso = value.toISOString();
    // Excel keeps dates as day numbers: a date without a time arrives as midnight UTC.
    return iso.endsWith('T00:00:00.000Z') ? iso.slice(0, 10) : iso;
  }
  if (typeof value === 'object') {
    const v = value as { formula?: string; sharedFormula?: string; richText?: { text: string }[]; text?: string };
    // A formula is refused by the row schemas like typed formula text: the workbook must hold values.
    if (v.formula !== undefined || v.sharedFormula !== undefined) return `=${v.formula ?? v.sharedFormula ?? ''}`;
    if (Array.isArray(v.richText)) return v.richText.map((r) => r.text).join('');
    if (typeof v.text === 'string') return v.text;
  }
  return typeof value === 'bigint' ? value.toString() : null;
}
