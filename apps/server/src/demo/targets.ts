import { addMonths, formatDay } from '@dossier/shared';
import type { Org } from './people';
import { MONTHS, type DemoPlan } from './plan';
import type { Achieved } from './policies';
import { at, Rng } from './random';
import type { DemoRow } from './insert';

/** Monthly premium targets for the field hierarchy, and the three zone contests of the current month. */

export type TargetRow = DemoRow<'targets', 'employee_id' | 'month' | 'premium'>;

export type ContestRow = DemoRow<'contests', 'id' | 'name' | 'zone_ids' | 'starts_on' | 'ends_on' | 'target_wp'>;

const TARGETED = new Set(['rm', 'team_lead', 'asm', 'zsm']);
// Whole months of history before the current (partial) month.
const FULL_MONTHS = MONTHS - 1;

function roundTo(value: number, step: number): number {
  return Math.round(value / step) * step;
}

/**
 * An RM's or team lead's own target follows what they actually sold on average, rising over the
 * window (targets grow yearly) with some noise; managers carry the sum of their teams.
 */
export function buildTargets(plan: DemoPlan, org: Org, achieved: Achieved): TargetRow[] {
  const rng = new Rng(plan.seed, 'targets');
  const n = org.employees.length;
  const target = new Float64Array(n * MONTHS);
  for (const e of org.employees) {
    if (e.designation !== 'rm' && e.designation !== 'team_lead') continue;
    let sum = 0;
    for (let m = 0; m < FULL_MONTHS; m++) sum += at(achieved.premium, (e.id - 1) * MONTHS + m);
    const average = sum / FULL_MONTHS;
    for (let m = 0; m < MONTHS; m++) {
      const own = average * (0.9 + (0.25 * m) / FULL_MONTHS) * rng.between(0.95, 1.12);
      target[(e.id - 1) * MONTHS + m] = Math.max(25_000, roundTo(own, 5000));
    }
  }
  // Reports come after their manager, so a backwards pass adds each subtotal to its manager in time.
  for (let i = n - 1; i >= 0; i--) {
    const e = at(org.employees, i);
    const manager = e.manager_id === null ? null : at(org.employees, e.manager_id - 1);
    if (!TARGETED.has(e.designation) || !manager || !TARGETED.has(manager.designation)) continue;
    for (let m = 0; m < MONTHS; m++) {
      const cell = (manager.id - 1) * MONTHS + m;
      target[cell] = at(target, cell) + at(target, (e.id - 1) * MONTHS + m);
    }
  }
  const rows: TargetRow[] = [];
  for (const e of org.employees) {
    if (!TARGETED.has(e.designation)) continue;
    plan.months.forEach((month, m) => {
      rows.push({ employee_id: e.id, month: formatDay(month), premium: `${at(target, (e.id - 1) * MONTHS + m)}.00` });
    });
  }
  return rows;
}

// Demo data only: an instance without the demo has the contests it imports. Their ids are their boards' report
// ids, 32–34 since the first catalogue, so links saved to them keep opening them.
const CONTESTS = [
  { id: 32, name: 'North & west zone contest', zone_ids: [1, 2] },
  { id: 33, name: 'South zone contest', zone_ids: [3] },
  { id: 34, name: 'East zone contest', zone_ids: [4] },
] as const;

/** Each contest runs over the current month; its target is a stretch on a typical RM's monthly WP there. */
export function buildContests(plan: DemoPlan, org: Org, achieved: Achieved): ContestRow[] {
  const current = at(plan.months, MONTHS - 1);
  return CONTESTS.map((c) => {
    const rms = org.rms.filter((r) => (c.zone_ids as readonly number[]).includes(r.zoneId));
    let wp = 0;
    for (const rm of rms) for (let m = FULL_MONTHS - 3; m < FULL_MONTHS; m++) wp += at(achieved.wp, (rm.id - 1) * MONTHS + m);
    const perRmMonth = wp / Math.max(1, rms.length) / 3;
    return {
      id: c.id,
      name: c.name,
      zone_ids: [...c.zone_ids],
      starts_on: formatDay(current),
      ends_on: formatDay(addMonths(current, 1) - 1),
      target_wp: `${Math.max(25_000, roundTo(perRmMonth * 1.15, 5000))}.00`,
    };
  });
}
