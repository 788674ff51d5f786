import { POPUP_LEFT_NEAR, POPUP_LEFT_SHIFT, POPUP_LEFT_SWITCH_X } from '@dossier/shared';

/** Space kept between a popup moved in from the right and the window's edge. */
export const POPUP_EDGE_MARGIN = 16;

/**
 * The call-history popup's left (docs/product/callcentre.md): 30px under x 720, else x − 190, moved left just
 * enough to end inside the window, never past its left edge.
 */
export function popupLeft(clickX: number, popupWidth?: number, windowWidth?: number): number {
  const left = clickX < POPUP_LEFT_SWITCH_X ? POPUP_LEFT_NEAR : clickX - POPUP_LEFT_SHIFT;
  if (popupWidth === undefined || windowWidth === undefined) return left;
  return Math.max(0, Math.min(left, windowWidth - popupWidth - POPUP_EDGE_MARGIN));
}

/** Space between the click and the popup's top, and kept from the window's top and bottom. */
const POPUP_BELOW_CLICK = 14;
const POPUP_EDGE_GAP = 8;

/**
 * The popup's top in page coordinates: just under the click, moved up just enough to end inside the window,
 * never above its top.
 */
export function popupTop(clickPageY: number, popupHeight: number, scrollY: number, windowHeight: number): number {
  const below = clickPageY + POPUP_BELOW_CLICK;
  const lastTop = scrollY + windowHeight - popupHeight - POPUP_EDGE_GAP;
  return Math.max(scrollY + POPUP_EDGE_GAP, Math.min(below, lastTop));
}
