/**
 * Seeded randomness for the demo generator. Every generator stage draws from its own stream
 * (seed + label), so changing how one stage consumes numbers never shifts the data of another.
 */

/** Element i of a list, or a thrown error: the generator's indexes are always in range. */
export function at<T>(items: ArrayLike<T>, index: number): T {
  const value = items[index];
  return value === undefined ? outOfRange(index, items.length) : value;
}

// Apart from `at`, whose body then stays small enough for V8 to inline into the generator's loops.
function outOfRange(index: number, length: number): never {
  throw new Error(`demo data: index ${index} out of range ${length}`);
}

// FNV-1a over the label, mixed with the seed's two 32-bit halves (seeds may exceed 2^32).
function hashSeed(seed: number, label: string, salt: number): number {
  let h = (2166136261 ^ salt) >>> 0;
  const text = `${label}:${Math.floor(seed / 4294967296) >>> 0}:${seed >>> 0}`;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619) >>> 0;
  h = Math.imul(h ^ (h >>> 16), 2246822507) >>> 0;
  h = Math.imul(h ^ (h >>> 13), 3266489909) >>> 0;
  return (h ^ (h >>> 16)) >>> 0;
}

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/** sfc32: small, fast, and good enough statistically for synthetic data. */
export class Rng {
  private a: number;
  private b: number;
  private c: number;
  private d: number;

  constructor(seed: number, label: string) {
    this.a = hashSeed(seed, label, 1);
    this.b = hashSeed(seed, label, 2);
    this.c = hashSeed(seed, label, 3);
    this.d = 1;
    for (let i = 0; i < 15; i++) this.next();
  }

  /** Uniform in [0, 1). */
  next(): number {
    const t = (((this.a + this.b) | 0) + this.d) | 0;
    this.d = (this.d + 1) | 0;
    this.a = this.b ^ (this.b >>> 9);
    this.b = (this.c + (this.c << 3)) | 0;
    this.c = (this.c << 21) | (this.c >>> 11);
    this.c = (this.c + t) | 0;
    return (t >>> 0) / 4294967296;
  }

  /** Integer in [min, max], both included. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  between(min: number, max: number): number {
    return min + this.next() * (max - min);
  }

  chance(p: number): boolean {
    return this.next() < p;
  }

  pick<T>(items: readonly T[]): T {
    return at(items, Math.floor(this.next() * items.length));
  }

  /** Standard normal (Box-Muller). */
  normal(): number {
    const u = 1 - this.next();
    return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * this.next());
  }

  /** Log-normal between min and max: most values near the geometric mean, a long tail both ways. */
  amount(min: number, max: number): number {
    const lo = Math.log(min);
    const hi = Math.log(max);
    const v = Math.exp((lo + hi) / 2 + ((hi - lo) / 4) * this.normal());
    return Math.min(max, Math.max(min, v));
  }

  digits(n: number): string {
    let s = '';
    for (let i = 0; i < n; i++) s += String(Math.floor(this.next() * 10));
    return s;
  }

  base62(n: number): string {
    let s = '';
    for (let i = 0; i < n; i++) s += BASE62.charAt(Math.floor(this.next() * 62));
    return s;
  }
}

/** A weighted choice, prepared once and drawn many times (binary search over cumulative weights). */
export class Weighted<T> {
  private readonly items: T[];
  private readonly cum: Float64Array;

  constructor(entries: readonly (readonly [T, number])[]) {
    const kept = entries.filter(([, w]) => w > 0);
    if (kept.length === 0) throw new Error('demo data: weighted choice without positive weights');
    this.items = kept.map(([item]) => item);
    this.cum = new Float64Array(kept.length);
    let total = 0;
    kept.forEach(([, w], i) => {
      total += w;
      this.cum[i] = total;
    });
  }

  pick(rng: Rng): T {
    return at(this.items, lowerBound(this.cum, rng.next() * at(this.cum, this.cum.length - 1)));
  }
}

/** First index whose cumulative value exceeds x (x below the last value). */
export function lowerBound(cum: Float64Array, x: number): number {
  let lo = 0;
  let hi = cum.length - 1;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (cum[mid]! > x) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}
