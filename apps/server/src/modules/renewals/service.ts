import type { RenewalDueRow, RenewalsDueQuery } from '@dossier/shared';
import type { Db } from '../../platform/db';
import type { Viewer } from '../../platform/viewer';
import { isoRangeOrCurrentMonth } from '../../platform/date-ranges';
import { renewalsDue } from './queries';

export async function lifeRenewalsDue(
  db: Db,
  viewer: Viewer,
  query: RenewalsDueQuery,
): Promise<(RenewalDueRow & { total_count: string })[]> {
  const range = isoRangeOrCurrentMonth(query.start_date, query.end_date);
  const rows = await renewalsDue(db, viewer.employeeId, range, query);
  return rows.map((r) => ({
    proposal__partner__code: r.code,
    due_renewals_nop: r.nop,
    due_renewals_premium: Number(r.premium),
    total_count: r.total_count,
  }));
}
