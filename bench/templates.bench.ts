import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SYNC_PROTOCOL_VERSION, type ServerMessage } from '@qa/sync';
import WebSocket from 'ws';
import { signedInContext } from './browser';
import { median, pushAll, runBrowserBench } from './ui.bench';

/**
 * Issue 14's figures: "use template" with a 1,000-question template. (a) In Chromium, from the
 * click on "Use template" in the preparation tab's more menu (the one template chosen at once)
 * to the dialog's first question row in the DOM and painted; (b) copying all 1,000 questions:
 * from sending `audit.useTemplate` over the sync socket to its ack (a Node client, on the
 * server's default SQLite), each into a fresh audit. Printed, never asserted.
 */

const PORT = 3188;
const ITEMS = 1_000;
const RUNS = 5;
const TARGETS = { openMs: 300, copyMs: 1_000 };
const TEMPLATE = 'bench-template';
const ITEM_ROW = '[data-testid="template-item"]';

function seed(lead: string) {
  const commands: { name: string; args: unknown }[] = [
    { name: 'template.create', args: { id: TEMPLATE, name: 'Process audit catalogue' } },
  ];
  const items = Array.from({ length: ITEMS }, (_, n) => ({
    id: `${TEMPLATE}-item-${n}`,
    question: {
      text: `Question ${n + 1}: is requirement ${n % 97} of the process element met and evidenced?`,
      hint: `Look at the records of step ${n % 13}`,
      category: `Prozesselement ${(n % 10) + 1}`,
      no: String(n + 1),
      importance: ['1', '3', '9'][n % 3],
      chapters: [{ id: String((n % 7) + 4), standard: 'iso9001' }],
    },
  }));
  for (let start = 0; start < ITEMS; start += 250) {
    commands.push({
      name: 'templateItem.import',
      args: { templateId: TEMPLATE, items: items.slice(start, start + 250) },
    });
  }
  for (let n = 0; n <= RUNS; n += 1) {
    commands.push({
      name: 'audit.create',
      args: {
        id: `bench-use-${n}`,
        name: `Use template ${n}`,
        standard: 'iso9001',
        audited_by: 'internal',
        leadauditor: lead,
      },
    });
  }
  return commands;
}

/** Milliseconds from sending one command over a fresh sync socket to its ack. */
async function timedCommand(url: string, cookie: string, name: string, args: unknown) {
  const clientId = `bench-copy-${Date.now()}`;
  const ws = new WebSocket(`${url.replace('http', 'ws')}/api/v1/sync`, { headers: { cookie } });
  await new Promise((resolve, reject) => {
    ws.once('open', resolve);
    ws.once('error', reject);
  });
  const v = SYNC_PROTOCOL_VERSION;
  ws.send(JSON.stringify({ type: 'hello', clientId, protocolVersion: v, v }));
  const answer = new Promise<number>((resolve, reject) => {
    ws.on('message', (data) => {
      const message = JSON.parse(String(data)) as ServerMessage;
      if (message.type === 'ack') resolve(performance.now());
      if (message.type === 'reject' || message.type === 'error') {
        reject(new Error(JSON.stringify(message)));
      }
    });
  });
  const start = performance.now();
  ws.send(
    JSON.stringify({ type: 'push', mutations: [{ mutationId: 1, clientId, name, args }], v }),
  );
  const end = await answer;
  ws.close();
  return end - start;
}

export async function benchTemplates(): Promise<void> {
  await runBrowserBench(PORT, async ({ server, browser, cookie, lead }) => {
    await pushAll(server.url, cookie, seed(lead));

    // (a) The selection dialog in Chromium: the first opening reads the 1,000 questions from the
    // server, the others from the replica.
    const context = await signedInContext(browser, server.url, cookie);
    const page = await context.newPage();
    await page.goto('/audit/bench-use-0/auditpreparation');
    await page.getByTestId('list-more-actions').waitFor();
    const opens: number[] = [];
    for (let run = 0; run < RUNS; run += 1) {
      await page.getByTestId('list-more-actions').click();
      await page.getByTestId('use-template').waitFor();
      const elapsed = page.evaluate(
        (selector) =>
          new Promise<number>((resolve) => {
            const entry = document.querySelector<HTMLElement>('[data-testid="use-template"]')!;
            const start = performance.now();
            const observer = new MutationObserver(() => {
              if (document.querySelector(selector)) {
                observer.disconnect();
                // The next frame after the row is in the DOM: painted.
                requestAnimationFrame(() => setTimeout(() => resolve(performance.now() - start)));
              }
            });
            observer.observe(document.body, { childList: true, subtree: true });
            entry.click();
          }),
        ITEM_ROW,
      );
      opens.push(await elapsed);
      await page.keyboard.press('Escape');
      await page.locator(ITEM_ROW).first().waitFor({ state: 'detached' });
    }
    await context.close();
    const open = median(opens);
    console.log(
      `use template, ${ITEMS}-question template: click to first row painted (ms) ${opens.map((ms) => ms.toFixed(0)).join(', ')} (first: questions from the server); median ${open.toFixed(0)}, ratio to the ${TARGETS.openMs} ms target ${(open / TARGETS.openMs).toFixed(2)}`,
    );

    // (b) Copying all of them, each into a fresh audit.
    const copies: number[] = [];
    for (let run = 1; run <= RUNS; run += 1) {
      copies.push(
        await timedCommand(server.url, cookie, 'audit.useTemplate', {
          auditId: `bench-use-${run}`,
          templateId: TEMPLATE,
          items: Array.from({ length: ITEMS }, (_, n) => ({
            id: `bench-use-${run}-item-${n}`,
            templateItemId: `${TEMPLATE}-item-${n}`,
          })),
          standardIds: ['iso9001'],
          language: 'en',
        }),
      );
    }
    const copy = median(copies);
    console.log(
      `audit.useTemplate, ${ITEMS} questions (SQLite): send to ack (ms) ${copies.map((ms) => ms.toFixed(0)).join(', ')}; median ${copy.toFixed(0)}, ratio to the ${TARGETS.copyMs} ms target ${(copy / TARGETS.copyMs).toFixed(2)}`,
    );
  });
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  await benchTemplates();
}
