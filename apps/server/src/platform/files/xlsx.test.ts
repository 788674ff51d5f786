import { PassThrough, Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import type { Row } from './escape';
import { writeXlsx, xlsxBuffer } from './xlsx';

async function readBack(buffer: Buffer): Promise<ExcelJS.Worksheet> {
  const workbook = new ExcelJS.Workbook();
  // exceljs declares its own Buffer type that a Node Buffer does not satisfy; a stream avoids a cast.
  await workbook.xlsx.read(Readable.from([buffer]));
  const sheet = workbook.worksheets[0];
  if (!sheet) throw new Error('no worksheet');
  return sheet;
}

const columns = ['partner', { key: 'premium', header: 'Premium (₹)' }, 'note'];
const rows: Row[] = [
  { partner: 'EI0001 Asha', premium: 1200.5, note: '=1+1' },
  { partner: 'राहुल, "R"', premium: -350, note: null },
  { partner: '@cmd', premium: 0, note: '-2+3' },
];

describe('xlsx', () => {
  it('writes a bold header and the same cells: formula-like text as a plain string cell (no apostrophe), numbers as numbers', async () => {
    const sheet = await readBack(await xlsxBuffer(columns, rows, { sheetName: 'Business: MTD/YTD' }));
    expect(sheet.name).toBe('Business  MTD YTD');
    expect(sheet.getRow(1).values).toEqual([undefined, 'partner', 'Premium (₹)', 'note']);
    expect(sheet.getRow(1).getCell(1).font?.bold).toBe(true);
    expect(sheet.getRow(2).values).toEqual([undefined, 'EI0001 Asha', 1200.5, '=1+1']);
    expect(sheet.getRow(2).getCell(3).type).toBe(ExcelJS.ValueType.String);
    expect(sheet.getRow(3).values).toEqual([undefined, 'राहुल, "R"', -350]);
    expect(sheet.getRow(4).values).toEqual([undefined, '@cmd', 0, '-2+3']);
    expect(sheet.getRow(4).getCell(1).type).toBe(ExcelJS.ValueType.String);
    expect(sheet.getRow(2).getCell(3).type).toBe(ExcelJS.ValueType.String);
    expect(sheet.getRow(3).getCell(2).type).toBe(ExcelJS.ValueType.Number);
    expect(sheet.rowCount).toBe(4);
  });

  it('streams into a given writable from an async source', async () => {
    async function* many(): AsyncGenerator<Row> {
      for (let i = 0; i < 2_000; i++) yield { partner: `P${i}`, premium: i, note: 'x' };
    }
    const out = new PassThrough();
    const parts: Buffer[] = [];
    out.on('data', (b: Buffer) => parts.push(b));
    await writeXlsx(out, columns, many());
    const sheet = await readBack(Buffer.concat(parts));
    expect(sheet.rowCount).toBe(2_001);
    expect(sheet.getRow(2_001).values).toEqual([undefined, 'P1999', 1999, 'x']);
  });
});
