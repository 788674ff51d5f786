import { once } from 'node:events';
import { PassThrough, type Writable } from 'node:stream';
import { columnHeader, columnKey, type Cell, type Column, type Row, type Rows } from './escape';

export interface XlsxOptions {
  sheetName?: string;
  /** Label and value pairs written on a second sheet, 'About', after the rows: what the file holds. */
  about?: readonly (readonly [string, string])[];
}

// Excel refuses to open a file with a longer cell ("We found a problem with some content").
const MAX_CELL_CHARS = 32_767;
// How often to check the output for back-pressure; exceljs itself never waits for a slow reader.
const DRAIN_CHECK_ROWS = 500;

/**
 * Text goes in as a typed string cell (never a formula, whatever it starts with), so unlike CSV it needs
 * no leading apostrophe: one would show in Excel as part of the text.
 */
function cell(value: Cell): Cell {
  return typeof value === 'string' && value.length > MAX_CELL_CHARS ? value.slice(0, MAX_CELL_CHARS) : value;
}

function sheetName(name: string | undefined): string {
  // Excel's rules: at most 31 characters, none of []:*?/\
  const cleaned = (name ?? 'Report')
    .replace(/[[\]:*?/\\]/g, ' ')
    .trim()
    .slice(0, 31);
  return cleaned === '' ? 'Report' : cleaned;
}

/** Resolves on the first of the events; unlike a race of once() calls, leaves no listener behind. */
async function firstOf(emitter: Writable, events: string[]): Promise<void> {
  const stop = new AbortController();
  try {
    await Promise.race(events.map((e) => once(emitter, e, { signal: stop.signal })));
  } finally {
    stop.abort();
  }
}

/** Streams one worksheet (bold header row, then the rows) into `output` and resolves when it is written. */
export async function writeXlsx(output: Writable, columns: readonly Column[], rows: Rows, options: XlsxOptions = {}): Promise<void> {
  // Loaded on first use here (tests); the server loads it before it is ready (server.ts).
  const { default: ExcelJS } = await import('exceljs');
  // Inline strings instead of a shared-strings table: that table would hold every distinct text until the end.
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: output, useStyles: true, useSharedStrings: false });
  const sheet = workbook.addWorksheet(sheetName(options.sheetName));
  const header = sheet.addRow(columns.map((c) => columnHeader(c)));
  header.font = { bold: true };
  header.commit();
  const keys = columns.map(columnKey);
  let count = 0;
  for await (const row of rows) {
    // The reader went away (a download aborted): stop pulling rows, which ends the source's query.
    if (output.destroyed) throw new Error('The XLSX output was closed before the workbook was written');
    sheet.addRow(keys.map((k) => cell(row[k] ?? null))).commit();
    if (++count % DRAIN_CHECK_ROWS === 0 && output.writableNeedDrain) await firstOf(output, ['drain', 'close']);
  }
  sheet.commit();
  if (options.about) {
    // After the rows, so the file opens on them; a sheet of its own keeps the rows' sheet plain data.
    const about = workbook.addWorksheet('About');
    about.columns = [{ width: 24 }, { width: 80 }];
    for (const [label, value] of options.about) {
      const line = about.addRow([label, value]);
      line.getCell(1).font = { bold: true };
      line.commit();
    }
    about.commit();
  }
  if (output.destroyed) throw new Error('The XLSX output was closed before the workbook was written');
  // exceljs waits for the output's 'finish', which a destroyed output never emits.
  const written = await Promise.race([workbook.commit().then(() => true), firstOf(output, ['close']).then(() => false)]);
  if (!written) throw new Error('The XLSX output was closed before the workbook was written');
}

/** Thrown by xlsxBuffer when the workbook outgrows its maxBytes. */
export class XlsxTooLargeError extends Error {
  constructor(readonly maxBytes: number) {
    super(`The XLSX file would exceed ${maxBytes} bytes`);
    this.name = 'XlsxTooLargeError';
  }
}

/**
 * The whole workbook in memory, for a mail attachment (stream downloads with writeXlsx). Past `maxBytes` it
 * stops reading and throws XlsxTooLargeError, so memory stays bounded.
 */
export async function xlsxBuffer(
  columns: readonly Column[],
  rows: Rows,
  options: XlsxOptions & { maxBytes?: number } = {},
): Promise<Buffer> {
  const maxBytes = options.maxBytes ?? Infinity;
  const sink = new PassThrough();
  const parts: Buffer[] = [];
  let bytes = 0;
  sink.on('data', (b: Buffer) => {
    bytes += b.length;
    if (bytes <= maxBytes) parts.push(b);
  });
  const ended = once(sink, 'end');
  async function* capped(): AsyncGenerator<Row> {
    for await (const row of rows) {
      // The zip lags a little behind the rows; the final check below is exact.
      if (bytes > maxBytes) throw new XlsxTooLargeError(maxBytes);
      yield row;
    }
  }
  await writeXlsx(sink, columns, capped(), options);
  await ended;
  if (bytes > maxBytes) throw new XlsxTooLargeError(maxBytes);
  return Buffer.concat(parts);
}
