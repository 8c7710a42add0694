import { DEFAULT_APP_CONFIG } from '@qa/domain';
import { describe, expect, it } from 'vitest';
import { DEFAULT_SHELL_SETTINGS, sameSettings } from './shell-settings';

describe('shell settings', () => {
  it('start as the domain’s default app segment, which the first screen does not load', () => {
    expect(DEFAULT_SHELL_SETTINGS).toEqual({
      snackbarMs: DEFAULT_APP_CONFIG.timeouts.snackbarMs,
      bannerMs: DEFAULT_APP_CONFIG.timeouts.bannerMs,
      rightDrawerWidth: DEFAULT_APP_CONFIG.drawers.rightWidth,
      themeColors: DEFAULT_APP_CONFIG.theme,
    });
  });

  it('take a read with the same values as no change (no new theme, no second render)', () => {
    const read = {
      ...DEFAULT_SHELL_SETTINGS,
      themeColors: { ...DEFAULT_SHELL_SETTINGS.themeColors },
    };
    expect(sameSettings(DEFAULT_SHELL_SETTINGS, read)).toBe(true);
    expect(
      sameSettings(DEFAULT_SHELL_SETTINGS, {
        ...read,
        themeColors: { ...read.themeColors, accent: '#ff0000' },
      }),
    ).toBe(false);
    expect(sameSettings(DEFAULT_SHELL_SETTINGS, { ...read, snackbarMs: read.snackbarMs + 1 })).toBe(
      false,
    );
  });
});
