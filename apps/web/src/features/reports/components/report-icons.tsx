import { Icon, type IconProps } from '../../../components/icons';

/** The few glyphs of the report tables (decorative: their buttons carry the names), 18px unless told. */
const Glyph = ({ size = 18, ...rest }: IconProps) => <Icon size={size} {...rest} />;

export const IconMail = ({ size }: { size?: number }) => (
  <Glyph size={size}>
    <rect x="3" y="5" width="18" height="14" rx="2" />
    <path d="M3 7l9 6 9-6" />
  </Glyph>
);

export const IconDownload = ({ size }: { size?: number }) => (
  <Glyph size={size}>
    <path d="M12 4v11M7 10l5 5 5-5M5 20h14" />
  </Glyph>
);

export const IconFile = ({ size }: { size?: number }) => (
  <Glyph size={size}>
    <path d="M7 3h7l5 5v13H7z" />
    <path d="M14 3v5h5M10 13h6M10 17h6" />
  </Glyph>
);

export const IconShare = ({ size }: { size?: number }) => (
  <Glyph size={size}>
    <path d="M4 20l1.5-4A8 8 0 1 1 9 19.5z" />
    <path d="M9 10c.5 2 2.5 4 5 5l1.5-1.5" />
  </Glyph>
);

export const IconSummary = ({ size }: { size?: number }) => (
  <Glyph size={size}>
    <circle cx="12" cy="8" r="3.5" />
    <path d="M5 20a7 7 0 0 1 14 0" />
  </Glyph>
);
