/**
 * npm run bench:lighthouse -w @dossier/bench [-- --runs 3 --report-dir /tmp/lighthouse --only /dashboard:mobile,/login:mobile --connections h2,http1]
 * Only the Lighthouse audit of bench/run.ts: prints the table and, per row, the LCP element and the
 * performance audits that did not pass, which is where to look when a score drops; --report-dir keeps
 * each median run's full result.
 */
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CONNECTION_LABEL, lighthouseAudit, lighthouseTable, type LighthouseConnection } from './lighthouse';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const arg = (name: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
};
const runs = Number(arg('runs') ?? 3);
const log = (line: string) => process.stdout.write(`${line}\n`);
const connections = arg('connections')
  ?.split(',')
  .filter((c): c is LighthouseConnection => c in CONNECTION_LABEL);

lighthouseAudit(root, { runs, log, reportDir: arg('report-dir'), only: arg('only')?.split(','), connections })
  .then((results) => {
    log('');
    log(lighthouseTable(results));
    log('');
    for (const r of results)
      log(
        `${r.page}, ${r.preset}, ${CONNECTION_LABEL[r.connection]}: LCP element ${r.lcpElement || '?'}; not passing: ${r.failing.join(', ') || 'none'}`,
      );
  })
  .catch((err: unknown) => {
    console.error(err);
    process.exit(1);
  });
