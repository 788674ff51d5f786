import { addDays, MEETING_DATE_CHOICE } from '@dossier/shared';

/** The connect dialog's Date of Meeting cards: Today (0), Tomorrow (1), Pick a Date (3 once picked). */
export type MeetingChoice = 0 | 1 | 3;

/** The scheduled date is the picked date if any, else today if Today, else tomorrow (docs/product/callcentre.md, 'Connect-call dialog'). */
export function meetingDate(choice: MeetingChoice, picked: string | null, today: string): string {
  if (picked) return picked;
  return choice === MEETING_DATE_CHOICE.today ? today : addDays(today, 1);
}

/** A picked meeting date may not be before today (docs/product/callcentre.md, 'Validation'). */
export function isMeetingDateAllowed(date: string, today: string): boolean {
  return date >= today;
}
