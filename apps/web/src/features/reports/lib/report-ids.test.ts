import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * What the web decides about a report or a dashboard comes from the server's catalogue (its answer's
 * `presentation`, the side menu): no source file keeps a list of their ids or compares one with an id.
 */
const RULES: readonly { why: string; pattern: RegExp }[] = [
  { why: 'a constant of report or dashboard ids', pattern: /\b[A-Z0-9_]*(REPORT|DASHBOARD)S?_IDS?\b/ },
  { why: 'a list of reports, dashboards or pages', pattern: /\b[A-Z0-9_]+_(REPORTS|DASHBOARDS|PAGES)\b/ },
  { why: 'a table keyed by report id', pattern: /Record<number,/ },
  { why: 'an id compared with a number', pattern: /\b\w*(id|Id|ID)\s*[!=]==?\s*\d|\d\s*[!=]==?\s*[\w.]*(id|Id|ID)\b/ },
  {
    why: 'a report or dashboard id looked up in a list',
    pattern: /\.(includes|has|indexOf)\(\s*[\w.]*(report|dashboard|page)_?id\s*\)|(report|dashboard)\w*\.(includes|has|indexOf)\(/i,
  },
  { why: 'an address of a fixed report or dashboard', pattern: /\/(reports|dashboard)\/\d/ },
];

const offence = (line: string): string | undefined => RULES.find((r) => r.pattern.test(line))?.why;

describe('the web app', () => {
  it('recognises the id lists and comparisons it used to keep', () => {
    for (const line of [
      'export const EXECUTIVE_REPORT_ID = 37;',
      'export { DASHBOARD_SCREEN_REPORT_IDS } from',
      'export const SERVER_PAGED_REPORTS: readonly number[] = [37, 38];',
      'export const RENEWAL_DUES_LINK_PAGES: readonly number[] = [1, 11, 37];',
      'export const ROW_ACTIONS: Readonly<Record<number, readonly RowAction[]>> = {',
      'if (pageId === 37) return null;',
      "const query = config.dateResetIds.includes(dashboard.dashboard_id) ? '' : dates;",
      'return `/reports/38/`;',
    ])
      expect(offence(line), line).toBeDefined();
    for (const line of ['const actions = report.presentation.row_actions;', 'ALL.filter((id) => value.includes(id))'])
      expect(offence(line), line).toBeUndefined();
  });

  it('keeps no report or dashboard id lists and compares no ids: the catalogue says', () => {
    const root = join(dirname(fileURLToPath(import.meta.url)), '../../../../../..');
    const dir = 'apps/web/src';
    const offenders: string[] = [];
    for (const entry of readdirSync(join(root, dir), { recursive: true, withFileTypes: true })) {
      if (!entry.isFile() || !/\.tsx?$/.test(entry.name) || /\.test\.tsx?$/.test(entry.name)) continue;
      const path = relative(root, join(entry.parentPath, entry.name));
      readFileSync(join(root, path), 'utf8')
        .split('\n')
        .forEach((line, i) => {
          const why = offence(line);
          if (why) offenders.push(`${path}:${i + 1}: ${why}: ${line.trim()}`);
        });
    }
    expect(offenders).toEqual([]);
  });
});
