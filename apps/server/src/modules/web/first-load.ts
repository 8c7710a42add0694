import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { createRoutePreloads } from './route-preloads';

/**
 * What a first visit of a page transfers, computed from a built web app (issue 40 item 2): the
 * page itself (index.html), the scripts and styles it names (the entry and its module preloads,
 * any stylesheet), and the chunks the server's `Link` header names for that URL
 * (`createRoutePreloads`, the same code the server answers with, signed in or not, with the texts
 * of the request's language). Each file counts at the size the server sends it: the brotli copy
 * when the build wrote one, else the gzip copy, else the file itself. That is @fastify/static's
 * `preCompressed` choice (web.routes.ts) for a browser's `Accept-Encoding: gzip, deflate, br,
 * zstd`: it prefers br, then gzip, and falls back to the next when a copy is missing.
 * Bodies only: headers depend on the transport, and no timing is involved, so the figures are the
 * same on every machine.
 */

export interface FirstScreen {
  /** The page's name in the budget file. */
  page: string;
  /** A URL that opens it. */
  url: string;
  /** Whether the visitor has a session cookie (the server then names the page's own chunks). */
  signedIn: boolean;
}

/** The four first screens issue 40 guards, as bench/lighthouse.bench.ts opens them. */
export const FIRST_SCREENS: readonly FirstScreen[] = [
  { page: 'signin', url: '/signin', signedIn: false },
  { page: 'matrix', url: '/auditmatrix', signedIn: true },
  { page: 'dashboard', url: '/', signedIn: true },
  { page: 'execution', url: '/audit/lighthouse-audit-0/auditexecution', signedIn: true },
];

/** The languages a start may load, each by a browser asking for it first. */
const ACCEPT_LANGUAGES = { en: 'en-US,en;q=0.9', de: 'de-DE,de;q=0.9,en;q=0.8' } as const;

export interface ServedFile {
  /** Path under the built app, e.g. `assets/index-abc.js`. */
  name: string;
  bytes: number;
  encoding: 'br' | 'gzip' | 'identity';
}

export interface FirstLoad {
  page: string;
  url: string;
  /** The language whose start transfers more (the figure is the larger of the two). */
  language: keyof typeof ACCEPT_LANGUAGES;
  bytes: number;
  /** Largest first. */
  files: ServedFile[];
}

/** The file as the server sends it to a browser that accepts brotli and gzip. */
export function servedFile(webDist: string, name: string): ServedFile {
  const file = path.join(webDist, name);
  for (const [suffix, encoding] of [
    ['.br', 'br'],
    ['.gz', 'gzip'],
  ] as const) {
    if (existsSync(file + suffix)) return { name, bytes: statSync(file + suffix).size, encoding };
  }
  return { name, bytes: statSync(file).size, encoding: 'identity' };
}

/** The local scripts and styles index.html makes the browser fetch before the app runs. */
export function entryFiles(indexHtml: string): string[] {
  const names: string[] = [];
  const local = (url: string | undefined) =>
    url && url.startsWith('/') && !url.startsWith('//') && !url.startsWith('/api/')
      ? url.slice(1)
      : null;
  for (const tag of indexHtml.match(/<(script|link)\b[^>]*>/gi) ?? []) {
    const attribute = (name: string) =>
      new RegExp(`\\s${name}\\s*=\\s*["']([^"']*)["']`, 'i').exec(tag)?.[1];
    const name = tag.toLowerCase().startsWith('<script')
      ? local(attribute('src'))
      : /^(modulepreload|stylesheet)$/i.test(attribute('rel') ?? '')
        ? local(attribute('href'))
        : null;
    if (name) names.push(name);
  }
  return names;
}

/** The files a `Link` header names (`</assets/x.js>; rel=modulepreload; crossorigin, ...`). */
function linkFiles(link: string | null): string[] {
  return [...(link ?? '').matchAll(/<\/([^>]+)>/g)].map((match) => match[1]!);
}

/** What the first load of `screen` transfers, in the language whose start costs more. */
export function firstLoadOf(webDist: string, screen: FirstScreen): FirstLoad {
  const preloadsFor = createRoutePreloads(webDist);
  const indexHtml = readFileSync(path.join(webDist, 'index.html'), 'utf8');
  const loads = Object.entries(ACCEPT_LANGUAGES).map(([language, acceptLanguage]) => {
    const names = new Set([
      'index.html',
      ...entryFiles(indexHtml),
      ...linkFiles(preloadsFor(screen.url, screen.signedIn, acceptLanguage)),
    ]);
    const files = [...names]
      .map((name) => servedFile(webDist, name))
      .sort((a, b) => b.bytes - a.bytes || a.name.localeCompare(b.name));
    return {
      page: screen.page,
      url: screen.url,
      language: language as FirstLoad['language'],
      bytes: files.reduce((sum, file) => sum + file.bytes, 0),
      files,
    };
  });
  return loads.reduce((larger, load) => (load.bytes > larger.bytes ? load : larger));
}

/** apps/web/byte-budget.json: each first screen's budget in bytes. */
export interface ByteBudgets {
  pages: Record<string, number>;
}

export function readBudgets(file: string): ByteBudgets {
  const parsed = JSON.parse(readFileSync(file, 'utf8')) as Partial<ByteBudgets>;
  if (!parsed.pages || typeof parsed.pages !== 'object') throw new Error(`${file}: no "pages"`);
  return { pages: parsed.pages };
}

const number = (bytes: number) => bytes.toLocaleString('en-US');

/**
 * Every first screen's load against its budget: the figures, and one message per page over its
 * budget (or without one) naming the page, its bytes, its budget and its biggest files.
 */
export function checkByteBudgets(
  webDist: string,
  budgets: ByteBudgets,
  screens: readonly FirstScreen[] = FIRST_SCREENS,
): { loads: FirstLoad[]; failures: string[] } {
  const loads = screens.map((screen) => firstLoadOf(webDist, screen));
  const failures: string[] = [];
  for (const load of loads) {
    const budget = budgets.pages[load.page];
    const biggest = load.files
      .slice(0, 5)
      .map((file) => `${file.name} ${number(file.bytes)}`)
      .join(', ');
    if (typeof budget !== 'number') {
      failures.push(`${load.page} (${load.url}): ${number(load.bytes)} bytes and no budget`);
    } else if (load.bytes > budget) {
      failures.push(
        `${load.page} (${load.url}, ${load.language}): ${number(load.bytes)} bytes, over its budget ` +
          `of ${number(budget)} by ${number(load.bytes - budget)}; biggest files: ${biggest}`,
      );
    }
  }
  return { loads, failures };
}

/** One line per page, for the test command's log. */
export function describeLoad(load: FirstLoad, budget: number | undefined): string {
  const share = budget
    ? ` (${((load.bytes / budget) * 100).toFixed(0)} % of ${number(budget)})`
    : '';
  return `${load.page.padEnd(10)} ${number(load.bytes).padStart(9)} bytes in ${load.files.length} files${share}, ${load.language}`;
}
