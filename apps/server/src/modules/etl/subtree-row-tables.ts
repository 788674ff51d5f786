import { PARTNER_COHORTS } from './partner-cohorts';
import { PARTNER_DUES } from './partner-dues';
import { RENEWAL_DAYS } from './renewal-days';
import type { SubtreeRows } from './subtree-rows';

/**
 * Every table kept per subtree beside its owner rows (./subtree-rows.ts): a hierarchy move carries their rows, the
 * import of moves rewrites them. Apart from the modules that define them, so that none of those reads this list
 * while the others load.
 */
export const SUBTREE_ROW_TABLES: readonly SubtreeRows[] = [PARTNER_DUES, PARTNER_COHORTS, RENEWAL_DAYS];
