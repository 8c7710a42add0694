import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { constants as zlibConstants } from 'node:zlib';
import react from '@vitejs/plugin-react';
import type { OutputBundle, OutputChunk } from 'rolldown';
import { defineConfig, type Plugin } from 'vite';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';
import { PAGE_MODULES } from './src/app/page-modules';
import { catalogPart, type CatalogPart } from './src/locales/catalog-parts';
import { VitePWA } from 'vite-plugin-pwa';

const rootPackage = JSON.parse(
  readFileSync(fileURLToPath(new URL('../../package.json', import.meta.url)), 'utf8'),
) as { version: string };

/** BUILD_ID from CI wins; a local build names its commit; without git it is a dev build. */
function buildId(): string {
  if (process.env.BUILD_ID) return process.env.BUILD_ID;
  try {
    return execFileSync('git', ['rev-parse', '--short', 'HEAD'], {
      stdio: ['ignore', 'pipe', 'ignore'],
    })
      .toString()
      .trim();
  } catch {
    return 'dev';
  }
}

const API_TARGET = 'http://127.0.0.1:3000';

/**
 * A bundle's entry chunk, the chunk a source module starts (`chunkOf('src/...')`), and the files
 * a chunk needs: itself and everything it imports (`closure`).
 */
function bundleChunks(bundle: OutputBundle) {
  const chunks = Object.values(bundle).filter((file): file is OutputChunk => file.type === 'chunk');
  const byName = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const closure = (start: string[], into = new Set<string>()): Set<string> => {
    for (const name of start) {
      if (into.has(name)) continue;
      into.add(name);
      closure(byName.get(name)?.imports ?? [], into);
    }
    return into;
  };
  const chunkOf = (module: string) =>
    chunks.find((chunk) => chunk.facadeModuleId?.replaceAll('\\', '/').endsWith(`/${module}`));
  return { entry: chunks.find((chunk) => chunk.isEntry), chunkOf, closure };
}

/**
 * What the first screen waits for, fetched together with the scripts instead of after them (issue
 * 18, a phone on a slow link). index.html asks for the session check every start makes (the page
 * shows a spinner until it answers; the app's own fetch then takes the preloaded answer; credentials
 * mode 'same-origin', crossorigin=anonymous, as the app's fetch, or the preload is not used). The
 * page's chunks depend on the URL and on whether the visitor is signed in, so the server names them
 * in index.html's `Link` header from route-preloads.json: per route of PAGE_MODULES its chunks,
 * and the sign-in page's for a visitor without a session, and the texts of the language the
 * request's Accept-Language names.
 */
function preloadFirstScreen(): Plugin {
  const SIGN_IN_PAGE = 'src/features/auth/sign-in-page.tsx';
  // Each language's texts, a chunk of its own (src/lib/i18n/catalogs.ts).
  const CATALOGS = ['de', 'en'];
  return {
    name: 'qa-preload-first-screen',
    apply: 'build',
    generateBundle(_options, bundle) {
      const { entry, chunkOf, closure } = bundleChunks(bundle);
      if (!entry) this.error('route preloads: no entry chunk');
      const loaded = closure([entry.fileName]);
      // The domain's schemas and commands are evaluated in steps after the first paint
      // (src/lib/domain-stages); in the entry's closure they would load and run on every start,
      // the sign-in page's included.
      for (const name of loaded) {
        const chunk = bundle[name];
        const domain =
          chunk?.type === 'chunk' &&
          Object.keys(chunk.modules).find((id) =>
            /packages[\\/]domain[\\/]src[\\/]commands[\\/]commands\.ts$|zod[\\/]v4[\\/](classic|mini)[\\/]schemas/.test(
              id,
            ),
          );
        if (domain) this.error(`the entry's chunks must not contain ${domain} (${name})`);
      }
      const chunksOf = (modules: readonly string[], pattern: string) => {
        const files = new Set<string>();
        for (const module of modules) {
          const chunk = chunkOf(module);
          if (!chunk) this.error(`route preloads: ${module} (${pattern}) is no chunk of its own`);
          for (const name of closure([chunk.fileName])) if (!loaded.has(name)) files.add(name);
        }
        return [...files];
      };
      const routes = PAGE_MODULES.map(({ pattern, modules, public: open }) => ({
        pattern,
        files: chunksOf(modules, pattern),
        ...(open ? { public: true } : {}),
      }));
      this.emitFile({
        type: 'asset',
        fileName: 'route-preloads.json',
        source: `${JSON.stringify(
          {
            signIn: chunksOf([SIGN_IN_PAGE], '/signin'),
            routes,
            catalogs: Object.fromEntries(
              CATALOGS.map((language) => [
                language,
                chunksOf([`src/locales/${language}.first.js`], language),
              ]),
            ),
          },
          null,
          2,
        )}\n`,
      });
    },
    transformIndexHtml: {
      order: 'post',
      handler: () => [
        {
          tag: 'link',
          attrs: { rel: 'preload', href: '/api/v1/session', as: 'fetch', crossorigin: 'anonymous' },
          injectTo: 'head-prepend',
        },
      ],
    },
  };
}
const TEAL_700 = '#00796b';

/**
 * React Router 7 names only its development files in its package exports (remix-run/react-router
 * #14102, open), so a build would ship its dev warnings and checks. Its production files sit
 * beside them; a production build takes those. Both subpaths the app imports are listed, the
 * longer first (aliases match by prefix).
 */
function reactRouterProduction(command: 'build' | 'serve') {
  if (command !== 'build') return [];
  const packageJson = createRequire(import.meta.url).resolve('react-router/package.json');
  const dist = path.join(path.dirname(packageJson), 'dist', 'production', path.sep);
  return [
    { find: /^react-router\/dom$/, replacement: `${dist}dom-export.mjs` },
    { find: /^react-router$/, replacement: `${dist}index.mjs` },
  ];
}

/**
 * exceljs (the measures list's Excel export, loaded when chosen): its package `main` is the Node
 * source (fs, streams, zlib) and its `browser` field a browserify bundle that carries core-js
 * polyfills. The same bundle without them (`exceljs.bare.min.js`, "for modern browsers" in its
 * README) is what the app uses: about 85 KB less, and no polyfills patching the page's globals.
 */
const EXCELJS_BROWSER = {
  find: /^exceljs$/,
  replacement: createRequire(import.meta.url).resolve('exceljs/dist/exceljs.bare.min.js'),
};

/**
 * react-pdf's layout asks `Buffer.isBuffer(source)` of every image, a Node global the browser
 * lacks: each photo of a report logged "Buffer is not defined" and lost its image cache key.
 * The question is asked only where Buffer exists; no global Buffer is put on the page, which
 * other libraries would take for Node. The build fails if a new version words it otherwise.
 */
function reactPdfWithoutNodeBuffer(): Plugin {
  const ASKED = 'Buffer.isBuffer(source)';
  return {
    name: 'react-pdf-without-node-buffer',
    transform(code, id) {
      if (!/[\\/]@react-pdf[\\/]layout[\\/]lib[\\/]index\.js$/.test(id)) return null;
      if (!code.includes(ASKED)) this.error(`react-pdf layout no longer asks ${ASKED}`);
      return code.replaceAll(ASKED, `(typeof Buffer !== 'undefined' && ${ASKED})`);
    },
  };
}

/**
 * MUI's `createTheme` and `ThemeProvider` import the CSS-variables theme and its provider
 * (`createThemeWithVars`, `CssVarsProvider`: colour-scheme storage, the variables' generator)
 * next to the plain ones, and choose at run time. The app's theme has no `cssVariables` and no
 * `colorSchemes` (theme.ts), so those branches never run; each first load still carried about
 * 22 KB of them (decision 85). They are replaced by modules that fail loudly, in case a theme
 * ever asks for CSS variables: the unit tests, which run without this build step, would not tell.
 */
function muiWithoutCssVariablesTheme(): Plugin {
  const STUBS: Record<string, string> = {
    './createThemeWithVars.mjs':
      "export default function createThemeWithVars() { throw new Error('CSS variables themes are not built in (vite.config.ts, decision 85)'); }",
    './ThemeProviderWithVars.mjs':
      "export function CssVarsProvider() { throw new Error('CSS variables themes are not built in (vite.config.ts, decision 85)'); }",
  };
  const PREFIX = '\0mui-without-css-variables:';
  return {
    name: 'mui-without-css-variables-theme',
    enforce: 'pre',
    apply: 'build',
    resolveId(source, importer) {
      if (!importer || !(source in STUBS)) return null;
      if (!/[\\/]@mui[\\/]material[\\/]styles[\\/](createTheme|ThemeProvider)\.mjs$/.test(importer))
        return null;
      return PREFIX + source;
    },
    load(id) {
      return id.startsWith(PREFIX) ? STUBS[id.slice(PREFIX.length)] : null;
    },
  };
}

/**
 * An object made when one of its properties is first read (a Proxy that forwards to it).
 * Serialized into the build by muiLazyDefaultThemes: keep it self-contained.
 */
export function lazyObject<T extends object>(make: () => T): T {
  let made: T | undefined;
  const real = () => (made ??= make());
  return new Proxy({} as T, {
    get: (_target, key) => Reflect.get(real(), key),
    has: (_target, key) => Reflect.has(real(), key),
    ownKeys: () => Reflect.ownKeys(real()),
    getOwnPropertyDescriptor: (_target, key) => {
      const descriptor = Reflect.getOwnPropertyDescriptor(real(), key);
      return descriptor && { ...descriptor, configurable: true };
    },
    getPrototypeOf: () => Reflect.getPrototypeOf(real()),
  });
}

/** What MUI's modules that make a default theme say (checked by the plugin and its test). */
export const MUI_DEFAULT_THEME = {
  files: /[\\/]@mui[\\/]material[\\/](styles[\\/]defaultTheme|Box[\\/]Box)\.mjs$/,
  made: 'const defaultTheme = createTheme();',
};

/**
 * MUI makes two default themes when its modules are evaluated (`styles/defaultTheme` for
 * components outside a ThemeProvider, and Box's own), about 15 ms of every start at a phone's
 * CPU in the longest task (issue 40). Every screen renders inside the app's ThemeProvider, so
 * neither is read; each becomes a lazyObject, made if something ever reads it.
 */
export function muiLazyDefaultThemes(): Plugin {
  return {
    name: 'mui-lazy-default-themes',
    apply: 'build',
    transform(code, id) {
      if (!MUI_DEFAULT_THEME.files.test(id)) return null;
      if (!code.includes(MUI_DEFAULT_THEME.made))
        this.error(`${id} makes its default theme differently now (muiLazyDefaultThemes)`);
      return code.replace(
        MUI_DEFAULT_THEME.made,
        `const defaultTheme = (${lazyObject.toString()})(() => createTheme());`,
      );
    },
  };
}

/**
 * Each language's texts in two parts (decision 86): `virtual:texts/de/first` and
 * `virtual:texts/de/later` are made from `src/locales/de.json` (catalog-parts.ts names the later
 * part's namespaces), each a module and chunk of its own (`src/locales/de.first.js`, a file that
 * exists only in the build) that the app imports in src/lib/i18n/catalogs.ts. The unit tests use
 * it too.
 */
export function catalogParts(): Plugin {
  const SPECIFIER = /^virtual:texts\/(de|en)\/(first|later)$/;
  const LOCALES = path.join(path.dirname(fileURLToPath(import.meta.url)), 'src', 'locales');
  const ID = /[\\/]src[\\/]locales[\\/](de|en)\.(first|later)\.js$/;
  return {
    name: 'qa-catalog-parts',
    enforce: 'pre',
    resolveId(source) {
      const match = SPECIFIER.exec(source);
      return match ? path.join(LOCALES, `${match[1]}.${match[2]}.js`) : null;
    },
    load(id) {
      const match = ID.exec(id);
      if (!match) return null;
      const file = path.join(LOCALES, `${match[1]}.json`);
      this.addWatchFile(file);
      const catalog = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
      // JSON.parse of a string is quicker to start than the same object as a literal.
      const text = JSON.stringify(catalogPart(catalog, match[2] as CatalogPart));
      return `export default JSON.parse(${JSON.stringify(text)});`;
    },
  };
}

export default defineConfig(({ command }) => ({
  resolve: { alias: [...reactRouterProduction(command), EXCELJS_BROWSER] },
  define: {
    __APP_VERSION__: JSON.stringify(rootPackage.version),
    __APP_BUILD__: JSON.stringify(buildId()),
  },
  plugins: [
    react(),
    catalogParts(),
    preloadFirstScreen(),
    reactPdfWithoutNodeBuffer(),
    muiWithoutCssVariablesTheme(),
    muiLazyDefaultThemes(),
    VitePWA({
      strategies: 'generateSW',
      registerType: 'autoUpdate',
      // main.tsx registers the worker itself, and only in production builds.
      injectRegister: null,
      includeAssets: ['favicon.svg', 'icons/*.png'],
      // One manifest for both languages (the app switches at run time), so its texts are
      // bilingual; `lang` names the language they start with.
      manifest: {
        name: 'Quality Audit · Qualitätsaudit',
        short_name: 'Audit',
        description:
          'Plan, prepare, execute, report and follow up quality audits. · ' +
          'Qualitätsaudits planen, vorbereiten, durchführen, berichten und nachverfolgen.',
        lang: 'en',
        dir: 'ltr',
        theme_color: TEAL_700,
        background_color: '#ffffff',
        display: 'standalone',
        start_url: '/',
        scope: '/',
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png' },
          {
            src: '/icons/icon-maskable-512.png',
            sizes: '512x512',
            type: 'image/png',
            purpose: 'maskable',
          },
          { src: '/favicon.svg', sizes: 'any', type: 'image/svg+xml' },
        ],
      },
      workbox: {
        // Every built asset, so every route (each its own chunk) opens with no network.
        globPatterns: ['**/*.{js,css,html,svg,png,ico,webmanifest,woff}'],
        maximumFileSizeToCacheInBytes: 5 * 1024 * 1024,
        navigateFallback: '/index.html',
        // The API and the health check must always reach the server, never the app shell.
        navigateFallbackDenylist: [/^\/api\//, /^\/healthz/],
        cleanupOutdatedCaches: true,
        clientsClaim: true,
        skipWaiting: true,
      },
    }),
    // A brotli and a gzip copy beside every text file, index.html included: the server sends
    // them as they are (preCompressed), so a phone on a slow link loads about a quarter of the
    // bytes and the server spends no CPU per request. Brotli at its highest quality, as it is
    // paid once at build time. sw.js and the workbox runtime are written after this step and
    // stay plain (about 20 KB, fetched in the background after the first screen).
    compression({
      include: /\.(html|js|mjs|css|json|webmanifest|svg)$/,
      algorithms: [
        defineAlgorithm('brotliCompress', {
          params: { [zlibConstants.BROTLI_PARAM_QUALITY]: zlibConstants.BROTLI_MAX_QUALITY },
        }),
        defineAlgorithm('gzip', { level: 9 }),
      ],
    }),
  ],
  server: {
    proxy: {
      '/api': { target: API_TARGET, ws: true },
      '/healthz': { target: API_TARGET },
    },
  },
  preview: {
    proxy: {
      '/api': { target: API_TARGET, ws: true },
      '/healthz': { target: API_TARGET },
    },
  },
  build: {
    outDir: 'dist',
    // index.html names the entry's chunks, but a lazy import preloads nothing (decision 88): the
    // helper appended a <link rel=modulepreload> per chunk the import needs, about 130 ms of a
    // first screen's main thread at a phone's CPU for the audit matrix's list; the service worker
    // has every chunk after the first visit, and the server's Link header names a first screen's.
    modulePreload: {
      polyfill: false,
      resolveDependencies: (_file, deps, { hostType }) => (hostType === 'html' ? deps : []),
    },
    // Vite warns above 500 kB. Two chunks are above, each loaded only by what needs it:
    // vendor-exceljs (about 850 kB, 240 kB compressed) by an Excel export, and the PDF report
    // (react-pdf with its layout engine, about 1.2 MB, 360 kB compressed) by a report's download.
    chunkSizeWarningLimit: 1300,
    rolldownOptions: {
      output: {
        // Vendor code changes rarely: own chunks keep the entry small and cache well. Only what
        // the first screen needs ($initial); the rest stays with the lazy route that uses it.
        codeSplitting: {
          groups: [
            {
              name: 'vendor-react',
              test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/,
              priority: 3,
              tags: ['$initial'],
            },
            {
              name: 'vendor-mui',
              test: /node_modules[\\/](@mui|@emotion|@babel[\\/]runtime|stylis|hoist-non-react-statics|react-is|react-transition-group|clsx|prop-types)[\\/]/,
              priority: 2,
              tags: ['$initial'],
            },
            // The Excel export's library (features/measures/measure-export.ts), loaded only when an
            // export is chosen; a chunk of its own so an app release does not change its name (the
            // service worker precaches it with the rest: `**/*.js` above).
            { name: 'vendor-exceljs', test: /node_modules[\\/]exceljs[\\/]/, priority: 1 },
            // Loaded by the sync engine's loader in a task of its own (sync-engine-loader.ts).
            { name: 'vendor-dexie', test: /node_modules[\\/]dexie[\\/]/, priority: 1 },
            {
              name: 'vendor-i18n',
              test: /node_modules[\\/](i18next|react-i18next|html-parse-stringify|void-elements)[\\/]/,
              priority: 1,
              tags: ['$initial'],
            },
          ],
        },
      },
    },
  },
}));
