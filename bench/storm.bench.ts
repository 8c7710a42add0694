import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { SYNC_PROTOCOL_VERSION, type ServerMessage } from '@qa/sync';
import WebSocket from 'ws';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config/env';
import { PersonAccountsService } from '../apps/server/src/modules/people/person-accounts.service';
import { ROOT, signIn, startServer } from './sync.bench';

/**
 * Issue 35 item 1: one signed-in person storms the sync endpoint (50 sockets, each asking for
 * every audit again and again) while /healthz is polled and two other clients of another
 * person time a change from one to the other; the same without the storm. Targets: /healthz
 * p99 under 250 ms, propagation p95 at most twice its quiet value. Loopback only; the storm
 * runs in a child process of its own, so its reading does not slow the bench's clocks.
 */

const v = SYNC_PROTOCOL_VERSION;
const PORT = 3186;
const AUDITS = 1_000;
const STORM_SOCKETS = 50;
/** Per socket: more than the default limit of 100 once the 20 of the probe are answered. */
const STORM_SUBSCRIPTIONS = 110;
// 300: the p95 of 150 moved by a third from run to run on a 2-core machine.
const SAMPLES = Number(process.env.STORM_SAMPLES ?? 300);
const OTHER = { email: 'other.bench@example.com', password: 'bench-password-2' };
const ALL_AUDITS = { collection: 'audits', filters: [] };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
}

async function openSocket(url: string, cookie: string): Promise<WebSocket> {
  const ws = new WebSocket(`${url.replace('http', 'ws')}/api/v1/sync`, { headers: { cookie } });
  await new Promise((resolve, reject) => {
    ws.once('open', resolve);
    ws.once('error', reject);
  });
  return ws;
}

/** A parsed-message client for the measured side (few, small messages). */
class Client {
  private handlers = new Set<(m: ServerMessage) => void>();
  private constructor(readonly ws: WebSocket) {
    ws.on('message', (data) => {
      const message = JSON.parse(String(data)) as ServerMessage;
      for (const handler of this.handlers) handler(message);
    });
  }

  static async open(url: string, cookie: string, clientId: string): Promise<Client> {
    const client = new Client(await openSocket(url, cookie));
    const welcome = client.wait((m) => m.type === 'welcome');
    client.send({ type: 'hello', clientId, protocolVersion: v });
    await welcome;
    return client;
  }

  wait(match: (m: ServerMessage) => boolean): Promise<ServerMessage> {
    return new Promise((resolve) => {
      const handler = (m: ServerMessage) => {
        if (!match(m)) return;
        this.handlers.delete(handler);
        resolve(m);
      };
      this.handlers.add(handler);
    });
  }

  send(message: object): void {
    this.ws.send(JSON.stringify({ ...message, v }));
  }
}

/** Another person's login, made with the server stopped (the bench knows only the admin). */
async function addOtherPerson(dataDir: string): Promise<void> {
  const config = loadConfig({
    DATA_DIR: dataDir,
    PORT: String(PORT),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'silent',
    INITIAL_ADMIN_EMAIL: 'bench@example.com',
    INITIAL_ADMIN_PASSWORD: 'bench-password-1',
  });
  const app = await buildApp(config);
  try {
    const accounts = new PersonAccountsService(app.auth, app.people);
    await accounts.createWithPassword(
      { displayName: 'Other Bench', email: OTHER.email, roles: ['admin'] },
      OTHER.password,
    );
  } finally {
    await app.close();
  }
}

async function signInOther(url: string): Promise<string> {
  const res = await fetch(`${url}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: url },
    body: JSON.stringify(OTHER),
  });
  if (!res.ok) throw new Error(`sign-in failed: ${res.status}`);
  return res.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0])
    .join('; ');
}

async function seedAudits(url: string, cookie: string): Promise<void> {
  const session = await fetch(`${url}/api/v1/session`, { headers: { cookie } });
  const { person } = (await session.json()) as { person: { id: string } };
  const writer = await Client.open(url, cookie, 'storm-seed');
  const types = ['system', 'process', 'product'];
  let acked = 0;
  const done = writer.wait((m) => {
    if (m.type === 'reject') throw new Error(`seeding refused: ${m.message}`);
    return m.type === 'ack' && ++acked === AUDITS;
  });
  for (let start = 0; start < AUDITS; start += 500) {
    const mutations = [];
    for (let n = start; n < Math.min(start + 500, AUDITS); n += 1) {
      mutations.push({
        mutationId: n + 1,
        clientId: 'storm-seed',
        name: 'audit.create',
        args: {
          id: `storm-audit-${n}`,
          name: `Audit ${String(n).padStart(4, '0')} ${types[n % 3]} at a supplier's plant`,
          standard: 'iso9001',
          type: types[n % 3],
          audited_by: 'internal',
          leadauditor: person.id,
          planning_year: 2026 - (n % 3),
          planning_date: `${2026 - (n % 3)}-${String((n % 12) + 1).padStart(2, '0')}-01`,
        },
      });
    }
    writer.send({ type: 'push', mutations });
  }
  await done;
  writer.ws.close();
}

/** /healthz answered one after another for as long as `running` says, ms each. */
async function pollHealth(url: string, running: () => boolean): Promise<number[]> {
  const times: number[] = [];
  while (running()) {
    const t0 = performance.now();
    const res = await fetch(`${url}/healthz`);
    await res.arrayBuffer();
    times.push(performance.now() - t0);
    await sleep(20);
  }
  return times.sort((a, b) => a - b);
}

type Writer = Client & { clientId: string; nextMutation: number };

/** From the writer's push to the watcher's delta, one change at a time. */
async function propagation(writer: Writer, watcher: Client, round: string): Promise<number[]> {
  const times: number[] = [];
  for (let n = 1; n <= SAMPLES; n += 1) {
    const id = `storm-audit-${n % AUDITS}`;
    const name = `Renamed ${round} ${n}`;
    const arrived = watcher.wait(
      (m) => m.type === 'delta' && m.changes.some((doc) => doc.id === id && doc.data.name === name),
    );
    const t0 = performance.now();
    writer.send({
      type: 'push',
      mutations: [
        {
          mutationId: writer.nextMutation++,
          clientId: writer.clientId,
          name: 'audit.update',
          args: { id, changes: { name } },
        },
      ],
    });
    await arrived;
    times.push(performance.now() - t0);
    await sleep(10);
  }
  return times.sort((a, b) => a - b);
}

interface Measured {
  healthP99: number;
  healthP50: number;
  healthSamples: number;
  propagationP95: number;
  propagationP50: number;
}

async function measure(url: string, writer: Writer, watcher: Client, round: string) {
  let running = true;
  const health = pollHealth(url, () => running);
  const spread = await propagation(writer, watcher, round);
  running = false;
  const healthTimes = await health;
  return {
    healthP99: percentile(healthTimes, 99),
    healthP50: percentile(healthTimes, 50),
    healthSamples: healthTimes.length,
    propagationP95: percentile(spread, 95),
    propagationP50: percentile(spread, 50),
  } satisfies Measured;
}

interface StormReport {
  accepted: number;
  refusedSockets: number;
  refusedSubscriptions: number;
  snapshots: number;
  bytes: number;
  cut: number;
}

/** The storm, in a process of its own: until told to stop on stdin, then one report line. */
async function stormChild(): Promise<void> {
  const url = process.env.STORM_URL!;
  const cookie = process.env.STORM_COOKIE!;
  const report: StormReport = {
    accepted: 0,
    refusedSockets: 0,
    refusedSubscriptions: 0,
    snapshots: 0,
    bytes: 0,
    cut: 0,
  };
  let stopping = false;
  let settle: () => void = () => undefined;
  const settled = new Promise<void>((resolve) => {
    settle = resolve;
  });
  const refusedHere = new Set<number>();
  const settledOne = () => {
    if (report.accepted + report.refusedSockets === STORM_SOCKETS) settle();
  };
  const sockets = await Promise.all(
    Array.from({ length: STORM_SOCKETS }, () => openSocket(url, cookie)),
  );
  sockets.forEach((ws, s) => {
    // Held open, as a screen holds its queries; an answered one is asked again under its id.
    const subscribe = (subscriptionId: string) => {
      if (stopping || ws.readyState !== WebSocket.OPEN) return;
      ws.send(JSON.stringify({ type: 'subscribe', v, subscriptionId, query: ALL_AUDITS }));
    };
    ws.on('message', (data: Buffer) => {
      report.bytes += data.length;
      // Greedy but cheap: only the start of each message is looked at.
      const start = data.subarray(0, 120).toString('latin1');
      if (start.includes('"type":"welcome"')) {
        report.accepted += 1;
        settledOne();
        for (let n = 0; n < STORM_SUBSCRIPTIONS; n += 1) subscribe(`s${n}`);
      } else if (start.includes('too_many_connections')) {
        if (refusedHere.has(s)) return;
        refusedHere.add(s);
        report.refusedSockets += 1;
        settledOne();
      } else if (start.includes('too_many_subscriptions')) {
        report.refusedSubscriptions += 1;
      } else if (start.includes('slow_consumer')) {
        report.cut += 1;
      } else if (start.includes('"type":"snapshot"') && data.includes('"final":true')) {
        report.snapshots += 1;
        const id = /"subscriptionId":"([^"]+)"/.exec(start)?.[1];
        if (id) subscribe(id);
      }
    });
    ws.on('close', (code) => {
      // Refused, but the message came too late to be read before the close.
      if (code === 4429 && !refusedHere.has(s)) {
        refusedHere.add(s);
        report.refusedSockets += 1;
        settledOne();
      }
    });
    ws.send(JSON.stringify({ type: 'hello', v, clientId: `storm-${s}`, protocolVersion: v }));
  });
  // Every socket welcomed or refused; a refusal lost with a socket cut early does not hold it up.
  await Promise.race([settled, sleep(5_000)]);
  console.log('started');
  await new Promise((resolve) => process.stdin.once('data', resolve));
  stopping = true;
  console.log(JSON.stringify(report));
  for (const ws of sockets) ws.terminate();
  process.exit(0);
}

async function startStorm(url: string, cookie: string) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'bench/storm.bench.ts'], {
    cwd: ROOT,
    env: { ...process.env, STORM_CHILD: '1', STORM_URL: url, STORM_COOKIE: cookie },
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const lines = createInterface({ input: child.stdout! })[Symbol.asyncIterator]();
  const first = await lines.next();
  if (first.value !== 'started') throw new Error(`storm did not start: ${String(first.value)}`);
  return {
    async stop(): Promise<StormReport> {
      child.stdin!.write('stop\n');
      const line = await lines.next();
      return JSON.parse(String(line.value)) as StormReport;
    },
  };
}

const ms = (value: number) => `${value.toFixed(1)} ms`;

export async function benchStorm(): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'qa-bench-storm-'));
  try {
    await (await startServer(PORT, { DATA_DIR: dataDir })).stop();
    await addOtherPerson(dataDir);
    const server = await startServer(PORT, { DATA_DIR: dataDir });
    try {
      const stormCookie = await signIn(server.url);
      const otherCookie = await signInOther(server.url);
      await seedAudits(server.url, stormCookie);
      const writer: Writer = Object.assign(
        await Client.open(server.url, otherCookie, 'storm-writer'),
        {
          clientId: 'storm-writer',
          nextMutation: 1,
        },
      );
      const watcher = await Client.open(server.url, otherCookie, 'storm-watcher');
      const snapshot = watcher.wait((m) => m.type === 'snapshot' && m.final);
      watcher.send({ type: 'subscribe', subscriptionId: 'all', query: ALL_AUDITS });
      await snapshot;
      await measure(server.url, writer, watcher, 'warm-up');

      const quiet = await measure(server.url, writer, watcher, 'quiet');
      const storm = await startStorm(server.url, stormCookie);
      await sleep(1_000);
      const stormy = await measure(server.url, writer, watcher, 'storm');
      const report = await storm.stop();
      console.log(
        `storm: one person, ${STORM_SOCKETS} sockets asking ${STORM_SUBSCRIPTIONS} times each for all ` +
          `${AUDITS.toLocaleString('en')} audits, again after every answer: ${report.accepted} sockets ` +
          `accepted, ${report.refusedSockets} refused (too_many_connections), ` +
          `${report.refusedSubscriptions} subscriptions refused (too_many_subscriptions), ` +
          `${report.snapshots.toLocaleString('en')} snapshots answered, ` +
          `${(report.bytes / 1024 / 1024).toFixed(0)} MiB sent, ${report.cut} cut as slow consumers`,
      );
      for (const [label, figures] of [
        ['quiet', quiet],
        ['storm', stormy],
      ] as const) {
        console.log(
          `${label}: /healthz p50 ${ms(figures.healthP50)}, p99 ${ms(figures.healthP99)} ` +
            `(${figures.healthSamples} requests); propagation between two other clients ` +
            `p50 ${ms(figures.propagationP50)}, p95 ${ms(figures.propagationP95)} (${SAMPLES} changes)`,
        );
      }
      console.log(
        `storm /healthz p99 / 250 ms target = ${(stormy.healthP99 / 250).toFixed(2)}; ` +
          `propagation p95 storm / quiet = ${(stormy.propagationP95 / quiet.propagationP95).toFixed(2)} ` +
          `(target at most 2)`,
      );
      writer.ws.close();
      watcher.ws.close();
    } finally {
      await server.stop();
    }
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

if (process.env.STORM_CHILD === '1') {
  await stormChild();
} else if (
  process.argv[1] &&
  path.resolve(process.argv[1]) === path.resolve(import.meta.filename)
) {
  await benchStorm();
}
