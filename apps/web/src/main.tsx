// MUI's typeface, shipped with the app (no font CDN: the app must look the same offline).
import '@fontsource/roboto/latin-400.css';
import '@fontsource/roboto/latin-500.css';
import '@fontsource/roboto/latin-700.css';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App, createAppRouter } from './app/app';
import { detectBrowserLanguage } from './lib/i18n/detect-language';
import { bindDocumentLanguage, createI18n } from './lib/i18n/i18n';
import { registerServiceWorker } from './lib/pwa/register-service-worker';

const i18n = createI18n(detectBrowserLanguage());
bindDocumentLanguage(i18n);

const router = createAppRouter();
const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root');
const root = createRoot(container);
// The first render as a transition: React renders it in slices and lets the browser breathe in
// between, instead of one long task that holds a slow phone's main thread (issue 18: total
// blocking time). The boot frame of index.html stays on screen until it commits.
startTransition(() =>
  root.render(
    <StrictMode>
      <App i18n={i18n} router={router} />
    </StrictMode>,
  ),
);

// In development a service worker would serve stale modules; only real builds get one.
if (import.meta.env.PROD) void registerServiceWorker();
