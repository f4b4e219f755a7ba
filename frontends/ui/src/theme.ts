import {
  Badge,
  createTheme,
  DEFAULT_THEME,
  darken,
  luminance,
  type MantineColorsTuple,
  Modal,
  toRgba,
} from '@mantine/core';

// Loadline's navy, from light to dark (Mantine wants ten shades).
const loadline: MantineColorsTuple = [
  '#eaf1fb',
  '#d3e0f2',
  '#a4bfe6',
  '#729cd9',
  '#4a7ecf',
  '#316bc9',
  '#2461c7',
  '#1751b0',
  '#0c479e',
  '#003d8c',
];

/** WCAG 2 contrast ratio of two colours (1 to 21). */
export function contrastRatio(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/**
 * WCAG AA for normal text is 4.5:1; the palette aims a little above it, against the light grey of striped
 * and hovered table rows (gray 1), so text stays readable on those backgrounds too.
 */
export const TEXT_CONTRAST_TARGET = 4.6;
const ROW_BACKGROUND = DEFAULT_THEME.colors.gray[1];

const hex = (color: string) => {
  const { r, g, b } = toRgba(color);
  return `#${[r, g, b].map((v) => Math.round(v).toString(16).padStart(2, '0')).join('')}`;
};

/** The colour darkened in small steps until it reaches the target contrast on the background. */
function darkenUntil(color: string, background: string, target: number): string {
  let c = color;
  for (let step = 0; step < 100 && contrastRatio(c, background) < target; step++) c = hex(darken(c, 0.01));
  return c;
}

/**
 * A palette whose text-bearing shades are readable (axe's colour-contrast rule, WCAG AA): Mantine writes
 * `c="dimmed"` and coloured text in shade 6 (gray 6 for dimmed), fills buttons and filled badges with shade
 * 6 under white text, and draws light badges in shade 9 on shade 1. Shades 6 to 9 are darkened until white
 * text on them, and they as text on white and on row grey, reach the target; shade 9 also on shade 1.
 * Shades 0 to 5 (backgrounds, borders) are kept. Colours too light for white text at any sensible depth
 * (yellow, lime) come out as deep ochre and olive, which is what an amber status reads as on screen.
 */
export function accessiblePalette(tuple: readonly string[]): MantineColorsTuple {
  const shades = [...tuple];
  for (let i = 6; i <= 9; i++) {
    let shade = darkenUntil(shades[i]!, ROW_BACKGROUND, TEXT_CONTRAST_TARGET);
    // Each shade stays darker than the one before it (a filled button's hover is the next shade).
    if (i > 6 && luminance(shade) >= luminance(shades[i - 1]!)) shade = hex(darken(shades[i - 1]!, 0.08));
    shades[i] = shade;
  }
  shades[9] = darkenUntil(shades[9]!, shades[1]!, TEXT_CONTRAST_TARGET);
  return shades as unknown as MantineColorsTuple;
}

/** Every colour of Mantine's default theme, and Loadline's navy, made readable (accessiblePalette). */
export const accessibleColors: Record<string, MantineColorsTuple> = Object.fromEntries(
  Object.entries({ ...DEFAULT_THEME.colors, loadline }).map(([name, tuple]) => [
    name,
    // dark is the dark scheme's grey ramp (backgrounds, not text); it stays as it is.
    name === 'dark' ? tuple : accessiblePalette(tuple),
  ]),
);

export const loadlineTheme = createTheme({
  primaryColor: 'loadline',
  colors: accessibleColors,
  defaultRadius: 'sm',
  fontFamily: 'Inter, system-ui, -apple-system, "Segoe UI", Roboto, sans-serif',
  headings: { fontWeight: '600' },
  components: {
    // Mantine's close button is an icon: without a name a screen reader says only "button" (axe button-name).
    Modal: Modal.extend({ defaultProps: { closeButtonProps: { 'aria-label': 'Close' } } }),
    // A badge is as wide as its text: Mantine's shrinks with a narrow table column and cuts its label
    // ("Committe", "Expiring in 10 Da" at a 1,280 px wide window).
    Badge: Badge.extend({ styles: { root: { minWidth: 'max-content' } } }),
  },
});
