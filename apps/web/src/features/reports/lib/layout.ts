import type { ReportResponse } from '@dossier/shared';

/**
 * Half width for reports declared so (`layout_width: 6`), two to a row; one with no half-width neighbour to
 * pair with takes the whole row rather than leave half of it empty.
 */
export function halfWidths(reports: readonly Pick<ReportResponse, 'layout_width'>[]): boolean[] {
  const out = reports.map(() => false);
  let run = 0;
  reports.forEach((r, i) => {
    run = r.layout_width === 6 ? run + 1 : 0;
    if (run % 2 === 0 && run > 0) out[i - 1] = out[i] = true;
  });
  return out;
}
