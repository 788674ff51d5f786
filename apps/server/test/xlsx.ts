import ExcelJS from 'exceljs';

/** The first sheet of an XLSX file as rows of cell values (downloads and mail attachments). */
export async function xlsxRows(content: Buffer): Promise<unknown[][]> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(content as unknown as ArrayBuffer);
  const rows: unknown[][] = [];
  wb.worksheets[0]?.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  return rows;
}
