import {
  ANALYTICS_MANAGER_COLUMN,
  ANALYTICS_OFFLINE_COLUMNS,
  ANALYTICS_ONLINE_COLUMNS,
  type AnalyticsQuery,
  type AnalyticsRow,
} from '@dossier/shared';
import type { Db } from '../../platform/db';
import type { Viewer } from '../../platform/viewer';
import { refuseLifeOnlyRole } from '../../platform/access';
import { kolkataDayEnd, kolkataDayStart } from '@dossier/shared';
import { dmyRangeOrLast30Days } from '../../platform/date-ranges';
import { mappingCounts, type MappingCountsRow } from './queries';

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
/** Names come from people: escaped here, and the web sanitises the cell again before rendering it. */
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (ch) => ESCAPES[ch] ?? ch);

type Counts = Omit<MappingCountsRow, 'name' | 'unique_code' | 'designation' | 'total_count'>;
const ONLINE_KEYS: readonly (keyof Counts)[] = ['raised', 'accepted', 'rejected', 'pending', 'cancelled', 'motor', 'health', 'life'];
const OFFLINE_KEYS: readonly (keyof Counts)[] = ['bulk', 'total_offline'];

export async function mappingAnalytics(db: Db, viewer: Viewer, query: AnalyticsQuery): Promise<{ rows: AnalyticsRow[]; total: number }> {
  refuseLifeOnlyRole(viewer, 'Mapping Dashboard');
  const range = dmyRangeOrLast30Days(query.start_date, query.end_date);
  const rows = await mappingCounts(db, viewer.employeeId, kolkataDayStart(range.start), kolkataDayEnd(range.end), query);
  const out = rows.map((r) => {
    const row: AnalyticsRow = {
      [ANALYTICS_MANAGER_COLUMN]: `<strong>${escapeHtml(r.name)}</strong><br><small>${escapeHtml(r.unique_code)} · ${escapeHtml(r.designation)}</small>`,
    };
    ANALYTICS_ONLINE_COLUMNS.forEach((column, i) => (row[column] = Number(r[ONLINE_KEYS[i] ?? 'raised'])));
    ANALYTICS_OFFLINE_COLUMNS.forEach((column, i) => (row[column] = Number(r[OFFLINE_KEYS[i] ?? 'bulk'])));
    return row;
  });
  return { rows: out, total: rows[0] ? Number(rows[0].total_count) : 0 };
}
