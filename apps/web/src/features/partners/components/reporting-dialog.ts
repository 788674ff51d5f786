import { REPORTING_TYPES, type ReportingManager } from '@dossier/shared';
import { openMessageDialog } from '../../../components/message-dialog/open-message-dialog';

export const REPORTING_NOT_FOUND = 'Reporting Not Found';
export const REPORTING_DIALOG_WIDTH = 500;

/** The configured reporting-type map (docs/product/renewals.md, 'Mapped Partners'): only these entries are shown. */
const SHOWN_TYPES = new Set<number>(REPORTING_TYPES.map((t) => t.id));

/** Numbered 'name, reporting_name' lines, or 'Reporting Not Found' (docs/product/renewals.md, 'Mapped Partners'). */
export function showReporting(managers: readonly ReportingManager[]): void {
  const lines = managers.filter((m) => SHOWN_TYPES.has(m.reporting_type)).map((m) => `${m.name}, ${m.reporting_name}`);
  openMessageDialog({
    title: 'Reporting Managers',
    message: lines.length > 0 ? Object.fromEntries(lines.map((line, i) => [String(i + 1), line])) : REPORTING_NOT_FOUND,
    defaultKey: 'Reporting',
    width: REPORTING_DIALOG_WIDTH,
  });
}
