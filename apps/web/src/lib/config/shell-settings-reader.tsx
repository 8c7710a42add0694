import { useEffect } from 'react';
import type { ShellSettings } from './shell-settings';
import { useConfigSegment } from './use-config-segment';

/**
 * Reads the shell's values from the `app` segment as this device has it (the default while it is
 * missing or invalid) and hands them to `ShellSettingsProvider`. Its own chunk, loaded once
 * someone is signed in: it brings the domain's configuration schemas.
 */
export default function ShellSettingsReader({
  onRead,
}: {
  onRead: (settings: ShellSettings) => void;
}) {
  const app = useConfigSegment('app');
  const snackbarMs = app.timeouts.snackbarMs;
  const bannerMs = app.timeouts.bannerMs;
  const rightDrawerWidth = app.drawers.rightWidth;
  const { primary, accent } = app.theme;
  useEffect(
    () => onRead({ snackbarMs, bannerMs, rightDrawerWidth, themeColors: { primary, accent } }),
    [onRead, snackbarMs, bannerMs, rightDrawerWidth, primary, accent],
  );
  return null;
}
