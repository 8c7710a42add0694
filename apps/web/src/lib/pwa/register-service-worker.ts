/**
 * Registers the generated service worker (vite-plugin-pwa, generateSW): it precaches the app
 * shell and every chunk, so after the first visit the app starts with no network. With
 * registerType 'autoUpdate' a new version activates on its own and takes over on next load.
 */
export async function registerServiceWorker(): Promise<void> {
  if (!('serviceWorker' in navigator)) return;
  const { registerSW } = await import('virtual:pwa-register');
  registerSW({
    immediate: true,
    onRegisterError(error: unknown) {
      console.error('service worker registration failed', error);
    },
  });
}
