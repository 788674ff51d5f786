import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createMysqlSource,
  createPostgresSource,
  mysqlSourceAvailable,
  postgresSourceAvailable,
  type SourceDb,
} from '../../../test/source-dbs';
import { openSource, type SourceSession, type SourceValues } from './source';

async function readAll(
  session: SourceSession,
  query: string,
  options: { watermark?: string | null; since?: Date | null; batchSize?: number } = {},
) {
  const batches: SourceValues[][] = [];
  for await (const batch of session.read({
    query,
    watermarkColumn: options.watermark ?? null,
    since: options.since ?? null,
    batchSize: options.batchSize ?? 100,
  })) {
    batches.push(batch);
  }
  return batches;
}

async function readError(session: SourceSession, query: string, watermark: string | null = null): Promise<string> {
  try {
    await readAll(session, query, { watermark });
  } catch (err) {
    return err instanceof Error ? err.message : String(err);
  }
  return 'no error';
}

const kinds = [
  { kind: 'postgres' as const, available: postgresSourceAvailable, create: createPostgresSource },
  { kind: 'mysql' as const, available: mysqlSourceAvailable, create: createMysqlSource },
];

for (const { kind, available, create } of kinds) {
  describe.skipIf(!(await available()))(`${kind} source`, () => {
    let src: SourceDb;
    let session: SourceSession;
    let people: string;

    beforeAll(async () => {
      src = await create();
      people = src.table('people');
      if (kind === 'postgres') {
        await src.exec(`create table ${people} (
          code text primary key, name text, age integer, premium numeric(14,2), active boolean, born date,
          changed timestamptz not null, noted timestamp, gone text)`);
        await src.exec(`set time zone 'UTC'`);
      } else {
        await src.exec(`create table ${people} (
          code varchar(20) primary key, name varchar(100), age int, premium decimal(14,2), active bit(1), born date,
          changed timestamp(6) not null default current_timestamp(6), noted datetime(3), gone varchar(10))`);
        await src.exec(`set time_zone = '+00:00'`);
      }
      const rows: unknown[][] = [];
      for (let i = 1; i <= 25; i++) {
        // changed: 2026-03-01 04:30 UTC plus i minutes, i.e. 10:00 + i in Asia/Kolkata.
        const minute = String(30 + i - 1).padStart(2, '0');
        rows.push([
          `P${String(i).padStart(2, '0')}`,
          `Person ${i} ñ`,
          20 + i,
          (1000 + i) / 4,
          i % 2 === 0,
          '1990-05-17',
          `2026-03-01 04:${minute}:00`,
          '2026-03-01 10:15:30.250',
          null,
        ]);
      }
      for (const r of rows) {
        const active = kind === 'postgres' ? r[4] : r[4] ? 1 : 0;
        const marks = kind === 'postgres' ? '$1, $2, $3, $4, $5, $6, $7, $8, $9' : '?, ?, ?, ?, ?, ?, ?, ?, ?';
        await src.exec(`insert into ${people} (code, name, age, premium, active, born, changed, noted, gone) values (${marks})`, [
          r[0],
          r[1],
          r[2],
          r[3],
          active,
          r[5],
          r[6],
          r[7],
          r[8],
        ]);
      }
      session = await openSource(src.url);
    });
    afterAll(async () => {
      await session?.close();
      await src?.drop();
    });

    it('hands every value on as contract text: dates, instants with their offset, naive local times, booleans, numbers', async () => {
      const [batch] = await readAll(
        session,
        `select code, name, age, premium, active, born, changed, noted, gone from ${people} where code = 'P02'`,
      );
      expect(batch).toEqual([
        {
          code: 'P02',
          name: 'Person 2 ñ',
          age: '22',
          premium: '250.50',
          active: 'true',
          born: '1990-05-17',
          // 04:31 UTC is 10:01 in Asia/Kolkata, the session's zone.
          changed: kind === 'postgres' ? '2026-03-01T10:01:00+05:30' : '2026-03-01T10:01:00.000000+05:30',
          noted: kind === 'postgres' ? '2026-03-01T10:15:30.25' : '2026-03-01T10:15:30.250',
          gone: null,
        },
      ]);
    });

    it('reads rows changed at or after the watermark only, in batches of the given size', async () => {
      // 10:05 Asia/Kolkata = 04:35 UTC: rows P06 … P25 (changed 04:35 … 04:54).
      const since = new Date('2026-03-01T04:35:00Z');
      const batches = await readAll(session, `select code, changed from ${people}`, { watermark: 'changed', since, batchSize: 8 });
      expect(batches.map((b) => b.length)).toEqual([8, 8, 4]);
      const codes = batches
        .flat()
        .map((r) => r.code)
        .sort();
      expect(codes).toEqual(Array.from({ length: 20 }, (_, i) => `P${String(i + 6).padStart(2, '0')}`));
      const all = await readAll(session, `select code, changed from ${people};`, { watermark: 'changed', since: null });
      expect(all.flat()).toHaveLength(25);
    });

    it('accepts a query ending in a comment or semicolons', async () => {
      const batches = await readAll(session, `select code, changed from ${people} where code like 'P1%' -- tens\n;;`, {
        watermark: 'changed',
        since: new Date('2026-03-01T00:00:00Z'),
      });
      expect(batches.flat()).toHaveLength(10);
    });

    it('says what is wrong with a query: duplicate column, no watermark column, SQL error', async () => {
      expect(await readError(session, `select code, name as code, changed from ${people}`)).toBe(
        kind === 'postgres'
          ? 'the query returns the column "code" twice; give one of them another name (… as other_name)'
          : "the source query failed: Duplicate column name 'code'",
      );
      expect(await readError(session, `select code, name from ${people}`, 'changed')).toBe(
        'the query has no column "changed" to read changes by (its columns: code, name)',
      );
      expect(await readError(session, `select code from ${src.table('nothing_here')}`)).toMatch(/^the source query failed: .*nothing_here/);
    });

    it('reads only: a query that writes is refused and the table is unchanged', async () => {
      const write =
        kind === 'postgres'
          ? `with gone as (delete from ${people} returning code) select code from gone`
          : `select code from ${people}; delete from ${people}`;
      const error = await readError(session, write);
      expect(error).toMatch(/^the source query failed: /);
      const after = await readAll(session, `select count(*) as n from ${people}`);
      expect(after.flat()).toEqual([{ n: '25' }]);
    });

    it('can stop reading early and read again on the same session', async () => {
      for await (const batch of session.read({
        query: `select code, changed from ${people}`,
        watermarkColumn: null,
        since: null,
        batchSize: 5,
      })) {
        expect(batch).toHaveLength(5);
        break;
      }
      const again = await readAll(session, `select code from ${people}`, { batchSize: 100 });
      expect(again.flat()).toHaveLength(25);
    });
  });
}
