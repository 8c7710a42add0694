import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const PORT = 3177;
const URL_BASE = `http://127.0.0.1:${PORT}`;
const ADMIN = { email: 'bench@example.com', password: 'bench-password-1' };

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
}

async function timed(count: number, concurrency: number, call: () => Promise<void>) {
  const durations: number[] = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < count) {
        next += 1;
        const t0 = performance.now();
        await call();
        durations.push(performance.now() - t0);
      }
    }),
  );
  const total = performance.now() - started;
  durations.sort((a, b) => a - b);
  return {
    p50: percentile(durations, 50),
    p99: percentile(durations, 99),
    perSecond: (count / total) * 1000,
  };
}

/** Cold start, health check and sign-in of the real server on a fresh SQLite database (loopback only). */
export async function benchServerHttp(): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'qa-bench-'));
  const t0 = performance.now();
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      PORT: String(PORT),
      PUBLIC_URL: URL_BASE,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      INITIAL_ADMIN_EMAIL: ADMIN.email,
      INITIAL_ADMIN_PASSWORD: ADMIN.password,
      AUTH_RATE_LIMIT_SIGNIN: '100000/60',
    },
    stdio: 'ignore',
  });
  try {
    for (;;) {
      try {
        if ((await fetch(`${URL_BASE}/healthz`)).ok) break;
      } catch {
        await new Promise((r) => setTimeout(r, 50));
      }
      if (performance.now() - t0 > 60_000) throw new Error('server did not start');
    }
    console.log(
      `cold start to healthy (first start: migrate + seed): ${(performance.now() - t0).toFixed(0)} ms`,
    );

    const health = await timed(2000, 16, async () => {
      await (await fetch(`${URL_BASE}/healthz`)).arrayBuffer();
    });
    console.log(
      `GET /healthz x2000 (16 at once): p50 ${health.p50.toFixed(2)} ms, p99 ${health.p99.toFixed(2)} ms, ${health.perSecond.toFixed(0)}/s`,
    );

    const signIn = await timed(40, 2, async () => {
      const res = await fetch(`${URL_BASE}/api/auth/sign-in/email`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: URL_BASE },
        body: JSON.stringify(ADMIN),
      });
      if (!res.ok) throw new Error(`sign-in answered ${res.status}`);
      await res.arrayBuffer();
    });
    console.log(
      `sign-in x40 (2 at once): p50 ${signIn.p50.toFixed(1)} ms, p99 ${signIn.p99.toFixed(1)} ms, ${signIn.perSecond.toFixed(1)}/s`,
    );
    console.log(
      `ratio sign-in p50 / healthz p50 (password hashing cost): ${(signIn.p50 / health.p50).toFixed(0)}x`,
    );
  } finally {
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
