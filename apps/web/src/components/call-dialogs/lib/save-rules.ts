export interface SectionState {
  touched: boolean;
  valid: boolean;
}

export interface SaveState {
  statusToggled: boolean;
  customer: SectionState;
  partner: SectionState;
  newPartner: SectionState;
}

const ready = (s: SectionState) => s.touched && s.valid;

/**
 * Save is enabled when the ticket status was toggled, or a form is touched and valid (docs/product/callcentre.md, 'Connect-call dialog');
 * the chosen new advisor belongs to the customer form.
 */
export function canSave(s: SaveState): boolean {
  return s.statusToggled || ready(s.customer) || ready(s.partner) || ready(s.newPartner);
}

/** What Save sends, in order: each section only if touched and valid, the status last (docs/product/callcentre.md, 'Connect-call dialog'). */
export function sectionsToSend(s: SaveState): ('customer' | 'newPartner' | 'partner' | 'status')[] {
  const out: ('customer' | 'newPartner' | 'partner' | 'status')[] = [];
  if (ready(s.customer)) out.push('customer');
  if (ready(s.newPartner)) out.push('newPartner');
  if (ready(s.partner)) out.push('partner');
  if (s.statusToggled) out.push('status');
  return out;
}
