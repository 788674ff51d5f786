import {
  createTheme,
  darken,
  DEFAULT_THEME,
  luminance,
  toRgba,
  v8CssVariablesResolver,
  type CSSVariablesResolver,
  type MantineThemeColors,
} from '@mantine/core';

/**
 * Indigo at shade 7 for filled buttons and links: white text on it keeps WCAG AA contrast (the
 * default shade 6 falls just short, which the accessibility check reports as serious).
 */
export const theme = createTheme({
  primaryColor: 'indigo',
  primaryShade: { light: 7, dark: 8 },
  defaultRadius: 'sm',
  // Mantine 9 made 'medium' 600; the screens were laid out (and their text widths checked at 375px) with 500.
  fontWeights: { regular: '400', medium: '500', bold: '700' },
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", "Helvetica Neue", Arial, sans-serif',
  headings: { fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", "Helvetica Neue", Arial, sans-serif' },
});

/** WCAG AA for normal-size text, with a margin for the rounding of blended colours. */
export const AA_CONTRAST = 4.5;
const TARGET = AA_CONTRAST + 0.1;
const PRIMARY_SHADE = 7;
const WHITE = '#ffffff';
/** A hovered table row (gray 1): the darkest background text sits on. */
export const HOVERED_ROW = DEFAULT_THEME.colors.gray[1];

export function contrastRatio(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/** `color` at `alpha` painted over the opaque `background`. */
export function over(color: string, alpha: number, background: string): string {
  const c = toRgba(color);
  const b = toRgba(background);
  const mix = (x: number, y: number) => Math.round(alpha * x + (1 - alpha) * y);
  return `rgb(${mix(c.r, b.r)}, ${mix(c.g, b.g)}, ${mix(c.b, b.b)})`;
}

/** The lightest of shades 7 to 9 (then shade 9 darkened in 5% steps) that `passes`. */
function lightestPassing(shades: readonly string[], passes: (color: string) => boolean): string {
  const dark = shades[9] ?? '#000000';
  const candidates = [...shades.slice(PRIMARY_SHADE), ...Array.from({ length: 12 }, (_, i) => darken(dark, (i + 1) * 0.05))];
  return candidates.find(passes) ?? '#000000';
}

/**
 * Secondary text (Mantine's 'dimmed': input descriptions, radio hints) and placeholders are gray 6
 * and gray 5, 3.3:1 and 2.1:1 on white: both become gray 6 darkened just enough to keep AA on a hovered row.
 */
export function readableGray(colors: MantineThemeColors): string {
  const steps = Array.from({ length: 12 }, (_, i) => darken(colors.gray[6], (i + 1) * 0.05));
  return steps.find((c) => contrastRatio(c, HOVERED_ROW) >= TARGET) ?? colors.gray[7];
}

/**
 * Mantine writes coloured text in shade 7 (on white, under white text, on a 10% tint), which falls under WCAG AA
 * for several palettes. Per palette, each role gets the lightest shade that keeps 4.5:1 on the backgrounds it meets.
 */
export function accessibleColorVariables(colors: MantineThemeColors): Record<string, string> {
  const variables: Record<string, string> = {};
  for (const [name, shades] of Object.entries(colors)) {
    const tint = over(shades[PRIMARY_SHADE] ?? WHITE, 0.1, HOVERED_ROW);
    const filled = lightestPassing(shades, (c) => contrastRatio(WHITE, c) >= TARGET);
    const text = lightestPassing(shades, (c) => contrastRatio(c, HOVERED_ROW) >= TARGET);
    Object.assign(variables, {
      [`--mantine-color-${name}-filled`]: filled,
      [`--mantine-color-${name}-filled-hover`]: darken(filled, 0.1),
      [`--mantine-color-${name}-text`]: text,
      [`--mantine-color-${name}-outline`]: text,
      [`--mantine-color-${name}-light-color`]: lightestPassing(shades, (c) => contrastRatio(c, tint) >= TARGET),
    });
  }
  return variables;
}

/**
 * Mantine 9 paints the 'light' variant as solid shade 1 with shade 9 text; the contrast fixes above are
 * measured on Mantine 8's 10% tint of shade 7, so the 8 colour variables stay underneath them.
 */
export const cssVariablesResolver: CSSVariablesResolver = (t) => {
  const v8 = v8CssVariablesResolver(t);
  return {
    variables: v8.variables,
    light: {
      ...v8.light,
      ...accessibleColorVariables(t.colors),
      '--mantine-color-dimmed': readableGray(t.colors),
      '--mantine-color-placeholder': readableGray(t.colors),
    },
    dark: v8.dark,
  };
};
