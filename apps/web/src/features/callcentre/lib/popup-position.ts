import { POPUP_LEFT_NEAR, POPUP_LEFT_SHIFT, POPUP_LEFT_SWITCH_X } from '@dossier/shared';

/** The call-history popup opens near the click: left 30px under x 720, else x − 190 (spec 001 §2). */
export function popupLeft(clickX: number): number {
  return clickX < POPUP_LEFT_SWITCH_X ? POPUP_LEFT_NEAR : clickX - POPUP_LEFT_SHIFT;
}
