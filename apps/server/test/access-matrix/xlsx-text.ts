import ExcelJS from 'exceljs';

/** Every cell of every sheet as text, one row a line, cells separated by tabs. */
export async function xlsxText(content: Buffer): Promise<string> {
  const workbook = new ExcelJS.Workbook();
  // exceljs declares its own Buffer type; the bytes are the same.
  await workbook.xlsx.load(content as unknown as ExcelJS.Buffer);
  const lines: string[] = [];
  workbook.eachSheet((sheet) => {
    sheet.eachRow((row) => {
      const cells: string[] = [];
      row.eachCell((cell) => cells.push(cell.text));
      lines.push(cells.join('\t'));
    });
  });
  return lines.join('\n');
}
