import { CONTEST_STANDINGS } from './contest-standings';
import { DAILY_BUSINESS } from './daily-business';
import { MANAGER_PARTNER_MONTHS } from './manager-partner-months';
import { MANAGER_PARTNERS } from './manager-partners';
import { rollupOrder } from './order';
import { PARTNER_COHORTS } from './partner-cohorts';
import { PARTNER_DAY_BITS } from './partner-day-bits';
import { PARTNER_DUES } from './partner-dues';
import { PARTNER_MONTHS } from './partner-months';
import { POLICY_VERSIONS } from './policy-versions';
import { RENEWAL_DAYS } from './renewal-days';
import type { Rollup } from './rollup';
import { SLIPPING_PARTNERS } from './slipping-partners';
import { SUBTREE_CELLS } from './subtree-cells';
import { SUBTREE_PARTNER_BITS } from './subtree-partner-bits';

/**
 * Every roll-up the ETL keeps. Where `dependsOn` leaves the order free, a rebuild's side-by-side groups start
 * in this order, so the longest groupings come first (docs/scaling.md, 'ETL').
 */
export const ROLLUPS: readonly Rollup[] = [
  POLICY_VERSIONS,
  SUBTREE_CELLS,
  DAILY_BUSINESS,
  PARTNER_MONTHS,
  RENEWAL_DAYS,
  SLIPPING_PARTNERS,
  MANAGER_PARTNERS,
  MANAGER_PARTNER_MONTHS,
  PARTNER_DAY_BITS,
  SUBTREE_PARTNER_BITS,
  PARTNER_DUES,
  PARTNER_COHORTS,
  CONTEST_STANDINGS,
];
// A name listed twice, an unknown dependency or a cycle stops the server at start-up.
rollupOrder(ROLLUPS);

/** Every table of business figures (policies, premium) the ETL keeps. */
export const FIGURE_TABLES = [DAILY_BUSINESS, SUBTREE_CELLS, PARTNER_MONTHS].flatMap((r) => r.tables.map((t) => t.name));
/** Every table a rebuild writes afresh, the policy versions aside. */
export const ROLLUP_TABLES = ROLLUPS.filter((r) => r.rebuild && r !== POLICY_VERSIONS).flatMap((r) => r.tables.map((t) => t.name));
