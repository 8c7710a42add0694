import { signIn, startServer } from './sync.bench';

/**
 * Issue 16: REST reads per second against the trivial-route ceiling of the same server (target:
 * at least 50 %), and REST writes per second, on SQLite, over loopback. The load comes from this
 * process (node's fetch) on the same machine, so the ceiling is what server plus client manage
 * together; the ratio is the figure to compare.
 */
const PORT = 3191;
const CONCURRENCY = 16;
const READS = 3_000;
const AUDITS = 200;

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
}

async function timed(count: number, concurrency: number, call: (n: number) => Promise<void>) {
  const durations: number[] = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < count) {
        const n = next++;
        const t0 = performance.now();
        await call(n);
        durations.push(performance.now() - t0);
      }
    }),
  );
  const total = performance.now() - started;
  durations.sort((a, b) => a - b);
  return {
    perSecond: (count / total) * 1000,
    p50: percentile(durations, 50),
    p99: percentile(durations, 99),
  };
}

const fmt = (r: { perSecond: number; p50: number; p99: number }) =>
  `${r.perSecond.toFixed(0).padStart(6)}/s   p50 ${r.p50.toFixed(1)} ms   p99 ${r.p99.toFixed(1)} ms`;

export async function benchApi(): Promise<void> {
  const server = await startServer(PORT, { API_RATE_LIMIT: '10000000/60', LOG_LEVEL: 'warn' });
  try {
    const cookie = await signIn(server.url);
    const created = await fetch(`${server.url}/api/v1/me/tokens`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: server.url, cookie },
      body: JSON.stringify({ name: 'bench' }),
    });
    const { secret } = (await created.json()) as { secret: string };
    const auth = { authorization: `Bearer ${secret}` };
    const me = (await (
      await fetch(`${server.url}/api/v1/session`, { headers: { cookie } })
    ).json()) as {
      person: { id: string };
    };

    const ids: string[] = [];
    const writes = await timed(AUDITS, CONCURRENCY, async (n) => {
      const answer = await fetch(`${server.url}/api/v1/audits`, {
        method: 'POST',
        headers: { ...auth, 'content-type': 'application/json' },
        body: JSON.stringify({
          name: `Bench audit ${n}`,
          leadauditor: me.person.id,
          planning_year: 2026,
        }),
      });
      if (answer.status !== 201) throw new Error(`create: ${answer.status} ${await answer.text()}`);
      ids.push(((await answer.json()) as { id: string }).id);
    });

    const get =
      (path: string, headers: Record<string, string> = auth) =>
      async () => {
        const answer = await fetch(`${server.url}${path}`, { headers });
        if (!answer.ok) throw new Error(`${path}: ${answer.status}`);
        await answer.arrayBuffer();
      };
    // Warm up both paths (JIT, caches) before measuring.
    await timed(300, CONCURRENCY, get('/api/v1/client-config', {}));
    await timed(300, CONCURRENCY, get(`/api/v1/audits/${ids[0]}`));

    const trivial = await timed(READS, CONCURRENCY, get('/api/v1/client-config', {}));
    const one = await timed(READS, CONCURRENCY, (n) =>
      get(`/api/v1/audits/${ids[n % ids.length]}`)(),
    );
    const page = await timed(READS / 3, CONCURRENCY, get('/api/v1/audits?year=2026&limit=50'));

    console.log(`REST writes (POST /api/v1/audits, ${CONCURRENCY} at once): ${fmt(writes)}`);
    console.log(`trivial route (GET /api/v1/client-config):         ${fmt(trivial)}`);
    console.log(
      `GET /api/v1/audits/{id} with a token:              ${fmt(one)}   ` +
        `${((one.perSecond / trivial.perSecond) * 100).toFixed(0)} % of the ceiling (target >= 50 %)`,
    );
    console.log(
      `GET /api/v1/audits?year&limit=50 (of ${AUDITS}):        ${fmt(page)}   ` +
        `${((page.perSecond / trivial.perSecond) * 100).toFixed(0)} % of the ceiling`,
    );
  } finally {
    await server.stop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await benchApi();
