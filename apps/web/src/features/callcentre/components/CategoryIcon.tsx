import type { ReactNode } from 'react';
import { Icon } from '../../../components/icons';

/** Glyphs for the lead-category boxes, drawn in the shared icon frame (the server names them; unknown names get the default). */
const PATHS: Record<string, ReactNode> = {
  all: <path d="M4 6h16M4 12h16M4 18h16" />,
  callback: (
    <>
      <path d="M5 4h4l2 5-2.5 1.5a11 11 0 0 0 5 5L15 13l5 2v4a2 2 0 0 1-2 2A16 16 0 0 1 3 6a2 2 0 0 1 2-2" />
      <path d="M15 3v6h6M21 3l-6 6" />
    </>
  ),
  quote: (
    <>
      <path d="M7 3h8l4 4v14H7z" />
      <path d="M10 12h6M10 16h6M10 8h2" />
    </>
  ),
  payment: (
    <>
      <rect x="3" y="6" width="18" height="13" rx="2" />
      <path d="M3 10h18M7 15h3" />
    </>
  ),
  renewal: (
    <>
      <path d="M20 11a8 8 0 0 0-14.5-4.5L4 8" />
      <path d="M4 4v4h4M4 13a8 8 0 0 0 14.5 4.5L20 16" />
      <path d="M20 20v-4h-4" />
    </>
  ),
  document: (
    <>
      <path d="M6 3h9l3 3v15H6z" />
      <path d="M9 13l2 2 4-4" />
    </>
  ),
};

export function CategoryIcon({ name, size = 22 }: { name: string; size?: number }) {
  return <Icon size={size}>{PATHS[name] ?? PATHS.all}</Icon>;
}

export function PhoneIcon({ size = 18 }: { size?: number }) {
  return (
    <Icon size={size}>
      <path d="M5 4h4l2 5-2.5 1.5a11 11 0 0 0 5 5L15 13l5 2v4a2 2 0 0 1-2 2A16 16 0 0 1 3 6a2 2 0 0 1 2-2" />
    </Icon>
  );
}

export function PlayIcon({ size = 16 }: { size?: number }) {
  return (
    <Icon size={size}>
      <circle cx="12" cy="12" r="9" />
      <path d="M10 8.5v7l6-3.5z" />
    </Icon>
  );
}
