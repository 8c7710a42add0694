import { chromium } from 'playwright-core';
import { startServer } from './sync.bench';
import { CHROMIUM_ARGS } from './browser';
const server = await startServer(3193, { WEB_DIST: '/work/main/apps/web/dist' });
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
const context = await browser.newContext();
const page = await context.newPage();
const cdp = await context.newCDPSession(page);
await cdp.send('Profiler.enable');
await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
await cdp.send('Profiler.start');
await page.goto(server.url + '/signin');
await page.waitForTimeout(3000);
const { profile } = await cdp.send('Profiler.stop');
const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
const parent = new Map<number, number>();
for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
const incl = new Map<string, number>();
let t = profile.startTime;
// first busy stretch: the first sample in a vendor chunk and 400 ms (4x) after it
const samples = profile.samples!, dt = profile.timeDeltas!;
let start = -1;
for (let i = 0; i < samples.length; i++) {
  t += dt[i]!;
  const n = nodes.get(samples[i]!)!;
  if (start < 0 && n.callFrame.url.includes('vendor')) start = t;
  if (start < 0 || t > start + Number(process.env.WINDOW ?? 400000)) continue;
  const seen = new Set<string>();
  for (let id: number | undefined = samples[i]; id !== undefined; id = parent.get(id)) {
    const f = nodes.get(id)!.callFrame;
    const key = `${f.functionName || '(anon)'} ${f.url.replace(/.*\//, '')}:${f.lineNumber}:${f.columnNumber}`;
    if (seen.has(key)) continue; seen.add(key);
    incl.set(key, (incl.get(key) ?? 0) + dt[i]!);
  }
}
console.log([...incl].sort((a, b) => b[1] - a[1]).slice(0, 45).map(([k, v]) => `${(v / 1000).toFixed(1)} ${k}`).join('\n'));
await browser.close(); await server.stop();
