import { chromium } from 'playwright-core';
import { startServer, signIn } from './sync.bench';
import { CHROMIUM_ARGS } from './browser';
const path = process.argv[2] ?? '/signin';
const server = await startServer(3193, { WEB_DIST: '/work/main/apps/web/dist' });
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
const context = await browser.newContext();
if (path !== '/signin') {
  const cookie = await signIn(server.url);
  await context.addCookies(cookie.split('; ').map((pair) => { const [name, ...v] = pair.split('='); return { name: name!, value: v.join('='), url: server.url }; }));
}
const page = await context.newPage();
const cdp = await context.newCDPSession(page);
await cdp.send('Profiler.enable');
await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
await cdp.send('Profiler.start');
await page.goto(server.url + path);
await page.waitForTimeout(path === '/signin' ? 3000 : 8000);
const { profile } = await cdp.send('Profiler.stop');
const self = new Map<string, number>();
const byUrl = new Map<string, number>();
const dt = profile.timeDeltas!; const samples = profile.samples!;
const nodeById = new Map(profile.nodes.map((n) => [n.id, n]));
for (let i = 0; i < samples.length; i++) {
  const n = nodeById.get(samples[i]!)!; const d = dt[i] ?? 0;
  const key = `${n.callFrame.functionName || '(anon)'} ${n.callFrame.url.replace(/.*\//, '')}:${n.callFrame.lineNumber}:${n.callFrame.columnNumber}`;
  self.set(key, (self.get(key) ?? 0) + d);
  const u = n.callFrame.url.replace(/.*\//, '') || n.callFrame.functionName;
  byUrl.set(u, (byUrl.get(u) ?? 0) + d);
}
const top = (m: Map<string, number>, k: number) => [...m].sort((a, b) => b[1] - a[1]).slice(0, k).map(([n, t]) => `${(t / 1000).toFixed(1)}ms ${n}`).join('\n');
console.log(top(byUrl, 15)); console.log('---'); console.log(top(self, 40));
await browser.close(); await server.stop();
