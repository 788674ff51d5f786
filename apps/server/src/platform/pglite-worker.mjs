// The embedded database (PGlite) on a thread of its own. PGlite runs each query synchronously on the thread
// that owns it; on the server's thread, a 300 ms report query would hold up every other request (/healthz,
// sign-in, the refusals of the heavy-report bound). Here it only holds up the next query, as a busy
// PostgreSQL would. Plain JavaScript, so that the same file runs under tsx, vitest and the built server.
// The protocol (platform/pglite-thread.ts): { id, op: 'query' | 'exec' | 'dump', sql, params } in,
// { id, result } or { id, error } out; 'ready' or 'failed' once at the start.
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';

/** What survives the trip to the server's thread: the message plus PostgreSQL's fields (code, detail, …). */
const plainError = (err) =>
  err instanceof Error ? { ...err, name: err.name, message: err.message } : { name: 'Error', message: String(err) };

/** The copy of db.ts's parseInt8 (this file runs as plain JavaScript and imports no TypeScript). */
const parseInt8 = (text) => {
  const n = Number(text);
  if (!Number.isSafeInteger(n)) throw new RangeError(`int8 value ${text} is beyond JavaScript's safe integers`);
  return n;
};

let db;
try {
  db = await PGlite.create(workerData.dir, {
    // Dates stay 'yyyy-MM-dd' strings: a JS Date would shift them by the server's time zone. int8 is a number,
    // as on pg (parseInt8 in db.ts): PGlite's own parser would give a bigint past 2^53 instead of failing.
    parsers: { 1082: (v) => v, 20: parseInt8 },
    ...(workerData.snapshot ? { loadDataDir: workerData.snapshot } : {}),
  });
} catch (err) {
  parentPort.postMessage({ failed: plainError(err) });
}

if (db) {
  parentPort.on('message', async ({ id, op, sql, params }) => {
    try {
      let result;
      if (op === 'query') {
        const r = await db.query(sql, params);
        result = { rows: r.rows, affectedRows: r.affectedRows };
      } else if (op === 'exec') {
        result = (await db.exec(sql)).at(-1)?.rows ?? [];
      } else if (op === 'dump') {
        result = await db.dumpDataDir('gzip');
      } else {
        await db.close();
        result = null;
      }
      parentPort.postMessage({ id, result });
    } catch (err) {
      parentPort.postMessage({ id, error: plainError(err) });
    }
  });
  parentPort.postMessage({ ready: true });
}
