import type { Rebuild, RebuildTask, Rollup } from './rollup';

type InRunRebuild = Extract<Rebuild, { inRun: unknown }>['inRun'];

/**
 * The roll-ups in an order where each comes after those it depends on: of those whose dependencies are placed, the
 * first as listed. Throws on a name given twice, an unknown dependency or a cycle.
 */
export function rollupOrder(rollups: readonly Rollup[]): Rollup[] {
  const byName = new Map<string, Rollup>();
  for (const r of rollups) {
    if (byName.has(r.name)) throw new Error(`Roll-up ${r.name} is listed twice`);
    byName.set(r.name, r);
  }
  for (const r of rollups) {
    const unknown = r.dependsOn.find((d) => !byName.has(d));
    if (unknown !== undefined) throw new Error(`Roll-up ${r.name} depends on ${unknown}, which is not listed`);
  }
  const placed = new Set<string>();
  const order: Rollup[] = [];
  while (order.length < rollups.length) {
    const next = rollups.find((r) => !placed.has(r.name) && r.dependsOn.every((d) => placed.has(d)));
    if (!next) {
      const left = rollups.filter((r) => !placed.has(r.name)).map((r) => r.name);
      throw new Error(`The roll-ups ${left.join(', ')} depend on each other in a cycle`);
    }
    placed.add(next.name);
    order.push(next);
  }
  return order;
}

const spreadTasks = (rebuild: Rebuild | undefined): readonly RebuildTask[] | null =>
  rebuild && 'spread' in rebuild ? rebuild.spread : null;

/**
 * How a rebuild runs: `spreads`, groups whose tasks read only earlier groups' tables and may run side by side;
 * then `inRun`, in the run's transaction. A spread depending on an in-run roll-up is an error.
 */
export function rebuildPlan(rollups: readonly Rollup[]): { spreads: RebuildTask[][]; inRun: InRunRebuild[] } {
  const order = rollupOrder(rollups);
  const level = new Map<string, number>();
  const afterRun = new Map<string, string | null>();
  const byName = new Map(order.map((r) => [r.name, r]));
  const spreads: RebuildTask[][] = [];
  const inRun: InRunRebuild[] = [];
  for (const r of order) {
    const deps = r.dependsOn.map((d) => byName.get(d)).filter((d): d is Rollup => d !== undefined);
    // A spread roll-up's group follows the groups of what it depends on; one not rebuilt passes its own level on.
    const own = Math.max(0, ...deps.map((d) => (level.get(d.name) ?? 0) + (spreadTasks(d.rebuild) ? 1 : 0)));
    level.set(r.name, own);
    const inRunDep = deps.find((d) => (d.rebuild && 'inRun' in d.rebuild) || afterRun.get(d.name));
    afterRun.set(r.name, inRunDep ? inRunDep.name : null);
    if (!r.rebuild) continue;
    if ('inRun' in r.rebuild) {
      inRun.push(r.rebuild.inRun);
      continue;
    }
    if (inRunDep) throw new Error(`Roll-up ${r.name} is rebuilt in a spread but depends on ${inRunDep.name}, rebuilt in the run`);
    (spreads[own] ??= []).push(...r.rebuild.spread);
  }
  return { spreads: spreads.filter((g) => g.length > 0), inRun };
}
