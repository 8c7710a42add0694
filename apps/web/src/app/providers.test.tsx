import { ThemeProvider, useTheme, type Theme } from '@mui/material/styles';
import { cleanup, render } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createI18n } from '../lib/i18n/i18n';
import { ConfiguredTheme } from './providers';
import { createAppTheme } from './theme';
import { DEFAULT_THEME_COLORS, type ThemeColors } from './theme-colors';

let colors: ThemeColors = DEFAULT_THEME_COLORS;
vi.mock('../lib/config/shell-settings', () => ({
  useShellSettings: () => ({ themeColors: colors }),
}));

function themeInside(outer: Theme): Theme {
  let seen: Theme | null = null;
  function Probe() {
    seen = useTheme();
    return null;
  }
  render(
    <I18nextProvider i18n={createI18n('de')}>
      <ThemeProvider theme={outer}>
        <ConfiguredTheme>
          <Probe />
        </ConfiguredTheme>
      </ThemeProvider>
    </I18nextProvider>,
  );
  return seen!;
}

describe('ConfiguredTheme', () => {
  afterEach(() => {
    cleanup();
    colors = DEFAULT_THEME_COLORS;
  });

  it('keeps the outer theme when the configured colours are the defaults', () => {
    const outer = createAppTheme('de');
    colors = { ...DEFAULT_THEME_COLORS };
    // MUI's provider hands out its own wrapper of a theme; an unbuilt theme shares its parts.
    expect(themeInside(outer).palette).toBe(outer.palette);
  });

  it('makes a theme of the configured colours when they differ', () => {
    const outer = createAppTheme('de');
    colors = { primary: '#7b1fa2', accent: 'amber' };
    const inner = themeInside(outer);
    expect(inner.palette).not.toBe(outer.palette);
    expect(inner.palette.primary.main).toBe(createAppTheme('de', { colors }).palette.primary.main);
  });
});
