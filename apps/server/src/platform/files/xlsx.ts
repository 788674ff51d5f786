import { once } from 'node:events';
import { PassThrough, type Writable } from 'node:stream';
import ExcelJS from 'exceljs';
import { columnHeader, columnKey, escapeCell, type Cell, type Column, type Rows } from './escape';

export interface XlsxOptions {
  sheetName?: string;
}

// Excel refuses to open a file with a longer cell ("We found a problem with some content").
const MAX_CELL_CHARS = 32_767;
// How often to check the output for back-pressure; exceljs itself never waits for a slow reader.
const DRAIN_CHECK_ROWS = 500;

function cell(value: Cell): Cell {
  const v = escapeCell(value);
  return typeof v === 'string' && v.length > MAX_CELL_CHARS ? v.slice(0, MAX_CELL_CHARS) : v;
}

function sheetName(name: string | undefined): string {
  // Excel's rules: at most 31 characters, none of []:*?/\
  const cleaned = (name ?? 'Report').replace(/[[\]:*?/\\]/g, ' ').trim().slice(0, 31);
  return cleaned === '' ? 'Report' : cleaned;
}

/** Streams one worksheet (bold header row, then the rows) into `output` and resolves when it is written. */
export async function writeXlsx(output: Writable, columns: readonly Column[], rows: Rows, options: XlsxOptions = {}): Promise<void> {
  // Inline strings instead of a shared-strings table: that table would hold every distinct text until the end.
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: output, useStyles: true, useSharedStrings: false });
  const sheet = workbook.addWorksheet(sheetName(options.sheetName));
  const header = sheet.addRow(columns.map((c) => columnHeader(c)));
  header.font = { bold: true };
  header.commit();
  const keys = columns.map(columnKey);
  let count = 0;
  for await (const row of rows) {
    sheet.addRow(keys.map((k) => cell(row[k] ?? null))).commit();
    if (++count % DRAIN_CHECK_ROWS === 0 && output.writableNeedDrain) {
      await Promise.race([once(output, 'drain'), once(output, 'close')]);
    }
  }
  sheet.commit();
  await workbook.commit();
}

/** The whole workbook in memory, for a mail attachment; stream large downloads with writeXlsx instead. */
export async function xlsxBuffer(columns: readonly Column[], rows: Rows, options: XlsxOptions = {}): Promise<Buffer> {
  const sink = new PassThrough();
  const parts: Buffer[] = [];
  sink.on('data', (b: Buffer) => parts.push(b));
  const ended = once(sink, 'end');
  await writeXlsx(sink, columns, rows, options);
  await ended;
  return Buffer.concat(parts);
}
