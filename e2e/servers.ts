/**
 * The portal servers of a browser run: one per Playwright worker, each on its own port with its own data
 * directory, so tests running side by side never see each other's changes (a worker's tests see only what
 * the files before them in that worker did, as in a run with one worker).
 */

// Parallel runs on one machine each need their own port and data directory (a run wipes its directories
// on start); CI keeps the defaults.
const BASE_PORT = Number(process.env.E2E_PORT ?? 3100);
const BASE_DATA_DIR = process.env.E2E_DATA_DIR ?? '.data-e2e';
// It is removed with rm -rf on start: a plain relative path below e2e/ (e.g. .data-e2e-2), never a parent.
if (!/^[\w.-]+(\/[\w.-]+)*$/.test(BASE_DATA_DIR) || BASE_DATA_DIR.split('/').some((p) => p === '.' || p === '..')) {
  throw new Error(`E2E_DATA_DIR must be a plain relative path below e2e/ without . or .. parts, not '${BASE_DATA_DIR}'`);
}

/**
 * One worker unless E2E_WORKERS asks for more (never with DATABASE_URL: the servers would share the database).
 * On two cores two workers saved a minute of twelve, but the slowest tests then ran past their timeouts.
 */
export const WORKERS = process.env.DATABASE_URL ? 1 : Number(process.env.E2E_WORKERS ?? 1);

export const serverPort = (worker: number): number => BASE_PORT + worker;
/** Relative to e2e/. */
export const serverDataDir = (worker: number): string => (worker === 0 ? BASE_DATA_DIR : `${BASE_DATA_DIR}-w${worker}`);
export const serverUrl = (worker: number): string => `http://127.0.0.1:${serverPort(worker)}`;
