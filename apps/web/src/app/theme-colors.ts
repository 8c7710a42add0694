import * as muiColors from '@mui/material/colors';

/** The `app` segment's theme (SPEC section 9): MUI colour names or '#rrggbb'. */
export interface ThemeColors {
  primary: string;
  accent: string;
}

export const DEFAULT_THEME_COLORS: ThemeColors = { primary: 'teal', accent: 'amber' };

export interface PaletteColor {
  main: string;
  contrastText: string;
}

const WHITE = '#ffffff';
const DARK_TEXT = 'rgba(0, 0, 0, 0.87)';
/** WCAG AA for normal text. */
const AA = 4.5;
const HEX = /^#([0-9a-f]{6}|[0-9a-f]{3})$/i;

type Shades = Record<string, string>;
const PALETTES = muiColors as unknown as Record<string, Shades | undefined>;

function rgbOf(hex: string): [number, number, number] {
  const digits = hex.length === 4 ? [...hex.slice(1)].map((d) => d + d).join('') : hex.slice(1);
  return [0, 2, 4].map((at) => parseInt(digits.slice(at, at + 2), 16)) as [number, number, number];
}

function luminance(hex: string): number {
  const [r, g, b] = rgbOf(hex).map((channel) => {
    const c = channel / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** The WCAG contrast ratio of two colours. */
export function contrastRatio(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

function darker(hex: string, share: number): string {
  return `#${rgbOf(hex)
    .map((channel) =>
      Math.round(channel * (1 - share))
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;
}

/** A configured colour as '#rrggbb': a MUI colour at `shade`, a hex value; null if neither. */
function hexOf(value: string, shade: string): string | null {
  const text = value.trim();
  if (HEX.test(text)) return text.toLowerCase();
  const palette = PALETTES[text];
  const hex = palette && typeof palette === 'object' ? palette[shade] : undefined;
  return hex && HEX.test(hex) ? hex : null;
}

/**
 * The primary colour: buttons and the app bar carry white text on it, so it is darkened until
 * that text meets WCAG AA (a configured "amber" or "#ffeb3b" stays recognisable but readable).
 * A MUI colour name means its 700 shade, as the default teal.
 */
export function primaryPalette(value: string): PaletteColor {
  let main = hexOf(value, '700') ?? (hexOf(DEFAULT_THEME_COLORS.primary, '700') as string);
  for (let step = 0; contrastRatio(main, WHITE) < AA && step < 20; step += 1) {
    main = darker(main, 0.08);
  }
  return { main, contrastText: WHITE };
}

/** The accent: as configured (a name means its 500 shade), with the text colour that reads on it. */
export function accentPalette(value: string): PaletteColor {
  const main = hexOf(value, '500') ?? (hexOf(DEFAULT_THEME_COLORS.accent, '500') as string);
  return { main, contrastText: contrastRatio(main, WHITE) >= AA ? WHITE : DARK_TEXT };
}
