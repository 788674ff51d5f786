import { addDays, LEAD_DATE_CHOICE } from '@dossier/shared';

/** Today (0), Tomorrow (1) or the calendar (2) with its picked date (docs/product/callcentre.md, 'Advisor Connect Leads'). */
export interface DateFilter {
  choice: 0 | 1 | 2;
  picked: string | null;
}

export const INITIAL_DATE_FILTER: DateFilter = { choice: LEAD_DATE_CHOICE.today, picked: null };

/**
 * Choosing Today or Tomorrow clears the calendar; re-choosing the selected quick filter changes
 * nothing (the same object comes back, so nothing re-fetches).
 */
export function chooseQuick(state: DateFilter, choice: 0 | 1): DateFilter {
  if (state.choice === choice) return state;
  return { choice, picked: null };
}

/** Picking a calendar date selects the calendar choice. */
export function pickDate(state: DateFilter, date: string | null): DateFilter {
  if (!date) return state.choice === LEAD_DATE_CHOICE.calendar ? INITIAL_DATE_FILTER : state;
  return { choice: LEAD_DATE_CHOICE.calendar, picked: date };
}

/** The listing's date parameter (yyyy-MM-dd). */
export function dateParam(state: DateFilter, today: string): string {
  if (state.choice === LEAD_DATE_CHOICE.calendar && state.picked) return state.picked;
  return state.choice === LEAD_DATE_CHOICE.tomorrow ? addDays(today, 1) : today;
}
