import type { ReportRecord } from '@dossier/shared';
import { COL } from '../columns';
import { growth, round2, type QueryContext } from '../context';
import { type FactScope } from './facts';
import { rollupByChild, type ChildRow } from './rollup';

export type TeamMeasure = 'nop' | 'premium' | 'wp' | 'loan';
const TITLE: Record<TeamMeasure, string> = { nop: COL.nop, premium: COL.premium, wp: COL.wp, loan: COL.loan };

export function teamColumns(measures: readonly TeamMeasure[], withGrowth: boolean): string[] {
  return [COL.userId, COL.name, ...measures.map((m) => TITLE[m]), ...(withGrowth ? [COL.premiumGrowth, COL.nopGrowth] : [])];
}

function record(row: ChildRow, measures: readonly TeamMeasure[]): ReportRecord {
  const rec: ReportRecord = { [COL.userId]: row.code ?? '-', [COL.name]: row.name };
  for (const m of measures) rec[TITLE[m]] = m === 'nop' ? row.nop : round2(row[m]);
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
      [COL.premiumGrowth]: growth(r.premium, before?.premium ?? 0),
      [COL.nopGrowth]: growth(r.nop, before?.nop ?? 0),
    };
  });
}
