import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { auditItemSchema, gradeVdaAudit, type AuditItem, type VdaSetup } from '@qa/domain';
import { signedInContext } from './browser';
import {
  firstRow,
  inAppNavigation,
  median,
  pushAll,
  runBrowserBench,
  watchFirstRows,
} from './ui.bench';

/**
 * Issue 19's figures for a VDA 6.3 process audit of 60 questions in P2 to P5 and P7 plus 50 P6
 * questions evaluated in 8 process steps (460 evaluations):
 * - grading it in the domain (`gradeVdaAudit`: levels, class, downgrading, validity, the
 *   explanation), median of many runs in Node;
 * - the reporting tab with the VDA result matrix in Chromium against a real server: in the app,
 *   the wrap-up tab's "Reporting" link to the matrix in the DOM at a frame, and a page load.
 * Printed, never asserted.
 */

const PORT = 3189;
const RUNS = 5;
const TARGETS = { gradeMs: 5, firstRenderMs: 300 };
const YEAR = new Date().getFullYear();
const MATRIX = '[data-testid="reporting-vda-matrix"]';
const AUDIT = 'vda-bench';
const STEPS = [
  'Stanzen',
  'Schweißen',
  'Lackieren',
  'Montage',
  'Prüfen',
  'Verpacken',
  'Lager',
  'Versand',
].map((name, n) => ({ id: `step-${n + 1}`, name }));
const SETUP: VdaSetup = { processSteps: STEPS, productProcessSplit: false };
const SCALE = [10, 8, 6, 4, 0];

/** The questions: 12 in each of P2 to P5 and P7, 50 in P6 (U1 to U6 by number). */
function questions() {
  const list: { id: string; question: Record<string, unknown>; keys: string[] }[] = [];
  for (const element of ['2', '3', '4', '5', '7']) {
    for (let n = 1; n <= 12; n += 1) {
      list.push({
        id: `${AUDIT}-${element}-${n}`,
        question: {
          text: `Frage ${element}.${n}: Ist die Anforderung erfüllt und nachgewiesen?`,
          no: `${element}.${n}`,
          category_id: element,
          category: `P${element}`,
          specialRisk: n === 3,
        },
        keys: ['all'],
      });
    }
  }
  for (let n = 0; n < 50; n += 1) {
    const sub = (n % 6) + 1;
    list.push({
      id: `${AUDIT}-6-${n}`,
      question: {
        text: `Frage 6.${sub}.${n + 1}: Wird der Prozessschritt beherrscht?`,
        no: `6.${sub}.${n + 1}`,
        category_id: '6',
        category: 'P6',
        specialRisk: n % 10 === 0,
      },
      keys: STEPS.map((step) => step.id),
    });
  }
  return list;
}

/** Mostly 10 and 8, now and then lower, deterministic. */
const pointsFor = (n: number) =>
  n % 41 === 0 ? SCALE[3]! : n % 17 === 0 ? 6 : n % 5 === 0 ? 8 : 10;

function domainItems(): AuditItem[] {
  let n = 0;
  return questions().map(({ id, question, keys }) =>
    auditItemSchema.parse({
      id,
      auditId: AUDIT,
      question,
      deviations: { [`${id}-f`]: { id: `${id}-f`, importance: '3' } },
      vda: Object.fromEntries(keys.map((key) => [key, { points: pointsFor(n++), reason: '' }])),
    }),
  );
}

export function benchGrade(): void {
  const items = domainItems();
  for (let run = 0; run < 50; run += 1) gradeVdaAudit({ items, setup: SETUP });
  const times: number[] = [];
  for (let run = 0; run < 500; run += 1) {
    const started = performance.now();
    gradeVdaAudit({ items, setup: SETUP });
    times.push(performance.now() - started);
  }
  const grade = gradeVdaAudit({ items, setup: SETUP });
  console.log(
    `VDA grade of ${items.length} questions (${grade.steps.length} process steps): median ${median(times).toFixed(3)} ms, ratio to the ${TARGETS.gradeMs} ms target ${(median(times) / TARGETS.gradeMs).toFixed(3)}; E_G ${grade.total.percent} %, class ${grade.class}, ${grade.downgrades.length} downgrading reasons`,
  );
}

function seed(lead: string) {
  const commands: { name: string; args: unknown }[] = [
    {
      name: 'audit.create',
      args: {
        id: AUDIT,
        name: 'VDA 6.3 Prozessaudit Lieferant Styr',
        standard: 'vda-6-3',
        type: 'Prozessaudit',
        audited_by: 'internal',
        leadauditor: lead,
        planning_year: YEAR,
        reportSchema: { calcSchema: 'vda63', customResult: null },
      },
    },
    { name: 'audit.update', args: { id: AUDIT, changes: { vda: SETUP } } },
  ];
  const list = questions();
  for (let start = 0; start < list.length; start += 100) {
    commands.push({
      name: 'auditItem.import',
      args: {
        auditId: AUDIT,
        items: list.slice(start, start + 100).map(({ id, question }) => ({ id, question })),
      },
    });
  }
  let n = 0;
  for (const { id, keys } of list) {
    commands.push({
      name: 'finding.create',
      args: {
        auditId: AUDIT,
        itemId: id,
        finding: { id: `${id}-f`, importance: '3', text: 'Befund' },
      },
    });
    for (const key of keys) {
      commands.push({
        name: 'auditItem.evaluate',
        args: { auditId: AUDIT, itemId: id, key, evaluation: { points: pointsFor(n++) } },
      });
    }
  }
  return commands;
}

async function benchMatrix(): Promise<void> {
  await runBrowserBench(PORT, async ({ server, browser, cookie, lead }) => {
    await pushAll(server.url, cookie, seed(lead));
    const context = await signedInContext(browser, server.url, cookie);
    try {
      await context.addInitScript(watchFirstRows, [MATRIX]);
      const page = await context.newPage();
      const url = `${server.url}/audit/${AUDIT}/auditreporting`;
      const cold = await firstRow(page, url, MATRIX);
      await page.waitForTimeout(2_000);
      const warm: number[] = [];
      for (let run = 0; run < RUNS; run += 1) {
        warm.push(await firstRow(page, url, MATRIX));
        await page.waitForTimeout(500);
      }
      const inApp: number[] = [];
      for (let run = 0; run < RUNS; run += 1) {
        await firstRow(
          page,
          `${server.url}/audit/${AUDIT}/auditwrapup`,
          '[data-testid="wrapup-tab"]',
        );
        await page.waitForTimeout(1_000);
        inApp.push(await inAppNavigation(page, 'a[href$="/auditreporting"]', MATRIX));
      }
      const ms = (values: number[]) => values.map((v) => v.toFixed(0)).join(', ');
      console.log(
        `reporting tab of a VDA audit (110 questions, 8 process steps): in the app, the wrap-up tab's "Reporting" to the result matrix (ms) ${ms(inApp)}; median ${median(inApp).toFixed(0)}, ratio to the ${TARGETS.firstRenderMs} ms target ${(median(inApp) / TARGETS.firstRenderMs).toFixed(2)}`,
      );
      console.log(
        `  page load to the matrix: cold ${cold.toFixed(0)} ms; warm (ms) ${ms(warm)}; median ${median(warm).toFixed(0)} (app start and the replica's first read included)`,
      );
    } finally {
      await context.close();
    }
  });
}

export async function benchVda(): Promise<void> {
  benchGrade();
  await benchMatrix();
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  await benchVda();
}
