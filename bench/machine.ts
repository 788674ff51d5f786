import { readdirSync, readFileSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';

/** One line describing where the numbers were measured. */
export function machineLine(): string {
  const cpu = cpus()[0]?.model ?? 'unknown CPU';
  return `${cpus().length} × ${cpu}, ${(totalmem() / 2 ** 30).toFixed(0)} GiB RAM, Node ${process.version}`;
}

// Linux reports process times in clock ticks of 1/100 s (USER_HZ).
const TICKS_PER_SECOND = 100;

/**
 * CPU seconds (user and system) used so far by every process of this machine whose command is `command`, from
 * /proc: for the PostgreSQL server on the same machine, its backends and background processes together. Processes
 * that ended are not counted, so take it around a run whose sessions stay open (a pool).
 */
export function cpuSecondsOf(command: string): number {
  let ticks = 0;
  for (const pid of readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
    let stat: string;
    try {
      stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    } catch {
      continue;
    }
    // pid (comm) state … : the fields after the command's closing parenthesis, utime and stime the 12th and 13th.
    const close = stat.lastIndexOf(')');
    if (stat.slice(stat.indexOf('(') + 1, close) !== command) continue;
    const fields = stat.slice(close + 2).split(' ');
    ticks += Number(fields[11]) + Number(fields[12]);
  }
  return ticks / TICKS_PER_SECOND;
}
