import { spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CookieJar } from './support/cookie-jar';
import { SERVER_DIR, runServer } from './support/server-process';

describe('the server process', () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'qa-main-'));
  });
  afterAll(() => rm(dataDir, { recursive: true, force: true }));

  let generatedPassword = '';

  it('prints a generated admin password once on the first start and shuts down cleanly', async () => {
    const server = await runServer({ DATA_DIR: dataDir });
    const match = /Initial admin: admin@example\.com \/ (\S+) {2}\(shown once/.exec(
      server.output().stdout,
    );
    expect(match).not.toBeNull();
    generatedPassword = match?.[1] ?? '';
    // Only in the box, never in the structured log.
    expect(server.output().stdout.split(generatedPassword)).toHaveLength(2);
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);

    const jar = new CookieJar();
    const signIn = await jar.json(`${server.url}/api/auth/sign-in/email`, {
      email: 'admin@example.com',
      password: generatedPassword,
    });
    expect(signIn.status).toBe(200);

    // A request still running when SIGTERM arrives gets its answer.
    const inFlight = jar.fetch(`${server.url}/api/v1/session`);
    const seen = Date.now();
    while (
      !server.output().stdout.includes('"url":"/api/v1/session"') &&
      Date.now() - seen < 5000
    ) {
      await new Promise((r) => setTimeout(r, 5));
    }
    server.child.kill('SIGTERM');
    expect((await inFlight).status).toBe(200);
    expect(await server.exited).toBe(0);
    expect(server.output().stdout).toContain('shutting down');

    const db = new SqliteDatabase(path.join(dataDir, 'app.db'), { readonly: true });
    try {
      expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
      expect(db.prepare('select count(*) as n from people').get()).toEqual({ n: 1 });
    } finally {
      db.close();
    }
  });

  it('does not seed again on the next start, even with other INITIAL_ADMIN_* values', async () => {
    const server = await runServer({
      DATA_DIR: dataDir,
      INITIAL_ADMIN_EMAIL: 'someone@example.com',
      INITIAL_ADMIN_PASSWORD: 'someone-password',
    });
    try {
      expect(server.output().stdout).not.toContain('Initial admin');
      const old = await new CookieJar().json(`${server.url}/api/auth/sign-in/email`, {
        email: 'admin@example.com',
        password: generatedPassword,
      });
      expect(old.status).toBe(200);
      const other = await new CookieJar().json(`${server.url}/api/auth/sign-in/email`, {
        email: 'someone@example.com',
        password: 'someone-password',
      });
      expect(other.status).toBe(401);
    } finally {
      server.child.kill('SIGINT');
      expect(await server.exited).toBe(0);
    }
  });

  it('ends after SIGTERM even when its event loop is stuck in synchronous work', async () => {
    // Loaded before main: right after SIGTERM's handlers (main's has run by then, and started the
    // drain) the loop spins forever, as it did behind a storm of snapshots; no timer of the main
    // thread fires again. A microtask, so it spins before the shutdown's own next step (with no
    // SHUTDOWN_DELAY_MS and nothing to drain, a later spin would find the process already ended).
    const stuck = path.join(dataDir, 'stuck-after-sigterm.mjs');
    await writeFile(stuck, "process.on('SIGTERM', () => queueMicrotask(() => { for (;;) {} }));\n");
    const server = await runServer({ DATA_DIR: dataDir, NODE_OPTIONS: `--import=${stuck}` });
    server.child.kill('SIGTERM');
    // Its limit is 10 s; a process still spinning after a minute is ended here, not left behind.
    const giveUp = setTimeout(() => server.child.kill('SIGKILL'), 60_000);
    await server.exited;
    clearTimeout(giveUp);
    expect(server.output().stderr).toContain('the event loop did not answer');
    expect(server.child.signalCode).toBe('SIGKILL');
  }, 90_000);

  it('refuses an invalid environment with a readable message and exit code 1', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
      cwd: SERVER_DIR,
      env: {
        PATH: process.env.PATH ?? '',
        DATA_DIR: dataDir,
        PORT: 'eighty',
        TRUST_PROXY: 'maybe',
      },
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    expect(code).toBe(1);
    expect(stderr).toContain('Invalid configuration');
    expect(stderr).toContain('PORT:');
    expect(stderr).toContain('TRUST_PROXY:');
    expect(stderr).not.toMatch(/\n\s+at /);
  });
});
