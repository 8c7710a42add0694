import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { languageOfPreference, type Language } from '@qa/domain';

/** What the web build writes beside index.html (apps/web/src/app/page-modules.ts). */
interface RoutePreloadFile {
  /** The sign-in page's chunks: what a page that needs a session shows a visitor without one. */
  signIn: string[];
  routes: { pattern: string; files: string[]; public?: boolean }[];
  /** Each language's texts (a start loads only the one it shows). */
  catalogs: Partial<Record<Language, string[]>>;
}

/**
 * The language the app will start in, as far as the request tells: the web app takes a choice
 * stored on the device, else German when the browser's first language is German, else English
 * (`languageOfPreference`); the browser's first language is Accept-Language's first.
 * A stored choice the other way costs that start the other catalog's few KB.
 */
function likelyLanguage(acceptLanguage: string | undefined): Language {
  return languageOfPreference(acceptLanguage?.split(',')[0]);
}

function matches(pattern: string, pathname: string): boolean {
  const want = pattern.split('/');
  const have = pathname.split('/');
  return (
    want.length === have.length &&
    want.every(
      (part, index) => part === have[index] || (part.startsWith(':') && have[index] !== ''),
    )
  );
}

const NONE: RoutePreloadFile = { signIn: [], routes: [], catalogs: {} };

/**
 * The `Link` header of an index.html answer: the chunks of the page the URL opens, as module
 * preloads, so a first visit on a slow link fetches them together with the app's own code
 * instead of after it has run (issue 18; the build writes route-preloads.json). A visitor
 * without a session cookie (`signedIn` false) is shown sign-in on every page that is not public,
 * so gets its chunks instead; a cookie that turns out stale only costs the other page's chunks.
 * The texts of the language the request asks for come along (`acceptLanguage`).
 * Read again when the build changed it, as index.html is; without the file (a development
 * build, an older build) there is no header.
 */
export function createRoutePreloads(
  webDist: string,
): (pathname: string, signedIn: boolean, acceptLanguage?: string) => string | null {
  const file = path.join(webDist, 'route-preloads.json');
  let cached: { mtimeMs: number; preloads: RoutePreloadFile } | null = null;
  const preloads = (): RoutePreloadFile => {
    try {
      const { mtimeMs } = statSync(file);
      if (cached?.mtimeMs !== mtimeMs) {
        const parsed = JSON.parse(readFileSync(file, 'utf8')) as Partial<RoutePreloadFile>;
        cached = {
          mtimeMs,
          preloads: {
            signIn: Array.isArray(parsed.signIn) ? parsed.signIn : [],
            routes: Array.isArray(parsed.routes) ? parsed.routes : [],
            catalogs: parsed.catalogs && typeof parsed.catalogs === 'object' ? parsed.catalogs : {},
          },
        };
      }
      return cached.preloads;
    } catch {
      return NONE;
    }
  };
  return (pathname, signedIn, acceptLanguage) => {
    const normalized = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
    const { signIn, routes, catalogs } = preloads();
    const route = routes.find((candidate) => matches(candidate.pattern, normalized));
    // (No route, no page: the not-found page needs no session and no chunk of its own.)
    const chosen = !route ? [] : signedIn || route.public === true ? route.files : signIn;
    const catalog = catalogs[likelyLanguage(acceptLanguage)];
    const files = [
      ...(Array.isArray(chosen) ? chosen : []),
      ...(Array.isArray(catalog) ? catalog : []),
    ].filter((name) => typeof name === 'string' && /^assets\/[\w.-]+\.js$/.test(name));
    if (files.length === 0) return null;
    return files.map((name) => `</${name}>; rel=modulepreload; crossorigin`).join(', ');
  };
}
