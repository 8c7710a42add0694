import { CacheProvider } from '@emotion/react';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider, useTheme, type Theme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { i18n as I18n } from 'i18next';
import { useMemo, type ReactNode } from 'react';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { SnackbarProvider, SnackbarTiming } from '../components/snackbar/snackbar-provider';
import { ShellSettingsProvider, useShellSettings } from '../lib/config/shell-settings';
import { ClientConfigProvider } from '../lib/client-config/client-config-provider';
import { isLanguage } from '../lib/i18n/detect-language';
import { SessionProvider, type SessionState } from '../lib/session/session-provider';
import { SyncProvider } from '../lib/sync/sync-provider';
import { createStyleCache } from './style-cache';
import { createAppTheme, REDUCED_MOTION } from './theme';
import { DEFAULT_THEME_COLORS, type ThemeColors } from './theme-colors';

function LocalizedTheme({
  children,
  colors,
  inherit,
}: {
  children: ReactNode;
  colors?: ThemeColors;
  /** A theme that already has these colours: used as it is instead of a new one. */
  inherit?: Theme;
}) {
  const { i18n } = useTranslation();
  const language = isLanguage(i18n.language) ? i18n.language : 'en';
  const reducedMotion = useMediaQuery(REDUCED_MOTION, { noSsr: true });
  const theme = useMemo(
    () => inherit ?? createAppTheme(language, { reducedMotion, colors }),
    [inherit, language, reducedMotion, colors],
  );
  return (
    <ThemeProvider theme={theme}>
      {colors === undefined && <CssBaseline />}
      {children}
    </ThemeProvider>
  );
}

/**
 * The configured colours (app segment), live: known only once someone is signed in (the shell
 * settings), so the screens below get a theme of their own then; until that, the defaults.
 */
export function ConfiguredTheme({ children }: { children: ReactNode }) {
  const { themeColors } = useShellSettings();
  const outer = useTheme();
  // The default colours (nearly every installation) are the outer theme's already: a second,
  // equal theme would only make every styled component of the screen compute its styles again
  // during the first load. The element tree keeps its shape either way, so nothing remounts
  // when configured colours arrive.
  const isDefault =
    themeColors.primary === DEFAULT_THEME_COLORS.primary &&
    themeColors.accent === DEFAULT_THEME_COLORS.accent;
  return (
    <LocalizedTheme colors={themeColors} inherit={isDefault ? outer : undefined}>
      {children}
    </LocalizedTheme>
  );
}

const STYLE_CACHE = createStyleCache();

/** Everything the routes rely on that does not need the router itself. */
export function AppProviders({
  i18n,
  session,
  children,
}: {
  i18n: I18n;
  /** The session as the start found it (main.tsx), if it answered in time. */
  session?: SessionState;
  children: ReactNode;
}) {
  return (
    <CacheProvider value={STYLE_CACHE}>
      <I18nextProvider i18n={i18n}>
        <LocalizedTheme>
          <ClientConfigProvider>
            <SessionProvider initial={session}>
              <SnackbarProvider>
                <SyncProvider>
                  <ShellSettingsProvider>
                    <SnackbarTiming />
                    <ConfiguredTheme>{children}</ConfiguredTheme>
                  </ShellSettingsProvider>
                </SyncProvider>
              </SnackbarProvider>
            </SessionProvider>
          </ClientConfigProvider>
        </LocalizedTheme>
      </I18nextProvider>
    </CacheProvider>
  );
}
