import { foldSubtreeBits, moveSubtreeBits, rebuildSubtreeBits, refreshSubtreeBits } from '../partner-bitmaps';
import { holdMappings } from '../rollup-helpers';
import type { Rollup } from './rollup';

/** Per employee, the partners mapped into their subtree as of the last run, as a bitmap (../partner-bitmaps.ts). */
export const SUBTREE_PARTNER_BITS: Rollup = {
  name: 'subtree-partner-bits',
  tables: [
    { name: 'fact_subtree_partner_bits', key: ['ancestor_id'], holds: 'partners: bit n set when partner n is mapped into the subtree' },
  ],
  dependsOn: [],
  foldNoted: (trx) => foldSubtreeBits(trx),
  rebuild: {
    inRun: async (trx, swap) => {
      await holdMappings(trx);
      await rebuildSubtreeBits(trx, swap);
    },
  },
  hierarchy: {
    move: (trx, m) => moveSubtreeBits(trx, m.employeeId, m.left, m.joined),
    refresh: (trx, ancestors) => refreshSubtreeBits(trx, ancestors),
  },
};
