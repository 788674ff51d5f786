import { foldDayBits, rebuildDayBits } from '../partner-bitmaps';
import { holdMappings } from '../rollup-helpers';
import type { Rollup } from './rollup';

/** Per day, the partners with successful business issued that day, as a bitmap (../partner-bitmaps.ts). */
export const PARTNER_DAY_BITS: Rollup = {
  name: 'partner-day-bits',
  tables: [{ name: 'fact_partner_day_bits', key: ['day'], holds: 'partners: bit n set when partner n sold that day' }],
  dependsOn: ['policy-versions'],
  // Reads the policy versions as now folded.
  fold: (trx) => foldDayBits(trx),
  // In the run's transaction: its width is the partners', which stand still once held, as the subtrees' bitmaps'.
  rebuild: {
    inRun: async (trx, swap) => {
      await holdMappings(trx);
      await rebuildDayBits(trx, swap);
    },
  },
};
