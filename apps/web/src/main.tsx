import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App, createAppRouter, routerReady } from './app/app';
import { detectBrowserLanguage } from './lib/i18n/detect-language';
import {
  bindDocumentLanguage,
  createI18nWith,
  loadFirstCatalog,
  setAppI18n,
} from './lib/i18n/catalogs';
import { afterNextPaint } from './lib/dom/after-paint';
import { nextTask } from './lib/dom/next-task';
import { registerServiceWorker } from './lib/pwa/register-service-worker';
import { checkSessionAtStart } from './lib/session/session-provider';

/**
 * How long the first render waits for the session check and the page's chunk before it shows the
 * shell with a spinner instead (the boot frame of index.html looks like that meanwhile).
 */
const FIRST_RENDER_WAIT_MS = 1500;

async function start(): Promise<void> {
  const container = document.getElementById('root');
  if (!container) throw new Error('index.html has no #root');
  // The answer index.html preloaded is usually there by the time the router and the texts are
  // made; waited for (not long), the first render is the page itself, not a session spinner.
  const session = checkSessionAtStart(FIRST_RENDER_WAIT_MS);
  const texts = loadFirstCatalog(detectBrowserLanguage());
  // Each step its own task instead of one long one after the modules were evaluated (issue
  // 18: total blocking time). The router starts loading the page's chunk as it is made.
  await nextTask();
  const router = createAppRouter();
  await nextTask();
  const root = createRoot(container);
  const [initialSession, { language, catalog }] = await Promise.all([
    session,
    texts,
    routerReady(router, FIRST_RENDER_WAIT_MS),
  ]);
  const i18n = createI18nWith(language, { [language]: catalog });
  // Chunks loaded after the first screen bring the rest of its texts (decision 86).
  setAppI18n(i18n);
  bindDocumentLanguage(i18n);
  // The first render as a transition: React renders it in slices, and the boot frame of
  // index.html stays on screen until it commits.
  startTransition(() =>
    root.render(
      <StrictMode>
        <App i18n={i18n} router={router} session={initialSession} />
      </StrictMode>,
    ),
  );
}

void start();

// In development a service worker would serve stale modules; only real builds get one. Once the
// page has loaded and painted: installing it fetches every chunk of the app for offline use, which
// on a first visit over a slow link would take the first screen's bandwidth (issue 18).
if (import.meta.env.PROD) {
  const register = () => afterNextPaint(() => void registerServiceWorker());
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}
