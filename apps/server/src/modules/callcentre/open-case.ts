import { conflict } from '../../platform/http-errors';
import type { CaseRow } from '../../platform/access';

/** Calls, bookings and reassignments change an open case only. */
export function requireOpen(row: CaseRow, action: string): void {
  if (row.status !== 'open') throw conflict(`This ticket is closed. Reopen it to ${action}.`);
}
