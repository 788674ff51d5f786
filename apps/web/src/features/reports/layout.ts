import type { ReportResponse } from '@dossier/shared';
import { HALF_WIDTH_REPORTS, listed } from './config';

const isHalf = (r: Pick<ReportResponse, 'report_name' | 'layout_width'>) =>
  listed(HALF_WIDTH_REPORTS, r.report_name) || r.layout_width === 6;

/**
 * Half width for the listed summaries, two to a row; a half-width table with no half-width neighbour to
 * pair with (alone on the page, between full-width ones, or the odd one at the end of a run) takes the
 * whole row rather than leave half of it empty.
 */
export function halfWidths(reports: readonly Pick<ReportResponse, 'report_name' | 'layout_width'>[]): boolean[] {
  const out = reports.map(() => false);
  let run = 0;
  reports.forEach((r, i) => {
    run = isHalf(r) ? run + 1 : 0;
    if (run % 2 === 0 && run > 0) out[i - 1] = out[i] = true;
  });
  return out;
}
