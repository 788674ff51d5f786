import { describe, expect, it } from 'vitest';
import { DEFAULT_THEME } from '@mantine/core';
import { AA_CONTRAST, accessibleColorVariables, contrastRatio, HOVERED_ROW, over, readableGray } from './theme';

describe('theme colours keep WCAG AA contrast', () => {
  const colors = DEFAULT_THEME.colors;
  const vars = accessibleColorVariables(colors);
  const v = (name: string) => vars[name] ?? 'missing';

  it('measures contrast like WCAG', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    // The active side-menu link before the fix: indigo 7 on its 10% tint, as axe measured it.
    expect(contrastRatio(colors.indigo[7], '#eceffd')).toBeCloseTo(4.35, 1);
    expect(over(colors.indigo[7], 0.1, '#ffffff')).toBe('rgb(236, 239, 253)');
  });

  it.each(Object.keys(colors))('%s: white on filled, text on a hovered row, light-variant text on its tint', (name) => {
    const shades = colors[name] ?? [];
    expect(contrastRatio('#ffffff', v(`--mantine-color-${name}-filled`))).toBeGreaterThanOrEqual(AA_CONTRAST);
    expect(contrastRatio(v(`--mantine-color-${name}-text`), HOVERED_ROW)).toBeGreaterThanOrEqual(AA_CONTRAST);
    expect(v(`--mantine-color-${name}-outline`)).toBe(v(`--mantine-color-${name}-text`));
    const tint = over(shades[7] ?? '', 0.1, HOVERED_ROW);
    expect(contrastRatio(v(`--mantine-color-${name}-light-color`), tint)).toBeGreaterThanOrEqual(AA_CONTRAST);
  });

  it('gives secondary text and placeholders a readable gray', () => {
    expect(contrastRatio(readableGray(colors), HOVERED_ROW)).toBeGreaterThanOrEqual(AA_CONTRAST);
    expect(contrastRatio(colors.gray[6], '#ffffff')).toBeLessThan(AA_CONTRAST);
  });

  it('keeps indigo 7 for the primary filled buttons and darkens the active link text', () => {
    expect(v('--mantine-color-indigo-filled')).toBe(colors.indigo[7]);
    expect(v('--mantine-color-indigo-light-color')).not.toBe(colors.indigo[7]);
  });
});
