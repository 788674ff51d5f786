/**
 * npm run bench:lighthouse -w @dossier/bench [-- --runs 3 --report-dir /tmp/lighthouse]
 * Only the Lighthouse audit of bench/run.ts: prints the table and, per row, the LCP element and the
 * performance audits that did not pass, which is where to look when a score drops; --report-dir keeps
 * each median run's full result.
 */
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { lighthouseAudit, lighthouseTable } from './lighthouse';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const arg = (name: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
};
const runs = Number(arg('runs') ?? 3);
const log = (line: string) => process.stdout.write(`${line}\n`);

lighthouseAudit(root, { runs, log, reportDir: arg('report-dir') })
  .then((results) => {
    log('');
    log(lighthouseTable(results));
    log('');
    for (const r of results)
      log(`${r.page}, ${r.preset}: LCP element ${r.lcpElement || '?'}; not passing: ${r.failing.join(', ') || 'none'}`);
  })
  .catch((err: unknown) => {
    console.error(err);
    process.exit(1);
  });
