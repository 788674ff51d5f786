import { LINE_REPORTING_TYPE, PRODUCT_LINES, REPORTING_TYPE_LINES, type ProductLine } from '@dossier/shared';
import { sql } from 'kysely';
import type { Db } from '../../platform/db';

/**
 * A manager's specialty: the reporting type most of their current partners are mapped with. Managers without
 * partners have none and are offered for every line.
 */
export async function specialties(db: Db, managerIds: readonly number[]): Promise<Map<number, number>> {
  if (managerIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('partner_mappings')
    .select(['manager_id', 'reporting_type', sql<number>`count(*)::int`.as('n')])
    .where('valid_to', 'is', null)
    .where('manager_id', 'in', managerIds)
    .groupBy(['manager_id', 'reporting_type'])
    .orderBy('manager_id')
    .orderBy(sql`count(*)`, 'desc')
    .orderBy('reporting_type')
    .execute();
  const result = new Map<number, number>();
  for (const r of rows) if (!result.has(r.manager_id)) result.set(r.manager_id, r.reporting_type);
  return result;
}

/** The lines a manager with this specialty serves (all of them for a generalist). */
export function linesOf(specialty: number | undefined): readonly ProductLine[] {
  return specialty === undefined ? PRODUCT_LINES : (REPORTING_TYPE_LINES[specialty] ?? PRODUCT_LINES);
}

/** The line a request defaults to when the requester does not choose one. */
export function primaryLine(specialty: number | undefined): ProductLine {
  return linesOf(specialty)[0] ?? 'motor';
}

/** Reporting type of a new mapping for `line`: the manager's specialty when it serves the line. */
export function reportingTypeFor(line: ProductLine, specialty: number | undefined): number {
  return specialty !== undefined && linesOf(specialty).includes(line) ? specialty : LINE_REPORTING_TYPE[line];
}

export function isProductLine(text: string): text is ProductLine {
  return (PRODUCT_LINES as readonly string[]).includes(text);
}
