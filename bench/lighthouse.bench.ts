import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import lighthouse from 'lighthouse';
import type { Result } from 'lighthouse';
import { chromium } from 'playwright-core';
import { TEST_TLS, signIn, startServer, trustTestCertificate } from './sync.bench';
import { personId, pushAll } from './ui.bench';
import { CHROMIUM_ARGS } from './browser';

/**
 * Issue 18's mobile check: Lighthouse with its mobile defaults (Moto G class device, simulated
 * slow 4G, 4x CPU slowdown) on /signin, and signed in on the audit matrix, the dashboard and an
 * audit's execution tab (issue 40), each a cold first load
 * (Lighthouse empties the caches, the service worker and IndexedDB first, keeps the cookies).
 * Printed per page: performance, accessibility and best practices, the metrics behind the
 * performance score, and the bytes on the wire. Lighthouse is noisy on two shared cores, so each
 * page is measured several times and the median run (by performance) is reported, beside the
 * README's figure for it and the ratio of the two (issue 40 item 3: figures kept true).
 */

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const WEB_DIST = path.resolve(ROOT, process.env.WEB_DIST ?? 'apps/web/dist');
const CHROMIUM = process.env.CHROME_PATH ?? process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const PORT = Number(process.env.LIGHTHOUSE_PORT ?? 3182);
const DEBUG_PORT = Number(process.env.LIGHTHOUSE_DEBUG_PORT ?? PORT + 1);
const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
/** Set to a folder to keep each run's full report (JSON) for a closer look. */
const REPORTS = process.env.LIGHTHOUSE_REPORTS;
/** `signin`, `matrix`, `dashboard` or `execution` (comma-separated) measures those pages alone. */
const PAGES = process.env.LIGHTHOUSE_PAGES?.split(',') ?? [
  'signin',
  'matrix',
  'dashboard',
  'execution',
];
/**
 * How the server is reached: `https` (its own certificate, HTTP/2: what tablets need, as service
 * workers and the camera need a secure origin) and `http` (plain HTTP/1.1, as on one machine or
 * behind a proxy that speaks HTTP/1.1 to the browser). Both by default.
 */
const TRANSPORTS = (process.env.LIGHTHOUSE_TRANSPORTS?.split(',') ?? ['https', 'http']) as (
  'https' | 'http'
)[];
const AUDITS = 30;
/** Questions of the audit whose execution tab is measured (the first of the matrix's). */
const EXECUTION_QUESTIONS = 60;
const YEAR = new Date().getFullYear();
const TARGETS = { performance: 90, accessibility: 100, bestPractices: 100, firstLoadKb: 300 };

/** A page's figures as the README's performance table states them. */
interface ReadmeFigures {
  performance: number;
  tbt: number;
  /** KiB. */
  firstLoad: number;
}

/**
 * The README's Lighthouse rows, by page and transport: `| Lighthouse mobile, <page>, <transport>:
 * ... | <performance> / <TBT> ms / <first load> KiB | ...` (page as in LIGHTHOUSE_PAGES,
 * transport `HTTPS` or `HTTP/1.1`). A page without a row is printed without a comparison.
 */
function readmeFigures(): Map<string, ReadmeFigures> {
  const figures = new Map<string, ReadmeFigures>();
  const readme = fs.readFileSync(path.join(ROOT, 'README.md'), 'utf8');
  const row =
    /^\| Lighthouse mobile, (\w+), (HTTPS|HTTP\/1\.1)\b[^|]*\| (\d+) \/ (\d+) ms \/ (\d+) KiB/gm;
  for (const match of readme.matchAll(row)) {
    figures.set(`${match[1]} ${match[2]}`, {
      performance: Number(match[3]),
      tbt: Number(match[4]),
      firstLoad: Number(match[5]),
    });
  }
  return figures;
}

const README_FIGURES = readmeFigures();

interface PageFigures {
  performance: number;
  accessibility: number;
  bestPractices: number;
  /** Bytes the first load transferred (Lighthouse's total-byte-weight: headers and bodies). */
  transferred: number;
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
  /** What Lighthouse says could be saved by dropping JavaScript the load did not run. */
  unusedJs: number;
  /** Audits of the three categories that did not pass, for the reader to act on. */
  failing: string[];
}

function figuresOf(lhr: Result): PageFigures {
  const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
  const numeric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  const unused = lhr.audits['unused-javascript']?.details as { overallSavingsBytes?: number };
  const failing = Object.values(lhr.categories).flatMap((category) =>
    category.auditRefs
      .filter((ref) => ref.weight > 0)
      .map((ref) => lhr.audits[ref.id]!)
      .filter((audit) => audit.score !== null && audit.score < 0.9)
      .map((audit) => `${category.id}/${audit.id} (${audit.displayValue ?? audit.score})`),
  );
  return {
    performance: score('performance'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    transferred: numeric('total-byte-weight'),
    fcp: numeric('first-contentful-paint'),
    lcp: numeric('largest-contentful-paint'),
    tbt: numeric('total-blocking-time'),
    cls: numeric('cumulative-layout-shift'),
    unusedJs: unused?.overallSavingsBytes ?? 0,
    failing,
  };
}

async function measure(url: string, attempt = 1): Promise<PageFigures> {
  const result = await lighthouse(url, {
    port: DEBUG_PORT,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance', 'accessibility', 'best-practices'],
  });
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  if (result.lhr.runtimeError) {
    // Now and then its trace misses the navigation (NO_NAVSTART), and it says to run it again.
    if (attempt < 3) return measure(url, attempt + 1);
    throw new Error(result.lhr.runtimeError.message);
  }
  if (REPORTS) {
    fs.mkdirSync(REPORTS, { recursive: true });
    // One file per run, named after the page (its path's slashes as dashes).
    const page = new URL(url).pathname.slice(1).replace(/[^\w.-]+/g, '-') || 'dashboard';
    const name = `${page}-${Date.now()}.json`;
    fs.writeFileSync(path.join(REPORTS, name), JSON.stringify(result.lhr));
  }
  return figuresOf(result.lhr);
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(0)} KiB`;
const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/** `now (README was, ratio)` for one figure. */
function beside(now: number, was: number | undefined, unit = ''): string {
  return was === undefined
    ? `${now}${unit} (no README figure)`
    : `${now}${unit} (README ${was}${unit}, ratio ${(now / was).toFixed(2)})`;
}

function report(
  name: string,
  page: string,
  transport: 'https' | 'http',
  runs: PageFigures[],
): void {
  const sorted = [...runs].sort((a, b) => a.performance - b.performance);
  const median = sorted[Math.floor(sorted.length / 2)]!;
  const readme = README_FIGURES.get(`${page} ${transport === 'https' ? 'HTTPS' : 'HTTP/1.1'}`);
  console.log(
    `${name}: performance ${median.performance} (runs ${runs.map((run) => run.performance).join(', ')}; target ${TARGETS.performance}), ` +
      `accessibility ${median.accessibility} (target ${TARGETS.accessibility}), ` +
      `best practices ${median.bestPractices} (target ${TARGETS.bestPractices})`,
  );
  console.log(
    `  first load ${kb(median.transferred)} transferred (ratio to the ${TARGETS.firstLoadKb} KB target ${(median.transferred / 1000 / TARGETS.firstLoadKb).toFixed(2)}); ` +
      `FCP ${s(median.fcp)}, LCP ${s(median.lcp)}, TBT ${median.tbt.toFixed(0)} ms, CLS ${median.cls.toFixed(3)}, unused JavaScript ${kb(median.unusedJs)}`,
  );
  console.log(
    `  beside the README: performance ${beside(median.performance, readme?.performance)}, ` +
      `TBT ${beside(Math.round(median.tbt), readme?.tbt, ' ms')}, ` +
      `first load ${beside(Math.round(median.transferred / 1024), readme?.firstLoad, ' KiB')}`,
  );
  if (median.failing.length > 0) console.log(`  not passed: ${median.failing.join('; ')}`);
}

function auditCommands(lead: string) {
  const types = ['system', 'process', 'product'];
  const audits = Array.from({ length: AUDITS }, (_, n) => ({
    name: 'audit.create',
    args: {
      id: `lighthouse-audit-${n}`,
      name: `Audit ${String(n).padStart(2, '0')} ${types[n % 3]}`,
      standard: 'iso9001',
      type: types[n % 3],
      audited_by: 'internal',
      leadauditor: lead,
      planning_year: YEAR,
      planning_date: `${YEAR}-${String((n % 12) + 1).padStart(2, '0')}-15`,
    },
  }));
  const questions = Array.from({ length: EXECUTION_QUESTIONS }, (_, n) => ({
    id: `lighthouse-audit-0-item-${n}`,
    question: {
      text: `Question ${n}: is requirement ${n} met?`,
      no: String(n + 1),
      importance: '1',
    },
  }));
  return [
    ...audits,
    { name: 'auditItem.import', args: { auditId: 'lighthouse-audit-0', items: questions } },
  ];
}

export async function benchLighthouse(): Promise<void> {
  if (!fs.existsSync(path.join(WEB_DIST, 'index.html'))) {
    console.log(`${WEB_DIST} is missing: run \`npm run build\` first`);
    return;
  }
  if (!fs.existsSync(CHROMIUM)) {
    console.log(`no Chromium at ${CHROMIUM} (apt-get install -y chromium)`);
    return;
  }
  for (const transport of TRANSPORTS) await benchTransport(transport);
}

async function benchTransport(transport: 'https' | 'http'): Promise<void> {
  const secure = transport === 'https';
  if (secure) trustTestCertificate();
  const server = await startServer(PORT, { WEB_DIST, ...(secure ? TEST_TLS : {}) });
  const label = secure ? 'HTTPS, HTTP/2' : 'HTTP/1.1';
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'qa-bench-lighthouse-'));
  // Lighthouse opens its tabs in the browser's default context, which is the persistent one; its
  // cookies are the signed-in session of the matrix (Lighthouse clears storage, not cookies).
  const browser = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    args: [
      ...CHROMIUM_ARGS,
      `--remote-debugging-port=${DEBUG_PORT}`,
      // The test certificate is self-signed; a real installation's is trusted.
      ...(secure ? ['--ignore-certificate-errors'] : []),
    ],
  });
  try {
    if (PAGES.includes('signin')) {
      const signInRuns: PageFigures[] = [];
      for (let run = 0; run < RUNS; run += 1)
        signInRuns.push(await measure(`${server.url}/signin`));
      report(`/signin over ${label}`, 'signin', transport, signInRuns);
    }
    const signedIn = [
      { page: 'matrix', url: '/auditmatrix', name: `/auditmatrix (signed in, ${AUDITS} audits)` },
      { page: 'dashboard', url: '/', name: `/ (the dashboard, signed in, ${AUDITS} audits)` },
      {
        page: 'execution',
        url: '/audit/lighthouse-audit-0/auditexecution',
        name: `an audit's execution tab (signed in, ${EXECUTION_QUESTIONS} questions)`,
      },
    ].filter(({ page }) => PAGES.includes(page));
    if (signedIn.length === 0) return;

    const cookie = await signIn(server.url);
    await pushAll(server.url, cookie, auditCommands(await personId(server.url, cookie)));
    await browser.addCookies(
      cookie.split('; ').map((pair) => {
        const [name, ...value] = pair.split('=');
        return { name: name!, value: value.join('='), url: server.url };
      }),
    );
    for (const { page, url, name } of signedIn) {
      const runs: PageFigures[] = [];
      for (let run = 0; run < RUNS; run += 1) runs.push(await measure(`${server.url}${url}`));
      report(`${name} over ${label}`, page, transport, runs);
    }
  } finally {
    await browser.close();
    await server.stop();
    fs.rmSync(profile, { recursive: true, force: true });
  }
}

// `node --import tsx lighthouse.bench.ts` runs this bench alone.
if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  await benchLighthouse();
}
