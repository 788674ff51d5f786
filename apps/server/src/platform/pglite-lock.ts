import { closeSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';

/** The embedded database is already open in another live process (the server, or another CLI run). */
export class DatabaseInUseError extends Error {
  constructor(
    readonly dir: string,
    readonly pid: number,
  ) {
    super(
      `The embedded database in ${dir} is in use by another Dossier process (pid ${pid}, usually the running server). ` +
        'Stop that process and try again, or use PostgreSQL (DATABASE_URL), where the server and the command line can work at the same time.',
    );
    this.name = 'DatabaseInUseError';
  }
}

function alive(pid: number): boolean {
  if (pid === process.pid) return false;
  try {
    process.kill(pid, 0);
  } catch (err) {
    // EPERM: the process exists but belongs to someone else.
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
  try {
    // A pid left by a crash may since belong to an unrelated program.
    return /node|tsx/.test(readFileSync(`/proc/${pid}/cmdline`, 'utf8'));
  } catch {
    return true;
  }
}

/**
 * Two processes opening one PGlite directory would corrupt it: the first writes its pid to `<dir>.lock` and
 * later ones are refused while it lives; a stale lock (dead pid) is taken over.
 */
export function lockPgliteDir(dir: string): () => void {
  const path = `${dir}.lock`;
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(path, 'wx');
      writeSync(fd, String(process.pid));
      closeSync(fd);
      const release = () => rmSync(path, { force: true });
      process.once('exit', release);
      return () => {
        process.removeListener('exit', release);
        release();
      };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const pid = Number(readFileSync(path, 'utf8').trim());
      if (Number.isInteger(pid) && pid > 0 && alive(pid)) throw new DatabaseInUseError(dir, pid);
      rmSync(path, { force: true });
    }
  }
  throw new Error(`Could not lock the embedded database in ${dir}`);
}
