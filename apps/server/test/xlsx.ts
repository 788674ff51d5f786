import ExcelJS from 'exceljs';

/** A sheet of an XLSX file (the first unless named) as rows of cell values (downloads and mail attachments). */
export async function xlsxRows(content: Buffer, sheet?: string): Promise<unknown[][]> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(content as unknown as ArrayBuffer);
  const rows: unknown[][] = [];
  (sheet === undefined ? wb.worksheets[0] : wb.getWorksheet(sheet))?.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  return rows;
}
