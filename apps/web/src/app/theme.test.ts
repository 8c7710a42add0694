import { describe, expect, it } from 'vitest';
import { createAppTheme } from './theme';

describe('app theme', () => {
  it('moves nothing when the system asks for reduced motion, and keeps the rest', () => {
    const moving = createAppTheme('en');
    const still = createAppTheme('de', { reducedMotion: true });
    expect(moving.transitions.duration.enteringScreen).toBeGreaterThan(0);
    expect(Object.values(still.transitions.duration).every((ms) => ms === 0)).toBe(true);
    expect(still.components?.MuiButtonBase?.defaultProps?.disableRipple).toBe(true);
    expect(moving.components?.MuiButtonBase?.defaultProps?.disableRipple).toBeUndefined();
    // The touch targets and the focus ring stay.
    expect(still.components?.MuiButton?.styleOverrides).toEqual(
      moving.components?.MuiButton?.styleOverrides,
    );
    expect(still.palette.primary.main).toBe(moving.palette.primary.main);
  });

  it("gives MUI's own controls the app's language", () => {
    expect(createAppTheme('de').components?.MuiAutocomplete?.defaultProps?.noOptionsText).toBe(
      'Keine Optionen',
    );
    expect(createAppTheme('en').components?.MuiAlert?.defaultProps?.closeText).toBe('Close');
  });
});
