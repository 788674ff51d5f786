import { STORAGE_KEYS } from '@dossier/shared';
import { storageGet, storageSet } from '../../../lib/storage';

/**
 * The drill trail (docs/product/report-screens.md, 'Breadcrumbs'), stored under 'breadcrums'. report_id (ours)
 * remembers which page showed the account, so a crumb links back to that page.
 */
export interface Crumb {
  user_name: string;
  account_id: string;
  report_id?: number;
}

export const HOME = 'Home';

function isCrumb(value: unknown): value is Crumb {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return (
    typeof v.user_name === 'string' && typeof v.account_id === 'string' && (v.report_id === undefined || typeof v.report_id === 'number')
  );
}

export function parseTrail(text: string | null): Crumb[] {
  if (!text) return [];
  try {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value) ? value.filter(isCrumb) : [];
  } catch {
    return [];
  }
}

/**
 * The trail after opening a report page: no account resets it to Home; a known account cuts after it (going
 * up), another is appended (going down). `accountName` must be the server's name for `accountId`.
 */
export function nextTrail(
  trail: readonly Crumb[],
  page: { reportId: number; accountId?: string; accountName?: string; userCode: string },
): Crumb[] {
  if (!page.accountId || page.accountId === page.userCode) {
    return [{ user_name: HOME, account_id: page.userCode, report_id: page.reportId }];
  }
  const at = trail.findIndex((c) => c.account_id === page.accountId);
  const found = trail[at];
  // The name comes from the page's own answer, so an entry saved under another name is put right.
  if (found) return [...trail.slice(0, at), { ...found, user_name: page.accountName ?? found.user_name }];
  const base = trail.length > 0 ? trail : [{ user_name: HOME, account_id: page.userCode, report_id: page.reportId }];
  return [...base, { user_name: page.accountName ?? page.accountId, account_id: page.accountId, report_id: page.reportId }];
}

/** Nothing is shown while the trail ends at Home (docs/product/report-screens.md, 'Breadcrumbs'). */
export function visibleTrail(trail: readonly Crumb[]): Crumb[] {
  const last = trail.at(-1);
  return !last || last.user_name === HOME ? [] : [...trail];
}

/** Where an earlier crumb leads: Home to the page without an account, others to their account's page. */
export function crumbHref(crumb: Crumb, fallbackReportId: number, search: string): string {
  const report = crumb.report_id ?? fallbackReportId;
  return crumb.user_name === HOME ? `/reports/${report}/${search}` : `/reports/${report}/${encodeURIComponent(crumb.account_id)}${search}`;
}

export function readTrail(): Crumb[] {
  return parseTrail(storageGet(STORAGE_KEYS.breadcrumbs));
}

export function saveTrail(trail: readonly Crumb[]): void {
  storageSet(STORAGE_KEYS.breadcrumbs, JSON.stringify(trail));
}
