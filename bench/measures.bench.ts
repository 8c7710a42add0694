import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { signedInContext } from './browser';
import { median, profiled, pushAll, runBrowserBench } from './ui.bench';

/**
 * Issue 12's figures, in Chromium against a real server with 5,000 audits and 10,000 measures:
 * - the measures list `/measures`: navigation to the first row painted, cold (empty replica, the
 *   snapshot comes over the socket) and warm (a reload reads the replica);
 * - a filter change on that list: from the click on a facet checkbox (status "New", ...) to the
 *   next painted frame with the list's new page;
 * - the dashboard `/`: navigation to the measure widget's first entry painted, cold and warm;
 * - in the running app, the main menu's "Measures" on the dashboard to the list's first row
 *   painted, and "Dashboard" back to the measure widget's first entry.
 */

const PORT = 3184;
const AUDITS = 5_000;
const MEASURES = 10_000;
const TARGETS = { listFirstRenderMs: 300, filterMs: 50, dashboardFirstRenderMs: 300 };
const YEAR = new Date().getFullYear();
/** Each cold load in a new browser context (empty replica), followed by warm reloads. */
const COLD_RUNS = 3;
const WARM_PER_COLD = 2;
/** The rows of the list (not their due line `measure-row-due` or actions `measure-row-edit`). */
const MEASURE_ROW = '[data-testid^="measure-row-bench-"]';
const DASHBOARD_MEASURE = '[data-testid^="dashboard-measure-"]';
const DASHBOARD_AUDIT = '[data-testid^="dashboard-audit-"]';
const OTHERS = ['bench-person-0', 'bench-person-1', 'bench-person-2'];
/**
 * A folder to write Chrome CPU profiles to (`*.cpuprofile`, open them in DevTools' Performance
 * panel): the filter changes, a warm reload of the list and of the dashboard. For readable names,
 * point `WEB_DIST` at an unminified build (`npx vite build --minify false --outDir <dir>`).
 */
const PROFILES = process.env.MEASURES_PROFILES;

type Mutation = { name: string; args: unknown };

/** A day `offset` days from today, as the measure's `dueDate` (local calendar day). */
function day(offset: number): string {
  const date = new Date();
  date.setDate(date.getDate() + offset);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/**
 * Three more people (assignees and lead auditors), 5,000 audits (one in ten led by the bench
 * person, so the dashboard's audit widget has 500 to choose from), then 10,000 measures: 70 % of
 * an audit, a fifth assigned to the bench person, a fifth unassigned, due from 60 days ago to
 * 120 days ahead (about a third overdue), and moved along the workflow: half "New", a quarter
 * "Open", an eighth each "In progress" and "Completed", one in forty through the effectiveness
 * check to "Effective".
 */
function seedCommands(me: string): Mutation[] {
  const mutations: Mutation[] = OTHERS.map((id, n) => ({
    name: 'person.createInactive',
    args: { id, displayName: `Bench Person ${n}`, email: `bench-person-${n}@example.com` },
  }));
  const types = ['system', 'process', 'product'];
  for (let n = 0; n < AUDITS; n += 1) {
    mutations.push({
      name: 'audit.create',
      args: {
        id: `bench-audit-${n}`,
        name: `Audit ${String(n).padStart(4, '0')} ${types[n % 3]}`,
        standard: 'iso9001',
        type: types[n % 3],
        audited_by: 'internal',
        leadauditor: n % 10 === 0 ? me : OTHERS[n % 3],
        planning_year: YEAR - (n % 3),
        planning_date: `${YEAR - (n % 3)}-${String((n % 12) + 1).padStart(2, '0')}-01`,
      },
    });
  }
  const assignees = [[me], [OTHERS[0]], [OTHERS[1], OTHERS[2]], [OTHERS[2]], []];
  const steps: Mutation[] = [];
  for (let n = 0; n < MEASURES; n += 1) {
    const id = `bench-measure-${n}`;
    const auditId = n % 10 < 7 ? `bench-audit-${(n * 7) % AUDITS}` : null;
    mutations.push({
      name: 'measure.create',
      args: {
        id,
        text: `Measure ${n}: correct deviation ${n % 97} in process step ${(n % 13) + 1}`,
        description: `Found in area ${n % 31}; check the work instruction and train the team.`,
        measuretype: ['immediate', 'corrective', 'preventive'][n % 3],
        priority: ['low', 'medium', 'high'][n % 3],
        dueDate: day(((n * 7_919) % 180) - 60),
        assignedTo: assignees[n % 5],
        audit_id: auditId,
      },
    });
    // Status: n % 8 in 0-3 New, 4-5 Open, 6 In progress, 7 Completed (or Effective).
    const target = [1, 1, 1, 1, 2, 2, 3, 4][n % 8]!;
    const effective = n % 40 === 7;
    for (let to = 2; to <= (effective ? 5 : target); to += 1) {
      steps.push({ name: 'measure.changeStatus', args: { id, auditId, to: String(to) } });
    }
    if (effective) {
      steps.push({
        name: 'measure.checkEffectiveness',
        args: { id, auditId, effective: true, comment: 'Checked on site' },
      });
    }
  }
  return [...mutations, ...steps];
}

/**
 * Before any page script: for each selector, when it first matches (`__firstRow`, by a
 * MutationObserver) and when the frame showing it has been painted (`__firstPaint`: a task
 * after the next animation frame, as ui.bench.ts times the keystroke echo).
 */
function watchFirstPaints(selectors: string[]): void {
  const w = window as unknown as {
    __firstRow: Record<string, number>;
    __firstPaint: Record<string, number>;
  };
  const seen: Record<string, number> = {};
  const painted: Record<string, number> = {};
  w.__firstRow = seen;
  w.__firstPaint = painted;
  new MutationObserver(() => {
    for (const selector of selectors) {
      if (seen[selector] === undefined && document.querySelector(selector)) {
        seen[selector] = performance.now();
        requestAnimationFrame(() =>
          setTimeout(() => {
            painted[selector] = performance.now();
          }),
        );
      }
    }
  }).observe(document, { childList: true, subtree: true });
}

interface FirstPaint {
  /** Navigation start to the element in the DOM. */
  dom: number;
  /** Navigation start to the frame showing it painted. */
  painted: number;
}

/** Loads `url` (a navigation or a reload) and reads when `selector` was first painted. */
async function firstPaint(
  page: Page,
  url: string,
  selector: string,
  also: string[] = [],
): Promise<FirstPaint & { others: number[] }> {
  await page.goto(url);
  await page.waitForFunction(
    (wanted) => {
      const painted = (window as unknown as { __firstPaint?: Record<string, number> }).__firstPaint;
      return wanted.every((s) => painted?.[s] !== undefined);
    },
    [selector, ...also],
    { timeout: 120_000, polling: 50 },
  );
  return page.evaluate(
    ({ wanted, more }) => {
      const w = window as unknown as {
        __firstRow: Record<string, number>;
        __firstPaint: Record<string, number>;
      };
      return {
        dom: w.__firstRow[wanted]!,
        painted: w.__firstPaint[wanted]!,
        others: more.map((s) => w.__firstPaint[s]!),
      };
    },
    { wanted: selector, more: also },
  );
}

/**
 * Waits until the cold load's snapshot is in the replica: every measure stored and every query
 * the page holds answered once (the warm reloads then read the replica, not the socket).
 */
async function waitForReplica(page: Page, personId: string): Promise<void> {
  const deadline = Date.now() + 120_000;
  for (;;) {
    // (No named functions inside: tsx would wrap them in a helper the page does not have.)
    const state = await page.evaluate(async (name) => {
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const open = indexedDB.open(name);
        open.onsuccess = () => resolve(open.result);
        open.onerror = () => reject(open.error);
      });
      try {
        const tx = db.transaction(['documents', 'queries'], 'readonly');
        const counting = tx.objectStore('documents').index('collection').count('measures');
        const reading = tx.objectStore('queries').getAll();
        await new Promise((resolve, reject) => {
          tx.oncomplete = resolve;
          tx.onerror = () => reject(tx.error);
        });
        const queries = reading.result as { fetched: boolean }[];
        return {
          measures: counting.result,
          unanswered: queries.filter((query) => !query.fetched).length,
        };
      } finally {
        db.close();
      }
    }, `qa-replica-${personId}`);
    if (state.measures >= MEASURES && state.unanswered === 0) return;
    if (Date.now() > deadline) {
      throw new Error(`replica not filled: ${JSON.stringify(state)}`);
    }
    await page.waitForTimeout(250);
  }
}

interface LoadFigures {
  cold: FirstPaint[];
  warm: FirstPaint[];
  /** The painted times of the `also` selectors, per load. */
  others: { cold: boolean; painted: number[] }[];
}

/**
 * `COLD_RUNS` times: a new context (empty replica, no caches, no service worker) loads `url`,
 * then, once its replica is filled, `WARM_PER_COLD` reloads. `last` gets the last page open.
 */
async function loads(
  browser: Browser,
  server: { url: string; cookie: string; personId: string },
  pathname: string,
  selector: string,
  options: { also?: string[]; last?: (page: Page) => Promise<void> } = {},
): Promise<LoadFigures> {
  const figures: LoadFigures = { cold: [], warm: [], others: [] };
  const { also = [], last } = options;
  for (let run = 0; run < COLD_RUNS; run += 1) {
    const context: BrowserContext = await signedInContext(browser, server.url, server.cookie);
    try {
      await context.addInitScript(watchFirstPaints, [
        MEASURE_ROW,
        DASHBOARD_MEASURE,
        DASHBOARD_AUDIT,
      ]);
      const page = await context.newPage();
      const cold = await firstPaint(page, pathname, selector, also);
      figures.cold.push(cold);
      figures.others.push({ cold: true, painted: cold.others });
      await waitForReplica(page, server.personId);
      for (let n = 0; n < WARM_PER_COLD; n += 1) {
        await page.waitForTimeout(500);
        const lastLoad = run === COLD_RUNS - 1 && n === WARM_PER_COLD - 1;
        const warm = lastLoad
          ? await profiled(page, PROFILES, `warm${pathname.replace(/\W/g, '-')}`, () =>
              firstPaint(page, pathname, selector, also),
            )
          : await firstPaint(page, pathname, selector, also);
        figures.warm.push(warm);
        figures.others.push({ cold: false, painted: warm.others });
      }
      if (run === COLD_RUNS - 1 && last) await last(page);
    } finally {
      await context.close();
    }
  }
  return figures;
}

interface FilterFigure {
  what: string;
  /** Click to the list's `list:rendered` mark (its new page committed). */
  committed: number;
  /** Click to the next painted frame after that. */
  painted: number;
}

/**
 * Ticks (or unticks) one facet value in the open filter drawer and times, in the page, the click
 * to the list's new page: the grouped list marks `list:rendered` when its page rows change
 * (list-marks.ts); the frame after that mark is the one that shows it. A tick of a status is
 * checked: every row then shows that status.
 */
async function toggleFacet(
  page: Page,
  facet: string,
  value: string,
  expectStatus: string | null,
): Promise<FilterFigure> {
  const figure = await page.evaluate(
    async ({ facet, value, expectStatus }) => {
      const group = document.querySelector(`[data-testid="facet-${facet}"]`);
      const option = [...(group?.querySelectorAll('label') ?? [])].find((label) =>
        label.textContent?.startsWith(`${value} (`),
      );
      const input = option?.querySelector<HTMLInputElement>('input[type="checkbox"]');
      if (!input) throw new Error(`no checkbox ${facet}: ${value}`);
      // (No named functions inside: tsx would wrap them in a helper the page does not have.)
      const t0 = performance.now();
      input.click();
      const deadline = t0 + 10_000;
      for (;;) {
        await new Promise((resolve) => requestAnimationFrame(resolve));
        const mark = performance
          .getEntriesByName('list:rendered')
          .find((entry) => entry.startTime > t0);
        const rows = [...document.querySelectorAll('[data-testid^="measure-row-bench-"]')];
        const shown =
          expectStatus === null ||
          (rows.length > 0 &&
            rows.every((row) => row.textContent?.includes(`Status: ${expectStatus} ·`)));
        if (mark && shown) {
          await new Promise((resolve) => setTimeout(resolve));
          return { committed: mark.startTime - t0, painted: performance.now() - t0 };
        }
        if (performance.now() > deadline) return { committed: Number.NaN, painted: Number.NaN };
      }
    },
    { facet, value, expectStatus },
  );
  return { what: `${expectStatus === null ? 'untick' : 'tick'} ${facet} ${value}`, ...figure };
}

/** Opens the filter drawer and times ticking and unticking several facet values. */
async function filterChanges(page: Page): Promise<FilterFigure[]> {
  // Let the load's own work (the rest of the page, subscriptions' answers) finish first.
  await page.waitForTimeout(1_500);
  await page.locator('button[aria-label^="Filter"]').click();
  await page.getByTestId('facet-status').waitFor();
  await page.waitForTimeout(1_000);
  const figures: FilterFigure[] = [];
  const values: [string, string, boolean][] = [
    ['status', 'New', true],
    ['status', 'Open', true],
    ['status', 'In progress', true],
    ['overdue', 'Overdue', false],
    ['status', 'Completed', true],
  ];
  await profiled(page, PROFILES, 'filter-changes', async () => {
    for (let round = 0; round < 2; round += 1) {
      for (const [facet, value, isStatus] of values) {
        figures.push(await toggleFacet(page, facet, value, isStatus ? value : null));
        // Past the URL write of the filter (the search pause, 500 ms) before the next change.
        await page.waitForTimeout(800);
        figures.push(await toggleFacet(page, facet, value, null));
        await page.waitForTimeout(800);
      }
    }
  });
  return figures;
}

/**
 * From the click on a main-menu entry to the new page's first entry painted, in a warm app (what
 * an auditor does most: the app is open, its replica in memory): the dashboard to the measures
 * list, and back. Each round starts with a reload of the dashboard, so the list page is not yet
 * mounted nor its code run.
 */
async function inAppNavigations(
  page: Page,
  rounds: number,
): Promise<{ toList: number[]; toDashboard: number[] }> {
  const figures = { toList: [] as number[], toDashboard: [] as number[] };
  const go = async (entry: string, selector: string) => {
    const link = page.getByTestId('left-drawer').getByRole('link', { name: entry });
    // On a wide window the menu stays open after a navigation: open it only when it is not.
    if (!(await link.isVisible())) await page.getByRole('button', { name: 'Main menu' }).click();
    await link.waitFor();
    await page.waitForTimeout(300);
    const t0 = await link.evaluate((element) => {
      const start = performance.now();
      (element as HTMLElement).click();
      return start;
    });
    await page.waitForFunction(
      (wanted) =>
        (window as unknown as { __firstPaint?: Record<string, number> }).__firstPaint?.[wanted] !==
        undefined,
      selector,
      { timeout: 60_000, polling: 50 },
    );
    const painted = await page.evaluate(
      (wanted) =>
        (window as unknown as { __firstPaint: Record<string, number> }).__firstPaint[wanted]!,
      selector,
    );
    return painted - t0;
  };
  for (let round = 0; round < rounds; round += 1) {
    await firstPaint(page, '/', DASHBOARD_MEASURE);
    await page.waitForTimeout(1_500);
    figures.toList.push(await go('Measures', MEASURE_ROW));
    await page.waitForTimeout(1_500);
    // The dashboard's entries were painted before: forget them to time the way back.
    await page.evaluate((wanted) => {
      delete (window as unknown as { __firstPaint: Record<string, number> }).__firstPaint[wanted];
      delete (window as unknown as { __firstRow: Record<string, number> }).__firstRow[wanted];
    }, DASHBOARD_MEASURE);
    figures.toDashboard.push(await go('Dashboard', DASHBOARD_MEASURE));
  }
  return figures;
}

const ms = (value: number) => value.toFixed(0);
const list = (values: number[]) => values.map(ms).join(', ');
const ratio = (value: number, target: number) => (value / target).toFixed(2);

function reportLoads(name: string, figures: LoadFigures, target: number): void {
  const cold = figures.cold.map((f) => f.painted);
  const warm = figures.warm.map((f) => f.painted);
  console.log(
    `${name}: first entry painted cold (ms) ${list(cold)}; median ${ms(median(cold))}, ratio to the ${target} ms target ${ratio(median(cold), target)}`,
  );
  console.log(
    `${name}: first entry painted warm (ms) ${list(warm)}; median ${ms(median(warm))}, ratio to the ${target} ms target ${ratio(median(warm), target)}`,
  );
  const gap = [...figures.cold, ...figures.warm].map((f) => f.painted - f.dom);
  console.log(`  (in the DOM to painted: median ${ms(median(gap))} ms)`);
}

export async function benchMeasures(): Promise<void> {
  await runBrowserBench(PORT, async ({ server, browser, cookie, lead: me }) => {
    const seeding = performance.now();
    const commands = seedCommands(me);
    await pushAll(server.url, cookie, commands);
    console.log(
      `seeded ${AUDITS} audits and ${MEASURES} measures (${commands.length} commands) in ${((performance.now() - seeding) / 1000).toFixed(1)} s`,
    );

    const target = { url: server.url, cookie, personId: me };
    let filters: FilterFigure[] = [];
    let navigations = { toList: [] as number[], toDashboard: [] as number[] };
    const listFigures = await loads(browser, target, '/measures', MEASURE_ROW, {
      last: async (page) => {
        filters = await filterChanges(page);
        navigations = await inAppNavigations(page, 5);
      },
    });
    const dashboardFigures = await loads(browser, target, '/', DASHBOARD_MEASURE, {
      also: [DASHBOARD_AUDIT],
    });

    // Two shared cores: say how busy the machine was (the figures scale with it).
    console.log(
      `load average (1/5 min) ${os
        .loadavg()
        .slice(0, 2)
        .map((v) => v.toFixed(1))
        .join(' / ')}`,
    );
    reportLoads(`measures list, ${MEASURES} measures`, listFigures, TARGETS.listFirstRenderMs);
    const painted = filters.map((f) => f.painted);
    const committed = filters.map((f) => f.committed);
    const ticks = filters.filter((f) => f.what.startsWith('tick')).map((f) => f.painted);
    const unticks = filters.filter((f) => f.what.startsWith('untick')).map((f) => f.painted);
    console.log(
      `filter change, click on a facet checkbox to the list painted (ms): ${list(painted)}; median ${ms(median(painted))} (tick ${ms(median(ticks))}, untick ${ms(median(unticks))}), ratio to the ${TARGETS.filterMs} ms target ${ratio(median(painted), TARGETS.filterMs)}`,
    );
    console.log(`  (click to the list's new page committed: median ${ms(median(committed))} ms)`);
    console.log(
      `in the app, main menu "Measures" on the dashboard to the list's first entry painted (ms): ${list(navigations.toList)}; median ${ms(median(navigations.toList))}, ratio to the ${TARGETS.listFirstRenderMs} ms target ${ratio(median(navigations.toList), TARGETS.listFirstRenderMs)}`,
    );
    console.log(
      `in the app, main menu "Dashboard" on the list to the measure widget's first entry painted (ms): ${list(navigations.toDashboard)}; median ${ms(median(navigations.toDashboard))}, ratio to the ${TARGETS.dashboardFirstRenderMs} ms target ${ratio(median(navigations.toDashboard), TARGETS.dashboardFirstRenderMs)}`,
    );
    reportLoads(
      `dashboard, ${AUDITS} audits and ${MEASURES} measures, measure widget`,
      dashboardFigures,
      TARGETS.dashboardFirstRenderMs,
    );
    const auditWidget = (cold: boolean) =>
      dashboardFigures.others.filter((f) => f.cold === cold).map((f) => f.painted[0]!);
    console.log(
      `  (the audit widget's first entry painted: cold median ${ms(median(auditWidget(true)))} ms, warm median ${ms(median(auditWidget(false)))} ms)`,
    );
  });
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  await benchMeasures();
}
