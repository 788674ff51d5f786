import { describe, expect, it } from 'vitest';
import { formatDay, parseDay } from '@dossier/shared';
import { makePlan, monthIndex } from './plan';
import { Rng } from './random';

describe('demo plan', () => {
  it('plans 24 months ending with the anchor month and data up to the day before', () => {
    const plan = makePlan(1, 1, '2026-05-20');
    expect(formatDay(plan.start)).toBe('2024-06-01');
    expect(formatDay(plan.end)).toBe('2026-05-19');
    expect(plan.months.map(formatDay).at(-1)).toBe('2026-05-01');
    expect(monthIndex(plan, parseDay('2026-05-19'))).toBe(23);
    expect(() => makePlan(1, 0, '2026-05-20')).toThrow(/scale/);
  });

  it('draws the same numbers for the same seed and label only', () => {
    const draw = (seed: number, label: string) =>
      Array.from(
        { length: 5 },
        (
          (r) => () =>
            r.next()
        )(new Rng(seed, label)),
      );
    expect(draw(5, 'a')).toEqual(draw(5, 'a'));
    expect(draw(5, 'a')).not.toEqual(draw(5, 'b'));
    expect(draw(5, 'a')).not.toEqual(draw(6, 'a'));
  });
});
