import { grey, teal } from '@mui/material/colors';
import { describe, expect, it } from 'vitest';
import { FOCUS_RING_COLOR } from './focus-styles';
import { createAppTheme } from './theme';

/** WCAG 2 relative luminance of a #rrggbb colour. */
function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((at) => {
    const channel = parseInt(hex.slice(at, at + 2), 16) / 255;
    return channel <= 0.04045 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}

function contrast(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (light! + 0.05) / (dark! + 0.05);
}

describe('focus styles (issue 18.4)', () => {
  it('draw a ring of at least 3:1 against the app’s light surfaces', () => {
    for (const surface of ['#ffffff', grey[50], grey[100], grey[200]]) {
      expect(contrast(FOCUS_RING_COLOR, surface)).toBeGreaterThanOrEqual(3);
    }
    // The amber ring it replaces did not reach it.
    expect(contrast('#ffa000', '#ffffff')).toBeLessThan(3);
  });

  it('are the theme’s focus ring, in both languages, over the earlier amber outline', () => {
    for (const language of ['de', 'en'] as const) {
      const theme = createAppTheme(language);
      expect(theme.focusVisible).toMatchObject({
        outlineStyle: 'solid',
        outlineColor: teal[900],
        outlineWidth: 3,
      });
      const buttonBase = theme.components?.MuiButtonBase?.styleOverrides?.root as Record<
        string,
        Record<string, unknown>
      >;
      expect(buttonBase['&.Mui-focusVisible']!.outline).toBeUndefined();
      const field = theme.components?.MuiOutlinedInput?.styleOverrides?.root as Record<
        string,
        unknown
      >;
      expect(
        field['&:not(.Mui-error):has(:focus-visible) .MuiOutlinedInput-notchedOutline'],
      ).toEqual({ borderColor: teal[900] });
    }
    // The language still reaches MUI's own texts after the focus styles.
    expect(createAppTheme('de').components?.MuiAlert?.defaultProps?.closeText).toBe('Schließen');
  });
});
