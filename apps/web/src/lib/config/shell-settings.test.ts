import { DEFAULT_APP_CONFIG } from '@qa/domain';
import { describe, expect, it } from 'vitest';
import { DEFAULT_SHELL_SETTINGS } from './shell-settings';

describe('shell settings', () => {
  it('start as the domain’s default app segment, which the first screen does not load', () => {
    expect(DEFAULT_SHELL_SETTINGS).toEqual({
      snackbarMs: DEFAULT_APP_CONFIG.timeouts.snackbarMs,
      bannerMs: DEFAULT_APP_CONFIG.timeouts.bannerMs,
      rightDrawerWidth: DEFAULT_APP_CONFIG.drawers.rightWidth,
      themeColors: DEFAULT_APP_CONFIG.theme,
    });
  });
});
