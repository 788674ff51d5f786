import type { ImportEntity, ImportReport } from '@dossier/shared';
import { Readable } from 'node:stream';
import { importRows } from '../apps/server/src/modules/imports/core';
import { csvRows } from '../apps/server/src/modules/imports/readers';
import type { DbHandle } from '../apps/server/src/platform/db';

/** Rows as the CSV text of a file with `header`, in chunks of a thousand lines (as a file is read). */
export function csvOf(header: readonly string[], rows: Iterable<readonly string[]>): Readable {
  return Readable.from(
    (function* () {
      let lines = [header.join(',')];
      for (const r of rows) {
        lines.push(r.join(','));
        if (lines.length >= 1000) {
          yield `${lines.join('\n')}\n`;
          lines = [];
        }
      }
      if (lines.length > 0) yield `${lines.join('\n')}\n`;
    })(),
  );
}

/** Imports CSV text through the import core, as the CLI does; any refused row fails the benchmark. */
export async function importCsv(handle: DbHandle, entity: ImportEntity, input: Readable): Promise<ImportReport> {
  const report = await importRows(handle.db, entity, csvRows(input), { partial: false, dryRun: false, source: 'cli', actor: 'bench' });
  if (!report.applied) throw new Error(`${entity}: ${JSON.stringify(report.errors.slice(0, 3))}`);
  return report;
}
