import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { parseString } from '@fast-csv/parse';
import { describe, expect, it } from 'vitest';
import { csvStream } from './csv';
import type { Row } from './escape';

async function csvText(columns: Parameters<typeof csvStream>[0], rows: Iterable<Row> | AsyncIterable<Row>): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const chunk of csvStream(columns, rows)) parts.push(chunk as Buffer);
  return Buffer.concat(parts);
}

function parseCsv(text: string): Promise<string[][]> {
  return new Promise((resolve, reject) => {
    const out: string[][] = [];
    parseString<string[], string[]>(text)
      .on('data', (r: string[]) => out.push(r))
      .on('error', reject)
      .on('end', () => resolve(out));
  });
}

describe('csv', () => {
  it('round-trips quotes, commas, newlines and unicode, escaping formulas but not numbers', async () => {
    const rows: Row[] = [
      { name: 'Asha "AK" Kumar', city: 'Pune, MH', note: 'line1\nline2', premium: 1200.5 },
      { name: 'राहुल', city: '₹ zone', note: '=SUM(A1:A9)', premium: -350 },
      { name: 'crlf', city: 'a\r\nb', note: null, premium: 0 },
    ];
    const bytes = await csvText(['name', 'city', 'note', { key: 'premium', header: 'Premium (₹)' }], rows);
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = bytes.toString('utf8').slice(1);
    expect(text.endsWith('\r\n')).toBe(true);
    expect(text).toContain('\r\n"Asha ""AK"" Kumar","Pune, MH"');
    expect(await parseCsv(text)).toEqual([
      ['name', 'city', 'note', 'Premium (₹)'],
      ['Asha "AK" Kumar', 'Pune, MH', 'line1\nline2', '1200.5'],
      ['राहुल', '₹ zone', "'=SUM(A1:A9)", '-350'],
      ['crlf', 'a\r\nb', '', '0'],
    ]);
  });

  it('reads async row sources and writes only the header for no rows', async () => {
    async function* rows(): AsyncGenerator<Row> {
      yield { a: 1 };
      yield { a: '@x' };
    }
    expect((await csvText(['a'], rows())).toString('utf8')).toBe("\uFEFFa\r\n1\r\n'@x\r\n");
    expect((await csvText(['a', 'b'], [])).toString('utf8')).toBe('\uFEFFa,b\r\n');
  });

  it('streams 100,000 wide rows with flat memory', async () => {
    const columns = Array.from({ length: 10 }, (_, i) => `c${i}`);
    const filler = 'x'.repeat(40);
    function* rows(): Generator<Row> {
      for (let i = 0; i < 100_000; i++) {
        const row: Row = {};
        for (const c of columns) row[c] = `${c}-${i}-${filler}, "₹"`;
        row.c0 = i;
        yield row;
      }
    }
    // What the stream holds, not garbage not yet collected (how much of it waits depends on Node's collector).
    setFlagsFromString('--expose-gc');
    const gc = runInNewContext('gc') as () => void;
    gc();
    const before = process.memoryUsage().heapUsed;
    let peak = before;
    let bytes = 0;
    let sampledAt = 0;
    const sink = new Writable({
      write(chunk: Buffer, _enc, done) {
        bytes += chunk.length;
        // Sampled by bytes, not chunks: a writer may send a row or 64 KiB at a time.
        if (bytes - sampledAt >= 2_000_000) {
          sampledAt = bytes;
          gc();
          peak = Math.max(peak, process.memoryUsage().heapUsed);
        }
        done();
      },
    });
    await pipeline(csvStream(columns, rows()), sink);
    // About 60 MB of CSV went through; holding it would show as far more heap than this.
    expect(bytes).toBeGreaterThan(50_000_000);
    expect(peak - before).toBeLessThan(50 * 1024 * 1024);
  });
});
