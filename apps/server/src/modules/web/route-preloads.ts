import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';

/** What the web build writes beside index.html (apps/web/src/app/page-modules.ts). */
interface RoutePreloadFile {
  routes: { pattern: string; files: string[] }[];
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

/**
 * The `Link` header of an index.html answer: the chunks of the page the URL opens, as module
 * preloads, so a first visit on a slow link fetches them together with the app's own code
 * instead of after it has run (issue 18; the build writes route-preloads.json). Read again when
 * the build changed it, as index.html is; without the file (a development build, an older
 * build) there is no header.
 */
export function createRoutePreloads(webDist: string): (pathname: string) => string | null {
  const file = path.join(webDist, 'route-preloads.json');
  let cached: { mtimeMs: number; routes: RoutePreloadFile['routes'] } | null = null;
  const routes = (): RoutePreloadFile['routes'] => {
    try {
      const { mtimeMs } = statSync(file);
      if (cached?.mtimeMs !== mtimeMs) {
        const parsed = JSON.parse(readFileSync(file, 'utf8')) as Partial<RoutePreloadFile>;
        cached = { mtimeMs, routes: Array.isArray(parsed.routes) ? parsed.routes : [] };
      }
      return cached.routes;
    } catch {
      return [];
    }
  };
  return (pathname) => {
    const normalized = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
    const route = routes().find((candidate) => matches(candidate.pattern, normalized));
    const files = (route?.files ?? []).filter(
      (name) => typeof name === 'string' && /^assets\/[\w.-]+\.js$/.test(name),
    );
    if (files.length === 0) return null;
    return files.map((name) => `</${name}>; rel=modulepreload; crossorigin`).join(', ');
  };
}
