/**
 * Where a first screen's main thread goes (issue 40): loads pages in Chromium with the CPU
 * throttled 4x, as Lighthouse's mobile profile does, records a CPU profile of each load, and
 * prints its long tasks (50 ms and more), each with the chunks and the functions that took
 * its time. Not part of `npm run bench`: a tool for finding what to move out of a first screen.
 *
 *   npm run build   (or, for readable names: cd apps/web && npx vite build --minify false --outDir /tmp/dist-prof)
 *   WEB_DIST=/tmp/dist-prof PAGES=signin,auditmatrix,dashboard node --import tsx bench/profile-first-load.ts
 *
 * TRACE=1 takes the tasks from a trace of the load (the browser's own task boundaries).
 * PAGES: paths without the leading slash (`dashboard` is `/`; the first audit's execution tab, with
 * 60 questions, is `audit/profile-audit-0/auditexecution`); RUNS per page (1); WAIT ms
 * after the navigation (9000); FUNCS: names of functions whose time each task prints (e.g.
 * `workLoopSync,workLoopConcurrentByScheduler,commitRoot` tells React's blocking renders); PROFILES: a folder to keep the .cpuprofile files in (open them
 * in Chromium's DevTools, Performance panel). PERF=1 prints the load's timeline: each script's
 * request and arrival, the paints, the largest contentful paint's element and the sync socket's
 * opening and first messages (what the first screen's data waits for).
 */
import fs from 'node:fs';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS } from './browser';
import { signIn, startServer } from './sync.bench';
import { personId, pushAll } from './ui.bench';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface CpuProfile {
  nodes: ProfileNode[];
  startTime: number;
  samples: number[];
  timeDeltas: number[];
}

const PORT = Number(process.env.PROFILE_PORT ?? 3191);
const PAGES = (process.env.PAGES ?? 'signin,auditmatrix').split(',');
const RUNS = Number(process.env.RUNS ?? 1);
const WAIT = Number(process.env.WAIT ?? 9000);
const FUNCS = process.env.FUNCS?.split(',') ?? [];
const chunkOf = (url: string) =>
  url
    .split('/')
    .pop()
    ?.replace(/-[\w-]{8}\.js$/, '') ?? '';

interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  args?: { name?: string };
}

/**
 * The renderer main thread's tasks of 50 ms and more from a trace (TRACE=1): the browser's own
 * task boundaries. Without a trace, a run of samples without idle counts as one task, which joins
 * tasks that follow each other without a pause (React's rendering in 5 ms slices looked like one
 * long task).
 */
function traceTasks(events: TraceEvent[]): [number, number][] {
  const mains = new Set(
    events
      .filter((event) => event.name === 'thread_name' && event.args?.name === 'CrRendererMain')
      .map((event) => `${event.pid}:${event.tid}`),
  );
  const byThread = new Map<string, TraceEvent[]>();
  for (const event of events) {
    const thread = `${event.pid}:${event.tid}`;
    if (event.name !== 'RunTask' || event.ph !== 'X' || !mains.has(thread)) continue;
    byThread.set(thread, [...(byThread.get(thread) ?? []), event]);
  }
  // The page's renderer: the main thread that worked most.
  const total = (list: TraceEvent[]) => list.reduce((sum, event) => sum + (event.dur ?? 0), 0);
  const busiest = [...byThread.values()].sort((a, b) => total(b) - total(a))[0] ?? [];
  return busiest
    .filter((event) => (event.dur ?? 0) >= 50_000)
    .map((event) => [event.ts, event.ts + event.dur!]);
}

/** The profile's long tasks: the trace's (TRACE=1), or runs of non-idle samples of 50 ms or more. */
function longTasks(profile: CpuProfile, windows?: [number, number][]): void {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parent = new Map<number, number>();
  for (const node of profile.nodes)
    for (const child of node.children ?? []) parent.set(child, node.id);
  const key = (node: ProfileNode) =>
    `${node.callFrame.functionName || '(anon)'} ${chunkOf(node.callFrame.url)}:${node.callFrame.lineNumber}`;
  interface Task {
    start: number;
    end: number;
    samples: [number, number][];
  }
  const tasks: Task[] = [];
  let time = profile.startTime;
  let open: Task | null = null;
  for (const [index, sample] of profile.samples.entries()) {
    time += profile.timeDeltas[index] ?? 0;
    if (byId.get(sample)!.callFrame.functionName === '(idle)') {
      if (open) tasks.push(open);
      open = null;
      continue;
    }
    open ??= { start: time, end: time, samples: [] };
    open.end = time;
    open.samples.push([sample, profile.timeDeltas[index + 1] ?? 0]);
  }
  if (open) tasks.push(open);
  if (windows) {
    tasks.length = 0;
    for (const [start, end] of windows) tasks.push({ start, end, samples: [] });
    let at = profile.startTime;
    let task = 0;
    for (const [index, sample] of profile.samples.entries()) {
      at += profile.timeDeltas[index] ?? 0;
      while (task < tasks.length && tasks[task]!.end < at) task += 1;
      if (task < tasks.length && tasks[task]!.start <= at)
        tasks[task]!.samples.push([sample, profile.timeDeltas[index + 1] ?? 0]);
    }
  }
  let blocking = 0;
  for (const { start, end, samples } of tasks) {
    const ms = (end - start) / 1000;
    if (ms < 50) continue;
    blocking += ms - 50;
    const inclusive = new Map<string, number>();
    const chunks = new Map<string, number>();
    for (const [id, dt] of samples) {
      const seen = new Set<string>();
      for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
        const name = key(byId.get(at)!);
        if (!seen.has(name)) inclusive.set(name, (inclusive.get(name) ?? 0) + dt);
        seen.add(name);
      }
      const leaf = byId.get(id)!.callFrame;
      const chunk = chunkOf(leaf.url) || leaf.functionName;
      chunks.set(chunk, (chunks.get(chunk) ?? 0) + dt);
    }
    const top = (map: Map<string, number>, count: number) =>
      [...map].sort((a, b) => b[1] - a[1]).slice(0, count);
    console.log(
      `  task at ${((start - profile.startTime) / 1000).toFixed(0)} ms, ${ms.toFixed(0)} ms: ` +
        top(chunks, 5)
          .map(([name, us]) => `${name} ${(us / 1000).toFixed(0)}`)
          .join(', '),
    );
    for (const [name, us] of top(
      new Map([...inclusive].filter(([name]) => !/^\((root|program)\)|vendor-react/.test(name))),
      6,
    ))
      console.log(`      ${(us / 1000).toFixed(0).padStart(5)} ms ${name}`);
    // FUNCS: functions whose time to print in every task, by name (e.g. React's work loops).
    const named = FUNCS.map(
      (wanted) =>
        [
          wanted,
          [...inclusive]
            .filter(([name]) => name.split(' ')[0] === wanted)
            .reduce((sum, [, us]) => sum + us, 0),
        ] as const,
    ).filter(([, us]) => us > 0);
    if (named.length > 0)
      console.log(
        `      of them: ${named.map(([name, us]) => `${name} ${(us / 1000).toFixed(0)}`).join(', ')}`,
      );
  }
  console.log(
    `  sum of the long tasks' time over 50 ms (a throttled TBT): ${blocking.toFixed(0)} ms`,
  );
}

const server = await startServer(PORT, { WEB_DIST: process.env.WEB_DIST ?? 'apps/web/dist' });
try {
  const cookie = await signIn(server.url);
  const lead = await personId(server.url, cookie);
  await pushAll(
    server.url,
    cookie,
    Array.from({ length: 30 }, (_, n) => ({
      name: 'audit.create',
      args: {
        id: `profile-audit-${n}`,
        name: `Audit ${n}`,
        standard: 'iso9001',
        type: 'process',
        audited_by: 'internal',
        leadauditor: lead,
        planning_year: new Date().getFullYear(),
      },
    })),
  );
  // The first audit's questions: its execution tab is `audit/profile-audit-0/auditexecution`.
  await pushAll(server.url, cookie, [
    {
      name: 'auditItem.import',
      args: {
        auditId: 'profile-audit-0',
        items: Array.from({ length: 60 }, (_, n) => ({
          id: `profile-audit-0-item-${n}`,
          question: {
            text: `Question ${n}: is requirement ${n} met?`,
            no: String(n + 1),
            importance: '1',
          },
        })),
      },
    },
  ]);
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: CHROMIUM_ARGS,
  });
  for (const page of PAGES) {
    for (let run = 1; run <= RUNS; run++) {
      const context = await browser.newContext({
        locale: 'de-DE',
        viewport: { width: 412, height: 823 },
      });
      if (page !== 'signin') {
        const [name, value] = cookie.split(';')[0]!.split('=');
        await context.addCookies([{ name: name!, value: value!, url: server.url }]);
      }
      const tab = await context.newPage();
      if (process.env.PERF)
        await tab.addInitScript(() => {
          new PerformanceObserver((list) => {
            for (const e of list.getEntries())
              performance.mark(
                `lcp ${(e as unknown as { element?: Element }).element?.tagName} ${Math.round(e.startTime)}`,
              );
          }).observe({ type: 'largest-contentful-paint', buffered: true });
          const ws = globalThis.WebSocket;
          globalThis.WebSocket = class extends ws {
            constructor(...args: ConstructorParameters<typeof WebSocket>) {
              super(...args);
              performance.mark('ws new');
              this.addEventListener('open', () => performance.mark('ws open'));
              let n = 0;
              this.addEventListener('message', (m) => {
                n++;
                if (n < 6) performance.mark(`ws msg ${n} ${String(m.data).length}`);
              });
            }
          } as typeof WebSocket;
        });
      const cdp = await context.newCDPSession(tab);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
      await cdp.send('Profiler.enable');
      await cdp.send('Profiler.setSamplingInterval', { interval: 500 });
      await cdp.send('Profiler.start');
      const trace: TraceEvent[] = [];
      const traced = new Promise<void>((resolve) =>
        cdp.once('Tracing.tracingComplete', () => resolve()),
      );
      if (process.env.TRACE) {
        cdp.on('Tracing.dataCollected', ({ value }) =>
          trace.push(...(value as unknown as TraceEvent[])),
        );
        await cdp.send('Tracing.start', {
          categories: 'disabled-by-default-devtools.timeline,devtools.timeline,__metadata',
          transferMode: 'ReportEvents',
        });
      }
      await tab.goto(`${server.url}/${page === 'dashboard' ? '' : page}`);
      await tab.waitForTimeout(WAIT);
      const { profile } = (await cdp.send('Profiler.stop')) as { profile: CpuProfile };
      if (process.env.TRACE) {
        await cdp.send('Tracing.end');
        await traced;
      }
      if (process.env.PERF) {
        const entries = await tab.evaluate(() =>
          performance
            .getEntries()
            .filter((e) => e.entryType !== 'longtask')
            .map(
              (e) =>
                [
                  e.entryType,
                  e.name.split('/').pop()!.slice(0, 50),
                  Math.round(e.startTime),
                  Math.round(
                    (e as PerformanceResourceTiming).responseEnd ?? e.startTime + e.duration,
                  ),
                ] as const,
            ),
        );
        for (const e of entries.sort((a, b) => a[2] - b[2])) console.log('   ', e.join(' '));
      }
      // RENDERS: counters a temporarily instrumented build keeps in globalThis.__rc / __rt.
      if (process.env.RENDERS) {
        const counts = await tab.evaluate(() => {
          const g = globalThis as { __rc?: unknown; __rt?: [string, number][] };
          const times: Record<string, number[]> = {};
          for (const [name, at] of g.__rt ?? []) (times[name] ??= []).push(at);
          return {
            counts: g.__rc,
            times: Object.fromEntries(
              Object.entries(times).map(([k, v]) => [
                k,
                [...new Set(v.map((t) => Math.round(t / 50) * 50))].join(' '),
              ]),
            ),
          };
        });
        console.log(JSON.stringify(counts, null, 1));
      }
      console.log(`/${page} (run ${run}):`);
      longTasks(profile, process.env.TRACE ? traceTasks(trace) : undefined);
      if (process.env.PROFILES) {
        fs.mkdirSync(process.env.PROFILES, { recursive: true });
        const file = path.join(
          process.env.PROFILES,
          `${page.replace(/\W+/g, '-')}-${run}.cpuprofile`,
        );
        fs.writeFileSync(file, JSON.stringify(profile));
      }
      await context.close();
    }
  }
  await browser.close();
} finally {
  await server.stop();
}
