import {
  IconCreditCard,
  IconFileCheck,
  IconFileDollar,
  IconMenu2,
  IconPhoneIncoming,
  IconRefresh,
  type TablerIcon,
} from '@tabler/icons-react';

/** Glyphs of the lead-category boxes: the server names them by category; an unknown name gets the 'all' glyph. */
const GLYPHS: Record<string, TablerIcon> = {
  all: IconMenu2,
  callback: IconPhoneIncoming,
  quote: IconFileDollar,
  payment: IconCreditCard,
  renewal: IconRefresh,
  document: IconFileCheck,
};

export function CategoryIcon({ name, size = 22 }: { name: string; size?: number }) {
  const Glyph = GLYPHS[name] ?? IconMenu2;
  return <Glyph size={size} aria-hidden />;
}
