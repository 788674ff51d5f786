import { cpus, totalmem } from 'node:os';

/** One line describing where the numbers were measured. */
export function machineLine(): string {
  const cpu = cpus()[0]?.model ?? 'unknown CPU';
  return `${cpus().length} × ${cpu}, ${(totalmem() / 2 ** 30).toFixed(0)} GiB RAM, Node ${process.version}`;
}
