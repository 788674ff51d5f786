import { PRODUCTS, type ProductDef } from '@dossier/shared';
import { type Rng, Weighted } from './random';
import { INSURERS, type InsurerDef, type Line } from './reference';

/** How each product sells: share of policies, premium range (₹), loan range, renewal and business-type mix. */

export interface ProductEcon {
  def: ProductDef;
  /** Weight in the company mix; with the specialists' tilts the book lands near motor 55%, health 15%, cv 10%, life 8%. */
  mix: number;
  /** Premium range; for life the annual premium, for loans the fee the customer pays. */
  premium: readonly [number, number];
  loan?: readonly [number, number];
}

const ECON: Record<number, Omit<ProductEcon, 'def'>> = {
  9: { mix: 20.7, premium: [800, 3000] },
  10: { mix: 13.8, premium: [6000, 35_000] },
  11: { mix: 2.55, premium: [2500, 15_000] },
  12: { mix: 5.95, premium: [8000, 60_000] },
  13: { mix: 1.5, premium: [3000, 150_000] },
  14: { mix: 1, premium: [2000, 80_000] },
  15: { mix: 1.19, premium: [499, 4999], loan: [50_000, 1_500_000] },
  16: { mix: 0.71, premium: [499, 2999], loan: [50_000, 500_000] },
  17: { mix: 0.48, premium: [999, 4999], loan: [200_000, 1_500_000] },
  18: { mix: 5.75, premium: [199, 999] },
  19: { mix: 1.27, premium: [1500, 8000] },
  20: { mix: 1.27, premium: [3000, 20_000] },
  21: { mix: 1.5, premium: [500, 5000] },
  22: { mix: 2.5, premium: [10_000, 60_000] },
  23: { mix: 2.5, premium: [15_000, 80_000] },
  24: { mix: 1, premium: [8000, 50_000] },
  25: { mix: 2.5, premium: [500, 8000] },
  26: { mix: 1.7, premium: [6000, 40_000] },
  27: { mix: 1.5, premium: [400, 6000] },
  28: { mix: 5.75, premium: [2500, 7500] },
  29: { mix: 11.5, premium: [550, 2900] },
  30: { mix: 5.75, premium: [2100, 8000] },
  31: { mix: 1.5, premium: [5000, 15_000] },
  32: { mix: 1.5, premium: [8000, 45_000] },
  33: { mix: 1, premium: [3000, 12_000] },
  34: { mix: 2.1, premium: [15_000, 60_000] },
  35: { mix: 1.31, premium: [25_000, 150_000] },
  36: { mix: 0.79, premium: [15_000, 80_000] },
};

export const CATALOG: readonly ProductEcon[] = PRODUCTS.map((def) => {
  const econ = ECON[def.product_type_id];
  if (!econ) throw new Error(`demo data: no economics for product ${def.product_type_id}`);
  return { def, ...econ };
});

/** Lines whose policies run a year and come back as renewals. */
export const RENEWABLE_LINES: ReadonlySet<Line> = new Set<Line>(['motor', 'cv', 'health', 'sme']);

/** Chance that a due renewal of the same line is what a partner sells next (rather than new business). */
export const RENEWAL_UPTAKE: Partial<Record<Line, number>> = { motor: 0.55, cv: 0.5, health: 0.6, sme: 0.5 };

const BUSINESS_TYPES: Record<Line, Weighted<number>> = {
  motor: new Weighted([
    [1, 30],
    [2, 48],
    [3, 22],
  ]),
  cv: new Weighted([
    [1, 25],
    [2, 50],
    [3, 25],
  ]),
  health: new Weighted([
    [1, 70],
    [2, 10],
    [3, 20],
  ]),
  sme: new Weighted([
    [1, 50],
    [2, 20],
    [3, 30],
  ]),
  life: new Weighted([[1, 1]]),
  travel: new Weighted([[1, 1]]),
  loan: new Weighted([[1, 1]]),
};

export function businessType(rng: Rng, line: Line): number {
  return BUSINESS_TYPES[line].pick(rng);
}

const INSURER_POOLS = new Map<Line, Weighted<InsurerDef>>();
for (const line of new Set(CATALOG.map((p) => p.def.line))) {
  INSURER_POOLS.set(line, new Weighted(INSURERS.map((i) => [i, i.lines[line] ?? 0] as const)));
}

/** An insurer writing the line; with `other`, one different from it (a rollover switches insurer). */
export function insurerFor(rng: Rng, line: Line, other?: InsurerDef): InsurerDef {
  const pool = INSURER_POOLS.get(line);
  if (!pool) throw new Error(`demo data: no insurer writes ${line}`);
  let insurer = pool.pick(rng);
  for (let k = 0; k < 8 && insurer === other; k++) insurer = pool.pick(rng);
  return insurer;
}

export const PAYMENT_TERMS = new Weighted<number>([
  [5, 15],
  [7, 10],
  [10, 30],
  [12, 15],
  [15, 15],
  [20, 15],
]);
export const INSTALMENTS = new Weighted<readonly [string, number]>([
  [['Monthly', 12], 35],
  [['Quarterly', 4], 15],
  [['Half-Yearly', 2], 10],
  [['Yearly', 1], 40],
]);

// Specialist RMs' partners lean to their line (reporting types 8 health, 9 life, 20-23 hybrids).
const LINE_TILT: Record<number, Partial<Record<Line, number>>> = {
  8: { health: 4 },
  9: { life: 8, motor: 0.3, cv: 0.3 },
  20: { health: 2, life: 2 },
  21: { life: 3 },
  22: { health: 2.5 },
  23: { health: 3, life: 3, motor: 0.5, cv: 0.5 },
};

/**
 * A partner's product mix: the company mix, tilted by the RM's specialty and a personal taste per line,
 * limited to what the partner is certified for (LI for life; GI for general lines; loans need neither).
 */
export function partnerMix(rng: Rng, reportingType: number, li: boolean, gi: boolean): Weighted<ProductEcon> {
  const tilt = LINE_TILT[reportingType] ?? {};
  const taste = new Map<Line, number>();
  const entries = CATALOG.map((p) => {
    const line = p.def.line;
    if (!taste.has(line)) taste.set(line, Math.exp(0.5 * rng.normal()));
    const allowed = line === 'loan' || (line === 'life' ? li : gi);
    return [p, allowed ? p.mix * (tilt[line] ?? 1) * (taste.get(line) ?? 1) : 0] as const;
  });
  return new Weighted(entries);
}

export const COMPANY_MIX = new Weighted(CATALOG.map((p) => [p, p.mix] as const));
