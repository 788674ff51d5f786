import { ANALYTICS_COLUMNS, ANALYTICS_MANAGER_COLUMN, type AnalyticsQuery, type AnalyticsRow } from '@dossier/shared';
import type { Db } from '../../platform/db';
import type { Viewer } from '../../platform/viewer';
import { refuseLifeOnlyRole } from '../../platform/access';
import { kolkataDayEnd, kolkataDayStart } from '@dossier/shared';
import { dmyRangeOrLast30Days } from '../../platform/date-ranges';
import { escapeHtml } from '../../platform/html';
import { mappingCounts } from './queries';

// The count columns: each one's sort value names its field of the query's rows.
const COUNT_COLUMNS = ANALYTICS_COLUMNS.flatMap(({ label, sort }) => (sort === 'manager' ? [] : [{ label, field: sort }]));

/** One page of the dashboard's rows, each carrying the total row count (for `withTotalHeader`). */
export async function mappingAnalytics(db: Db, viewer: Viewer, query: AnalyticsQuery): Promise<(AnalyticsRow & { total_count: string })[]> {
  refuseLifeOnlyRole(viewer, 'Mapping Dashboard');
  const range = dmyRangeOrLast30Days(query.start_date, query.end_date);
  const rows = await mappingCounts(db, viewer.employeeId, kolkataDayStart(range.start), kolkataDayEnd(range.end), query);
  return rows.map((r) => {
    const row: AnalyticsRow & { total_count: string } = {
      // Names come from people: escaped here, and the web sanitises the cell again before rendering it.
      [ANALYTICS_MANAGER_COLUMN]: `<strong>${escapeHtml(r.name)}</strong><br><small>${escapeHtml(r.unique_code)} · ${escapeHtml(r.designation)}</small>`,
      total_count: r.total_count,
    };
    for (const { label, field } of COUNT_COLUMNS) row[label] = Number(r[field]);
    return row;
  });
}
