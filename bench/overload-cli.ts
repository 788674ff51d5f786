/**
 * npm run bench:overload -w @dossier/bench [-- --port 3990]: only the overload run, on PostgreSQL
 * (BENCH_DATABASE_URL, default the local test database) and on PGlite; its section of
 * bench/RESULTS.md is replaced (or added), the other sections are kept.
 */
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { machineLine } from './machine';
import { overloadRun, overloadTable } from './overload';
import { writeSection } from './results-file';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const i = process.argv.indexOf('--port');
const port = i >= 0 ? Number(process.argv[i + 1]) : 3990;
const log = (line: string) => process.stdout.write(`${line}\n`);

const url = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const figures = [
  ...(await overloadRun(root, port, { kind: 'postgres', url }, log)),
  ...(await overloadRun(root, port, { kind: 'pglite' }, log)),
];
const section = [...overloadTable(figures), `Run ${new Date().toISOString()} on ${machineLine()}.`, ''];
await writeSection(section);
log(section.join('\n'));
