import {
  addDays,
  BRIEF_RENEWAL_DAYS,
  BRIEF_TOP,
  monthRange,
  ROLE_LIFE_ONLY,
  runRate,
  type BriefMonth,
  type BriefResponse,
} from '@dossier/shared';
import type { Db } from '../../platform/db';
import type { Viewer } from '../../platform/viewer';
import { monthTarget, openWork, renewalsDue, slippingPartners, subtreePremiumByDay, type Lines } from './queries';

/** How many open work items the brief lists. */
const OPEN_WORK_ITEMS = 20;

const paisa = (n: number) => Math.round(n * 100) / 100;

async function theMonth(db: Db, viewer: Viewer, today: string, lines: Lines): Promise<BriefMonth> {
  const start = monthRange(today).start_date;
  const yesterday = addDays(today, -1);
  const weekBefore = addDays(yesterday, -7);
  const first = weekBefore < start ? weekBefore : start;
  const byDay = await subtreePremiumByDay(db, viewer.employeeId, first, today, lines);
  let mtd = 0;
  for (const [day, premium] of byDay) if (day >= start) mtd += premium;
  mtd = paisa(mtd);
  const target = await monthTarget(db, viewer.employeeId, start);
  const r = runRate(mtd, target, today);
  return {
    today,
    start_date: start,
    mtd,
    projected: r.projected,
    target,
    achievement_pct: r.achievement_pct === null ? null : paisa(r.achievement_pct),
    projected_pct: r.projected_pct === null ? null : paisa(r.projected_pct),
    required_per_day: r.required_per_day,
    yesterday: { date: yesterday, premium: paisa(byDay.get(yesterday) ?? 0) },
    week_before: { date: weekBefore, premium: paisa(byDay.get(weekBefore) ?? 0) },
  };
}

/**
 * GET /api/brief/: the viewer's morning (docs/product/brief.md), over their own subtree, under the rules of the
 * reports it draws on: the life-only role sees life business alone.
 */
export async function dailyBrief(db: Db, viewer: Viewer, today: string): Promise<BriefResponse> {
  const lines: Lines = viewer.empRole === ROLE_LIFE_ONLY ? ['life'] : null;
  const renewalEnd = addDays(today, BRIEF_RENEWAL_DAYS);
  const [slipping, renewals, work, month] = await Promise.all([
    slippingPartners(db, viewer.employeeId, today, lines, BRIEF_TOP),
    renewalsDue(db, viewer.employeeId, today, renewalEnd, lines, BRIEF_TOP),
    openWork(db, viewer.employeeId, OPEN_WORK_ITEMS),
    theMonth(db, viewer, today, lines),
  ]);
  return {
    slipping_partners: slipping,
    renewals_due: { start_date: today, end_date: renewalEnd, ...renewals },
    open_work: work,
    month,
  };
}
