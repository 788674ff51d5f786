import { Worker } from 'node:worker_threads';

/** One query's answer, as kysely-pglite-dialect reads it from PGlite. */
interface QueryResult {
  rows: Record<string, unknown>[];
  affectedRows?: number;
}

/** The embedded database running on its own thread (`pglite-worker.mjs`); see there for why. */
export interface PgliteThread {
  query(sql: string, params?: unknown[]): Promise<QueryResult>;
  /** Runs a multi-statement script; the rows of the last statement. */
  exec(sql: string): Promise<Record<string, unknown>[]>;
  /** A gzipped copy of the whole database. */
  dump(): Promise<Blob>;
  /** Closes the database (its files are then complete) and ends the thread, which gives back all its memory. */
  close(): Promise<void>;
}

interface PlainError {
  name: string;
  message: string;
  [field: string]: unknown;
}

type Reply = { id: number; result: unknown } | { id: number; error: PlainError } | { ready: true } | { failed: PlainError };

// An Error again, with PostgreSQL's fields (code, detail, constraint, …) where callers look for them.
const toError = (plain: PlainError) => Object.assign(new Error(plain.message), plain);

/** Starts the thread and opens `dir` ('memory://' or a directory) in it, from `snapshot` when given. */
export function startPgliteThread(dir: string, snapshot?: Blob): Promise<PgliteThread> {
  const worker = new Worker(new URL('./pglite-worker.mjs', import.meta.url), { workerData: { dir, snapshot } });
  // The database never keeps the process alive on its own: shutdown closes it, and a test that forgets to
  // must not hang its run.
  worker.unref();
  const pending = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void }>();
  let next = 0;
  let gone: Error | null = null;
  const call = (op: string, sql?: string, params?: unknown[]) =>
    new Promise<unknown>((resolve, reject) => {
      if (gone) return reject(gone);
      const id = next++;
      pending.set(id, { resolve, reject });
      worker.postMessage({ id, op, sql, params });
    });
  const fail = (err: Error) => {
    gone = err;
    for (const p of pending.values()) p.reject(err);
    pending.clear();
  };

  return new Promise((resolve, reject) => {
    worker.on('error', (err) => {
      fail(err);
      reject(err);
    });
    worker.on('exit', () => fail(new Error('The embedded database has stopped')));
    worker.on('message', (reply: Reply) => {
      if ('ready' in reply) {
        resolve({
          query: async (sql, params) => (await call('query', sql, params)) as QueryResult,
          exec: async (sql) => (await call('exec', sql)) as Record<string, unknown>[],
          dump: async () => (await call('dump')) as Blob,
          close: async () => {
            await call('close');
            await worker.terminate();
          },
        });
      } else if ('failed' in reply) {
        reject(toError(reply.failed));
        void worker.terminate();
      } else {
        const waiting = pending.get(reply.id);
        pending.delete(reply.id);
        if ('error' in reply) waiting?.reject(toError(reply.error));
        else waiting?.resolve(reply.result);
      }
    });
  });
}
