import type { ReportColumnDef, ReportRecord } from '@dossier/shared';
import { COL, GROWTH_COLUMNS, LOAN_COLUMN, NAME_COLUMN, NOP_COLUMN, PREMIUM_COLUMN, USER_ID_COLUMN, WP_COLUMN } from '../columns';
import { growth, round2, type QueryContext } from '../context';
import { type FactScope } from './facts';
import { rollupByChild, type ChildRow } from './rollup';

export type TeamMeasure = 'nop' | 'premium' | 'wp' | 'loan';

const MEASURE_COLUMN: Record<TeamMeasure, ReportColumnDef> = { nop: NOP_COLUMN, premium: PREMIUM_COLUMN, wp: WP_COLUMN, loan: LOAN_COLUMN };

export function teamColumns(measures: readonly TeamMeasure[], withGrowth: boolean): ReportColumnDef[] {
  return [USER_ID_COLUMN, NAME_COLUMN, ...measures.map((m) => MEASURE_COLUMN[m]), ...(withGrowth ? GROWTH_COLUMNS : [])];
}

function record(row: ChildRow, measures: readonly TeamMeasure[]): ReportRecord {
  const rec: ReportRecord = { [COL.userId]: row.code ?? '-', [COL.name]: row.name };
  for (const m of measures) rec[MEASURE_COLUMN[m].key] = m === 'nop' ? row.nop : round2(row[m]);
  rec[COL.accountId] = row.code;
  return rec;
}

/** Team roll-up rows (reports 11, 18-21, 23, 36): one per direct report or partner, optional growth. */
export async function teamReport(
  ctx: QueryContext,
  scope: FactScope,
  measures: readonly TeamMeasure[],
  withGrowth: boolean,
): Promise<ReportRecord[]> {
  const current = await rollupByChild(ctx, ctx.range, scope);
  if (!withGrowth) return current.map((r) => record(r, measures));
  const previous = new Map((await rollupByChild(ctx, ctx.previous, scope)).map((r) => [r.code ?? '', r]));
  return current.map((r) => {
    const before = previous.get(r.code ?? '');
    return {
      ...record(r, measures),
      [COL.premiumGrowth]: growth(r.premium, before?.premium ?? 0, 'rupees'),
      [COL.nopGrowth]: growth(r.nop, before?.nop ?? 0, 'count'),
    };
  });
}
