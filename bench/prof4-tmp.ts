import { chromium } from 'playwright-core';
import { startServer, signIn } from './sync.bench';
import { personId, pushAll } from './ui.bench';
import { CHROMIUM_ARGS } from './browser';
const server = await startServer(3193, { WEB_DIST: process.env.WEB_DIST ?? '/work/main/apps/web/dist' });
const cookie = await signIn(server.url);
const lead = await personId(server.url, cookie);
const YEAR = new Date().getFullYear();
await pushAll(server.url, cookie, Array.from({ length: 30 }, (_, n) => ({ name: 'audit.create', args: { id: `lh-${n}`, name: `Audit ${n}`, standard: 'iso9001', type: 'process', audited_by: 'internal', leadauditor: lead, planning_year: YEAR, planning_date: `${YEAR}-03-15` } })));
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
const context = await browser.newContext();
await context.addCookies(cookie.split('; ').map((pair) => { const [name, ...v] = pair.split('='); return { name: name!, value: v.join('='), url: server.url }; }));
const page = await context.newPage();
const cdp = await context.newCDPSession(page);
await cdp.send('Profiler.enable');
await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
await cdp.send('Profiler.start');
await page.goto(server.url + '/auditmatrix');
await page.waitForTimeout(8000);
const { profile } = await cdp.send('Profiler.stop');
const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
const parent = new Map<number, number>();
for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
const incl = new Map<string, number>(); const self = new Map<string, number>();
const samples = profile.samples!, dt = profile.timeDeltas!;
const key = (f: any) => `${f.functionName || '(anon)'} ${f.url.replace(/.*\//, '')}:${f.lineNumber}:${f.columnNumber}`;
for (let i = 0; i < samples.length; i++) {
  const seen = new Set<string>();
  const leaf = nodes.get(samples[i]!)!;
  self.set(key(leaf.callFrame), (self.get(key(leaf.callFrame)) ?? 0) + dt[i]!);
  for (let id: number | undefined = samples[i]; id !== undefined; id = parent.get(id)) {
    const k = key(nodes.get(id)!.callFrame);
    if (seen.has(k)) continue; seen.add(k);
    incl.set(k, (incl.get(k) ?? 0) + dt[i]!);
  }
}
const out = (m: Map<string, number>, n: number, f = (k: string) => true) => [...m].filter(([k]) => f(k)).sort((a, b) => b[1] - a[1]).slice(0, n).map(([k, v]) => `${(v / 1000).toFixed(1)} ${k}`).join('\n');
console.log(out(incl, 70, (k) => !k.includes('vendor-react') || process.env.ALL === '1'));
console.log('--- self'); console.log(out(self, 30));
await browser.close(); await server.stop();
