import fs from 'node:fs';
import { MAX_MUTATIONS_PER_PUSH, SYNC_PROTOCOL_VERSION, type ServerMessage } from '@qa/sync';
import WebSocket from 'ws';
import { freshPgDatabase, signIn, startServer, type Server } from './sync.bench';

const v = SYNC_PROTOCOL_VERSION;

/**
 * Commands in flight in every run, spread over its clients: one client keeps all of them
 * unacknowledged (an outbox flushing after a day offline), 100 clients keep 10 each (auditors
 * working at once). What varies is how many connections the server has to batch across.
 */
const IN_FLIGHT = 1_000;
/** Seconds of load per figure, after a warm-up of a second. */
const SECONDS = 3;
const WARM_UP_SECONDS = 1;
const TARGETS = { sqlite: 5_000, postgres: 2_000 };

/**
 * One WebSocket client that pushes `autocompletion.save` commands continuously, keeping `window`
 * of them unacknowledged. Like the web app's outbox it sends what is waiting in one push
 * message: once half of its commands are answered, the next ones go out in one message.
 */
export class Pusher {
  private next = 1;
  private inFlight = new Map<number, number>();
  private refill: NodeJS.Immediate | null = null;
  acked = 0;
  rejected = 0;
  latencies: number[] = [];
  running = false;

  private constructor(
    private readonly ws: WebSocket,
    private readonly window: number,
    private readonly clientId: string,
    /** Lowercase letters and digits: an autocompletion list id. */
    private readonly listPrefix: string,
  ) {
    ws.on('message', (data) => {
      const message = JSON.parse(String(data)) as ServerMessage;
      if (message.type !== 'ack' && message.type !== 'reject') return;
      const sent = this.inFlight.get(message.mutationId);
      if (sent === undefined) return;
      this.inFlight.delete(message.mutationId);
      if (message.type === 'ack') this.acked += 1;
      else this.rejected += 1;
      this.latencies.push(performance.now() - sent);
      // Refilled once half the window is answered: a message per half window, as an outbox that
      // sends what piled up, not a message per ack (the server handles one connection's
      // messages one after another, so one-command messages would allow one command per commit).
      if (this.running && this.inFlight.size <= this.window / 2) {
        this.refill ??= setImmediate(() => this.fill());
      }
    });
  }

  static async open(
    url: string,
    cookie: string,
    clientId: string,
    listPrefix: string,
    window: number,
  ): Promise<Pusher> {
    const ws = new WebSocket(`${url.replace('http', 'ws')}/api/v1/sync`, { headers: { cookie } });
    await new Promise((resolve, reject) => {
      ws.once('open', resolve);
      ws.once('error', reject);
    });
    const welcome = new Promise<void>((resolve) =>
      ws.on('message', (data) => {
        if ((JSON.parse(String(data)) as ServerMessage).type === 'welcome') resolve();
      }),
    );
    ws.send(JSON.stringify({ type: 'hello', v, clientId, protocolVersion: v }));
    await welcome;
    return new Pusher(ws, window, clientId, listPrefix);
  }

  start(): void {
    this.running = true;
    this.fill();
  }

  /** Stops sending and resolves once every command sent is answered. */
  async stop(): Promise<void> {
    this.running = false;
    while (this.inFlight.size > 0) await new Promise((r) => setTimeout(r, 5));
  }

  reset(): void {
    this.acked = 0;
    this.rejected = 0;
    this.latencies = [];
  }

  private fill(): void {
    this.refill = null;
    if (!this.running) return;
    const now = performance.now();
    while (this.inFlight.size < this.window) {
      const mutations = [];
      while (this.inFlight.size < this.window && mutations.length < MAX_MUTATIONS_PER_PUSH) {
        const n = this.next++;
        this.inFlight.set(n, now);
        mutations.push({
          mutationId: n,
          clientId: this.clientId,
          name: 'autocompletion.save',
          // 20 lists per client, rewritten over and over: updates of existing documents.
          args: {
            id: `${this.listPrefix}l${n % 20}`,
            title: `T ${n}`,
            data: [{ id: 'a', name: 'Eintrag' }],
          },
        });
      }
      this.ws.send(JSON.stringify({ type: 'push', v, mutations }));
    }
  }

  close(): void {
    this.ws.close();
  }
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
}

async function pushLoad(server: Server, cookie: string, clients: number, tag: string) {
  const pushers = await Promise.all(
    Array.from({ length: clients }, (_, i) =>
      Pusher.open(
        server.url,
        cookie,
        `tp-${tag}-${clients}-${i}-${Date.now()}`,
        `t${tag}c${clients}n${i}`,
        IN_FLIGHT / clients,
      ),
    ),
  );
  for (const pusher of pushers) pusher.start();
  await new Promise((r) => setTimeout(r, WARM_UP_SECONDS * 1000));
  for (const pusher of pushers) pusher.reset();
  const t0 = performance.now();
  const cpu0 = cpuSeconds(server.child.pid!);
  await new Promise((r) => setTimeout(r, SECONDS * 1000));
  const seconds = (performance.now() - t0) / 1000;
  const serverCpu = (cpuSeconds(server.child.pid!) - cpu0) / seconds;
  const acked = pushers.reduce((sum, p) => sum + p.acked, 0);
  const rejected = pushers.reduce((sum, p) => sum + p.rejected, 0);
  const latencies = pushers.flatMap((p) => p.latencies).sort((a, b) => a - b);
  await Promise.all(pushers.map((p) => p.stop()));
  for (const pusher of pushers) pusher.close();
  return {
    perSecond: acked / seconds,
    acked,
    rejected,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    serverCpu,
  };
}

/** CPU time (user + system) a process has used, from /proc: how busy the server was. */
function cpuSeconds(pid: number): number {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  // utime and stime are fields 14 and 15 of stat, 12 and 13 after "pid (comm) ".
  return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS;
}

/** USER_HZ on Linux. */
const CLOCK_TICKS = 100;

async function benchDialect(name: 'sqlite' | 'postgres', server: Server) {
  const cookie = await signIn(server.url);
  const target = TARGETS[name];
  const label = name === 'sqlite' ? 'SQLite' : 'PostgreSQL';
  for (const clients of [1, 10, 100]) {
    const r = await pushLoad(server, cookie, clients, name);
    console.log(
      `accepted commands on ${label}, ${clients} client${clients === 1 ? '' : 's'} (${IN_FLIGHT / clients} unacked each): ` +
        `${r.perSecond.toFixed(0)}/s (${r.acked} acked, ${r.rejected} rejected in ${SECONDS} s); ` +
        `ratio to the ${target.toLocaleString('en')}/s target = ${(r.perSecond / target).toFixed(2)}; ` +
        `ack latency p50 ${r.p50.toFixed(1)} ms, p99 ${r.p99.toFixed(1)} ms; ` +
        `server CPU ${(r.serverCpu * 100).toFixed(0)} % of a core`,
    );
  }
}

/**
 * Accepted commands per second of the write path (issue 16, group commit) with 1, 10 and 100
 * WebSocket clients pushing at once, and the p99 acknowledgement latency, on SQLite
 * (synchronous=FULL) and, with BENCH_DATABASE_URL, on PostgreSQL. IN_FLIGHT commands are
 * unacknowledged at any time, so the latency at 100 clients is that of a saturated server.
 */
export async function benchThroughput(): Promise<void> {
  const sqlite = await startServer(3181, {});
  try {
    await benchDialect('sqlite', sqlite);
  } finally {
    await sqlite.stop();
  }
  const adminUrl = process.env.BENCH_DATABASE_URL;
  if (!adminUrl) {
    console.log(
      'accepted commands on PostgreSQL: skipped (set BENCH_DATABASE_URL to an admin URL)',
    );
    return;
  }
  const postgres = await startServer(3182, {
    DATABASE_URL: await freshPgDatabase(adminUrl, 'qa_bench_throughput'),
  });
  try {
    const fsync = await fsyncSetting(adminUrl);
    if (fsync !== 'on') {
      console.log(`note: this PostgreSQL runs with fsync=${fsync}: its commits are not durable`);
    }
    await benchDialect('postgres', postgres);
  } finally {
    await postgres.stop();
  }
}

async function fsyncSetting(adminUrl: string): Promise<string> {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const result = await client.query<{ fsync: string }>('show fsync');
    return result.rows[0]?.fsync ?? 'unknown';
  } finally {
    await client.end();
  }
}

if (process.argv[1]?.endsWith('throughput.bench.ts')) await benchThroughput();
