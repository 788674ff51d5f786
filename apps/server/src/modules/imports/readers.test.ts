import type { ImportRow } from '@dossier/shared';
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { csvRows } from './readers';

/** Reads text given in chunks (as a file stream delivers it) and answers the rows, or the error's message. */
async function read(chunks: string[]): Promise<(ImportRow | string)[]> {
  const out: (ImportRow | string)[] = [];
  try {
    for await (const row of csvRows(Readable.from(chunks.map((c) => Buffer.from(c))))) out.push(row);
  } catch (err) {
    out.push(err instanceof Error ? err.message : String(err));
  }
  return out;
}

// Plain lines are split directly and csv-parse reads from the first chunk with a line that is not plain
// (docs/decisions/026-policy-reference-checks.md): records and line numbers are csv-parse's either way.
describe('csvRows', () => {
  it('reads plain lines, skips empty ones and a quoted cell later in the file keeps its line numbers', async () => {
    expect(await read(['a, b \n1,2\n\n3,4\n', '5,"x,\ny"\n6,7\n'])).toEqual([
      { line: 2, values: { a: '1', b: '2' } },
      { line: 4, values: { a: '3', b: '4' } },
      { line: 6, values: { a: '5', b: 'x,\ny' } },
      { line: 7, values: { a: '6', b: '7' } },
    ]);
  });

  it('a line with a missing cell after plain chunks is refused with its line number', async () => {
    expect(await read(['a,b\n1,2\n3,4\n', '5\n6,7\n'])).toEqual([
      { line: 2, values: { a: '1', b: '2' } },
      { line: 3, values: { a: '3', b: '4' } },
      'line 4 does not have as many cells as the header has columns',
    ]);
  });

  it('reads Windows line ends and a last line without a line end', async () => {
    expect(await read(['a,b\r\n1,2\r\n'])).toEqual([{ line: 2, values: { a: '1', b: '2' } }]);
    expect(await read(['a,b\n1,2\n', '3,4'])).toEqual([
      { line: 2, values: { a: '1', b: '2' } },
      { line: 3, values: { a: '3', b: '4' } },
    ]);
  });

  it('an empty file is refused; a header alone gives no rows', async () => {
    expect(await read([])).toEqual(['the file is empty: the first line must be the header (column names)']);
    expect(await read(['a,b\n'])).toEqual([]);
  });
});
