// The theme's colours are readable (issue 14 item 15: axe found 43–46 contrast failures on every page).
// WCAG AA asks 4.5:1 for normal text; Mantine's defaults gave 3.3 (dimmed text) to 3.8 (light badges).
import { DEFAULT_THEME } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import { accessibleColors, contrastRatio } from './theme.ts';

const AA = 4.5;
const white = '#ffffff';
const rowGrey = DEFAULT_THEME.colors.gray[1];

describe('the theme’s colours (WCAG AA, issue 14 item 15)', () => {
  it('starts from defaults that fail: dimmed text and a green light badge', () => {
    expect(contrastRatio(DEFAULT_THEME.colors.gray[6], white)).toBeLessThan(AA);
    expect(contrastRatio(DEFAULT_THEME.colors.green[9], DEFAULT_THEME.colors.green[1])).toBeLessThan(AA);
  });

  it.each(Object.keys(accessibleColors).filter((name) => name !== 'dark'))('%s is readable', (name) => {
    const c = accessibleColors[name]!;
    for (const shade of [6, 7, 8, 9] as const) {
      // text (c="dimmed" is gray 6, c="red" is red 6) on white and on a striped row; white on a filled button
      expect(contrastRatio(c[shade], white)).toBeGreaterThanOrEqual(AA);
      expect(contrastRatio(c[shade], rowGrey)).toBeGreaterThanOrEqual(AA);
    }
    // a light badge: shade 9 on shade 1
    expect(contrastRatio(c[9], c[1])).toBeGreaterThanOrEqual(AA);
    // a filled button's hover is a different, darker shade
    expect(contrastRatio(c[7], white)).toBeGreaterThan(contrastRatio(c[6], white));
  });
});
