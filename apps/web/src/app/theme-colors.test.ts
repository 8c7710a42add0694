import { amber, indigo, teal } from '@mui/material/colors';
import { describe, expect, it } from 'vitest';
import { accentPalette, contrastRatio, primaryPalette } from './theme-colors';

describe('theme colours of the configuration', () => {
  it('takes a MUI colour name at its 700 shade, the default teal as before', () => {
    expect(primaryPalette('teal')).toEqual({ main: teal[700], contrastText: '#ffffff' });
    expect(primaryPalette('indigo').main).toBe(indigo[700]);
    expect(primaryPalette('#1565C0').main).toBe('#1565c0');
  });

  it('darkens a primary colour white text cannot be read on until it meets WCAG AA', () => {
    for (const value of ['amber', 'yellow', '#ffeb3b', '#ffffff']) {
      const { main } = primaryPalette(value);
      expect(contrastRatio(main, '#ffffff'), value).toBeGreaterThanOrEqual(4.5);
    }
  });

  it('falls back to the defaults for what is no colour', () => {
    expect(primaryPalette('not-a-colour').main).toBe(teal[700]);
    expect(accentPalette('#12').main).toBe(amber[500]);
  });

  it('gives the accent the text colour that reads on it', () => {
    expect(accentPalette('amber')).toEqual({
      main: amber[500],
      contrastText: 'rgba(0, 0, 0, 0.87)',
    });
    expect(accentPalette('#0d47a1').contrastText).toBe('#ffffff');
  });
});
