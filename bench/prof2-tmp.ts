import { chromium } from 'playwright-core';
import { startServer, signIn } from './sync.bench';
import { CHROMIUM_ARGS } from './browser';
const path = process.argv[2] ?? '/signin';
const server = await startServer(3193, { WEB_DIST: '/work/main/apps/web/dist' });
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
const context = await browser.newContext();
if (path !== '/signin') {
  const cookie = await signIn(server.url);
  if (process.env.AUDITS) { const { pushAll, personId } = await import('./ui.bench'); }
  await context.addCookies(cookie.split('; ').map((pair) => { const [name, ...v] = pair.split('='); return { name: name!, value: v.join('='), url: server.url }; }));
}
const page = await context.newPage();
const cdp = await context.newCDPSession(page);
await cdp.send('Tracing.start', { categories: 'devtools.timeline,disabled-by-default-devtools.timeline', transferMode: 'ReturnAsStream' });
await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
await page.goto(server.url + path);
await page.waitForTimeout(path === '/signin' ? 3000 : 8000);
const done = new Promise<any>((r) => cdp.once('Tracing.tracingComplete', r));
await cdp.send('Tracing.end');
const { stream } = await done;
let data = '';
for (;;) { const c = await cdp.send('IO.read', { handle: stream }); data += c.data; if (c.eof) break; }
const events = JSON.parse(data).traceEvents ?? JSON.parse(data);
const main = events.filter((e: any) => e.name === 'RunTask' && e.dur > 50000);
const t0 = events.find((e: any) => e.name === 'navigationStart')?.ts ?? main[0]?.ts;
for (const task of main) {
  const inner = events.filter((e: any) => e.tid === task.tid && e.ts >= task.ts && e.ts + (e.dur ?? 0) <= task.ts + task.dur && e.dur > 8000 && e.name !== 'RunTask');
  console.log(`task at ${((task.ts - t0) / 1000).toFixed(0)} ms: ${(task.dur / 1000).toFixed(0)} ms`);
  for (const e of inner.slice(0, 12)) console.log(`   ${e.name} ${(e.dur / 1000).toFixed(0)} ms ${JSON.stringify(e.args?.data?.url ?? e.args?.data?.functionName ?? e.args?.data?.type ?? '').slice(0, 90)}`);
}
await browser.close(); await server.stop();
