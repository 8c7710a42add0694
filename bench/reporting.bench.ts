import { createHash, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { signedInContext } from './browser';
import {
  firstRow,
  inAppNavigation,
  median,
  profiled,
  pushAll,
  runBrowserBench,
  watchFirstRows,
} from './ui.bench';

/**
 * Issue 13's figures, in Chromium against a real server, for an audit of 1,000 questions in ten
 * categories with 300 findings, 100 of them with a photo (2048 x 1536 JPEGs as the app keeps
 * them, uploaded to the server, so the PDF reads each from there as a second device would):
 * - the reporting tab's first render: a page load (warm replica) to the first category's result;
 * - the PDF report: from the click on "Download the PDF report" to the file, its size and pages,
 *   and the tab's JavaScript heap at its highest while the PDF is made.
 */

const PORT = 3186;
const ITEMS = 1_000;
const FINDINGS = 300;
const PHOTOS = 100;
/** Distinct pictures drawn for the photos (each uploaded under several file ids). */
const PICTURES = 10;
const TARGETS = { firstRenderMs: 300, pdfMs: 10_000, pdfBytes: 20 * 1024 * 1024 };
const YEAR = new Date().getFullYear();
const CATEGORY_ROW = '[data-testid^="reporting-category-"]';
const TYPES = ['0', '1', '3', '9', 'ok'];
const RUNS = 5;
/** A folder for CPU profiles of the PDF runs (REPORTING_PROFILES=/tmp/p), else none. */
const PROFILES = process.env.REPORTING_PROFILES;

function seed(lead: string) {
  const id = 'report-bench';
  const commands: { name: string; args: unknown }[] = [
    {
      name: 'audit.create',
      args: {
        id,
        name: 'Lieferantenaudit Styr 2026',
        standard: 'iso9001',
        type: 'process',
        audited_by: 'internal',
        leadauditor: lead,
        planning_year: YEAR,
      },
    },
  ];
  const items = Array.from({ length: ITEMS }, (_, n) => ({
    id: `${id}-item-${n}`,
    question: {
      text: `Frage ${n + 1}: Ist die Anforderung ${n % 97} an der Linie erfüllt?`,
      no: String(n + 1),
      category: `Prozesselement ${(n % 10) + 1}`,
      importance: ['1', '3', '9'][n % 3],
    },
  }));
  for (let start = 0; start < items.length; start += 250) {
    commands.push({
      name: 'auditItem.import',
      args: { auditId: id, items: items.slice(start, start + 250) },
    });
  }
  for (let n = 0; n < FINDINGS; n += 1) {
    commands.push({
      name: 'finding.create',
      args: {
        auditId: id,
        itemId: `${id}-item-${n * 3}`,
        finding: {
          id: `${id}-finding-${n}`,
          importance: TYPES[n % TYPES.length],
          text: `Befund ${n + 1}: Prüfmittel ohne gültige Kalibrierung an Station ${n % 12}`,
          reason: 'Prüfplakette abgelaufen, Nachweis fehlt.',
          solution: 'Kalibrierung veranlassen und Prüfplan ergänzen.',
        },
      },
    });
  }
  return { id, commands };
}

/**
 * Shop-floor-like JPEGs drawn in the browser (no image library in Node): gradients, shapes and
 * sensor noise, so they compress like photos rather than like flat drawings.
 */
async function drawPictures(page: Page, count: number): Promise<Buffer[]> {
  const encoded = await page.evaluate(async (n) => {
    const pictures: string[] = [];
    for (let index = 0; index < n; index += 1) {
      const canvas = new OffscreenCanvas(2048, 1536);
      const context = canvas.getContext('2d')!;
      const gradient = context.createLinearGradient(0, 0, 2048, 1536);
      gradient.addColorStop(0, `hsl(${index * 36}, 30%, 70%)`);
      gradient.addColorStop(1, `hsl(${index * 36 + 120}, 25%, 30%)`);
      context.fillStyle = gradient;
      context.fillRect(0, 0, 2048, 1536);
      for (let shape = 0; shape < 300; shape += 1) {
        context.fillStyle = `hsla(${(shape * 47 + index * 13) % 360}, 40%, ${30 + (shape % 50)}%, 0.6)`;
        context.fillRect(
          (shape * 193) % 2048,
          (shape * 311) % 1536,
          40 + (shape % 200),
          30 + (shape % 150),
        );
      }
      const pixels = context.getImageData(0, 0, 2048, 1536);
      for (let at = 0; at < pixels.data.length; at += 4) {
        const noise = (Math.random() - 0.5) * 24;
        for (let channel = 0; channel < 3; channel += 1) {
          pixels.data[at + channel] = pixels.data[at + channel]! + noise;
        }
      }
      context.putImageData(pixels, 0, 0);
      const blob = await canvas.convertToBlob({ type: 'image/jpeg', quality: 0.85 });
      const bytes = new Uint8Array(await blob.arrayBuffer());
      let binary = '';
      for (let at = 0; at < bytes.length; at += 0x8000) {
        binary += String.fromCharCode(...bytes.subarray(at, at + 0x8000));
      }
      pictures.push(btoa(binary));
    }
    return pictures;
  }, count);
  return encoded.map((base64) => Buffer.from(base64, 'base64'));
}

/** Uploads a photo for each of the first findings and attaches it as the app does. */
async function attachPhotos(
  url: string,
  cookie: string,
  auditId: string,
  lead: string,
  pictures: readonly Buffer[],
): Promise<number> {
  const commands: { name: string; args: unknown }[] = [];
  let bytes = 0;
  for (let n = 0; n < PHOTOS; n += 1) {
    const picture = pictures[n % pictures.length]!;
    const sha256 = createHash('sha256').update(picture).digest('hex');
    const fileId = randomUUID();
    const mediaId = randomUUID();
    const target = {
      auditId,
      itemId: `${auditId}-item-${n * 3}`,
      findingId: `${auditId}-finding-${n}`,
    };
    const query = new URLSearchParams({
      auditId,
      auditItemId: target.itemId,
      findingId: target.findingId,
      mediaId,
      sha256,
    });
    const body = new FormData();
    body.append(
      'file',
      new Blob([new Uint8Array(picture)], { type: 'image/jpeg' }),
      `foto-${n + 1}.jpg`,
    );
    const response = await fetch(`${url}/api/v1/files/${fileId}?${query}`, {
      method: 'PUT',
      headers: { cookie },
      body,
    });
    if (!response.ok) throw new Error(`photo upload: ${response.status} ${await response.text()}`);
    bytes += picture.length;
    commands.push({
      name: 'finding.attachMedia',
      args: {
        ...target,
        mediaId,
        media: {
          fileId,
          name: `foto-${n + 1}.jpg`,
          contentType: 'image/jpeg',
          size: picture.length,
          sha256,
          capturedBy: lead,
          capturedAt: new Date(Date.UTC(YEAR, 2, 3, 8, n % 60)).toISOString(),
          position: { lat: 48.137 + n / 1e4, lon: 11.575 },
        },
      },
    });
  }
  await pushAll(url, cookie, commands);
  return bytes;
}

export async function benchReporting(): Promise<void> {
  await runBrowserBench(PORT, async ({ server, browser, cookie, lead }) => {
    const { id, commands } = seed(lead);
    await pushAll(server.url, cookie, commands);
    const context = await signedInContext(browser, server.url, cookie);
    try {
      await context.addInitScript(watchFirstRows, [CATEGORY_ROW]);
      const page = await context.newPage();
      const photoBytes = await attachPhotos(
        server.url,
        cookie,
        id,
        lead,
        await drawPictures(page, PICTURES),
      );
      console.log(
        `  ${PHOTOS} photos attached: ${(photoBytes / 1024 / 1024).toFixed(1)} MiB at the server`,
      );
      const url = `${server.url}/audit/${id}/auditreporting`;
      const cold = await firstRow(page, url, CATEGORY_ROW);
      await page.waitForTimeout(2_000);
      const warm: number[] = [];
      for (let run = 0; run < RUNS; run += 1) {
        warm.push(await firstRow(page, url, CATEGORY_ROW));
        await page.waitForTimeout(500);
      }
      // In the running app (decision 51's reading of "first render"): the wrap-up tab's link to
      // the reporting tab, to its first category in the DOM at a frame.
      const inApp: number[] = [];
      for (let run = 0; run < RUNS; run += 1) {
        await firstRow(page, `${server.url}/audit/${id}/auditwrapup`, '[data-testid="wrapup-tab"]');
        await page.waitForTimeout(1_000);
        inApp.push(await inAppNavigation(page, 'a[href$="/auditreporting"]', CATEGORY_ROW));
      }
      const ms = (values: number[]) => values.map((v) => v.toFixed(0)).join(', ');
      console.log(
        `reporting tab, ${ITEMS} questions, ${FINDINGS} findings: in the app, the wrap-up tab's "Reporting" to the first category (ms) ${ms(inApp)}; median ${median(inApp).toFixed(0)}, ratio to the ${TARGETS.firstRenderMs} ms target ${(median(inApp) / TARGETS.firstRenderMs).toFixed(2)}`,
      );
      console.log(
        `  page load to the first category painted: cold ${cold.toFixed(0)} ms; warm (ms) ${ms(warm)}; median ${median(warm).toFixed(0)} (app start and the replica's first read included)`,
      );

      // The PDF: the heap sampled while it is made.
      await page.waitForTimeout(1_500);
      const cdp = await context.newCDPSession(page);
      await cdp.send('HeapProfiler.collectGarbage');
      const before = (await cdp.send('Runtime.getHeapUsage')).usedSize;
      let peak = before;
      let sampling = true;
      const sampler = (async () => {
        while (sampling) {
          peak = Math.max(peak, (await cdp.send('Runtime.getHeapUsage')).usedSize);
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
      })();
      const times: number[] = [];
      const photoTimes: number[] = [];
      let size = 0;
      let pages = 0;
      for (let run = 0; run < 3; run += 1) {
        const started = performance.now();
        const [download] = await profiled(page, PROFILES, `pdf-${run + 1}`, () =>
          Promise.all([
            page.waitForEvent('download', { timeout: 120_000 }),
            page.getByTestId('reporting-pdf').click(),
          ]),
        );
        photoTimes.push(
          await page.evaluate(
            () => performance.getEntriesByName('report-pdf-photos').at(-1)?.duration ?? Number.NaN,
          ),
        );
        const file = await download.path();
        if (process.env.REPORT_PDF_KEEP) fs.copyFileSync(file, process.env.REPORT_PDF_KEEP);
        times.push(performance.now() - started);
        size = fs.statSync(file).size;
        pages = (fs.readFileSync(file, 'latin1').match(/\/Type\s*\/Page[^s]/g) ?? []).length;
        await page.getByTestId('reporting-pdf').isEnabled();
        await page.waitForTimeout(500);
      }
      sampling = false;
      await sampler;
      const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(1);
      console.log(
        `PDF report of ${FINDINGS} findings, ${PHOTOS} photos: made in (ms) ${times.map((v) => v.toFixed(0)).join(', ')}; median ${median(times).toFixed(0)}, ratio to the ${TARGETS.pdfMs} ms target ${(median(times) / TARGETS.pdfMs).toFixed(2)}; ${mb(size)} MiB (ratio to 20 MiB ${(size / TARGETS.pdfBytes).toFixed(3)}), ${pages} pages`,
      );
      console.log(
        `  of which the photos (read, fingerprint checked, downscaled): median ${median(photoTimes).toFixed(0)} ms; the layout and the file: ${(median(times) - median(photoTimes)).toFixed(0)} ms`,
      );
      console.log(
        `  tab heap: ${mb(before)} MiB before, ${mb(peak)} MiB at the highest while making the PDFs (the first run loads react-pdf and its fonts)`,
      );
    } finally {
      await context.close();
    }
  });
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  await benchReporting();
}
