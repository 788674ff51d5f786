import { describe, expect, it } from 'vitest';
import { buildPartners } from './partners';
import { buildOrg } from './people';
import { makePlan } from './plan';

describe('demo partners', () => {
  // Today is the 4th: the month so far is the 1st to the 3rd, business ending yesterday.
  const plan = makePlan(7, 1, '2026-12-04');
  const book = buildPartners(plan, buildOrg(plan));

  it('registers partners up to yesterday, so the month so far has recruits from its second day on', () => {
    const days = book.rows.map((p) => p.registered_at);
    expect(days.filter((d) => d >= '2026-12-04')).toEqual([]);
    expect(days).toContain('2026-12-03');
  });

  it('closes a mapping only after it was opened, for partners registered up to yesterday too', () => {
    // Closed mappings are few (about 1% of partners): many seeds, so one of a partner registered days ago comes up.
    for (let seed = 1; seed <= 40; seed++) {
      const p = makePlan(seed, 1, '2026-12-04');
      const backwards = buildPartners(p, buildOrg(p)).mappings.filter((m) => m.valid_to !== null && m.valid_to <= m.valid_from);
      expect({ seed, backwards }).toEqual({ seed, backwards: [] });
    }
  });
});
