import { DEFAULT_APP_DRAWERS, DEFAULT_APP_TIMEOUTS } from '@qa/domain';
import {
  createContext,
  lazy,
  Suspense,
  useCallback,
  useContext,
  useState,
  type ReactNode,
} from 'react';
import { DEFAULT_THEME_COLORS, type ThemeColors } from '../../app/theme-colors';
import { useSyncClient } from '../sync/sync-context';

/**
 * The few values of the `app` configuration segment the shell itself reads (SPEC section 9):
 * how long a message and the back-online banner stay, and the right drawer's width.
 *
 * The shell is on the first screen, sign-in included, where neither the sync engine nor the
 * domain's schemas are loaded (issue 18: a small first load). So the shell reads them from this
 * context, which starts with the spec's defaults; once someone is signed in, a lazily loaded
 * reader parses the configured segment with the domain's schema and fills it in.
 */
export interface ShellSettings {
  snackbarMs: number;
  bannerMs: number;
  rightDrawerWidth: number;
  /** The theme's colours (theme-colors.ts). */
  themeColors: ThemeColors;
}

/** SPEC section 9: messages and the back-online banner stay 5 s; the right drawer is 500 px. */
export const DEFAULT_SHELL_SETTINGS: ShellSettings = {
  snackbarMs: DEFAULT_APP_TIMEOUTS.snackbarMs,
  bannerMs: DEFAULT_APP_TIMEOUTS.bannerMs,
  rightDrawerWidth: DEFAULT_APP_DRAWERS.rightWidth,
  themeColors: DEFAULT_THEME_COLORS,
};

export function sameSettings(a: ShellSettings, b: ShellSettings): boolean {
  return (
    a.snackbarMs === b.snackbarMs &&
    a.bannerMs === b.bannerMs &&
    a.rightDrawerWidth === b.rightDrawerWidth &&
    a.themeColors.primary === b.themeColors.primary &&
    a.themeColors.accent === b.themeColors.accent
  );
}

const ShellSettingsContext = createContext<ShellSettings>(DEFAULT_SHELL_SETTINGS);

export function useShellSettings(): ShellSettings {
  return useContext(ShellSettingsContext);
}

/**
 * A first visit that goes offline before the service worker has stored this chunk cannot load
 * it: the defaults stay (until the next start) instead of the whole app failing, as it is outside
 * every page's error boundary.
 */
const ShellSettingsReader = lazy(() =>
  import('./shell-settings-reader').catch((error: unknown) => {
    console.warn('the shell settings could not be loaded; the defaults stay', error);
    return { default: () => null };
  }),
);

/** Rendered inside the sync provider: the configuration comes through its client. */
export function ShellSettingsProvider({ children }: { children: ReactNode }) {
  const client = useSyncClient();
  const [settings, setSettings] = useState(DEFAULT_SHELL_SETTINGS);
  // The same values keep the same object, so the shell and the theme (providers.tsx) do not
  // render again for a read that changed nothing (every start's first read, as a rule).
  const onRead = useCallback(
    (next: ShellSettings) =>
      setSettings((previous) => (sameSettings(previous, next) ? previous : next)),
    [],
  );
  return (
    <ShellSettingsContext.Provider value={client ? settings : DEFAULT_SHELL_SETTINGS}>
      {client && (
        <Suspense fallback={null}>
          <ShellSettingsReader onRead={onRead} />
        </Suspense>
      )}
      {children}
    </ShellSettingsContext.Provider>
  );
}
