import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const SERVER_MAIN = path.join(REPO_ROOT, 'apps/server/src/main.ts');

export interface RunningServer {
  url: string;
  process: ChildProcess;
  stop(): Promise<void>;
}

/** Starts the real server (`node --import tsx apps/server/src/main.ts`) and waits for /healthz. */
export async function startServer(opts: {
  name: string;
  port: number;
  dataDir: string;
  env: Record<string, string>;
}): Promise<RunningServer> {
  fs.mkdirSync(opts.dataDir, { recursive: true });
  const logFile = fs.openSync(path.join(opts.dataDir, 'server.log'), 'a');
  const url = `http://127.0.0.1:${opts.port}`;
  const child = spawn(process.execPath, ['--import', 'tsx', SERVER_MAIN], {
    cwd: REPO_ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(opts.port),
      PUBLIC_URL: url,
      DATA_DIR: opts.dataDir,
      ...opts.env,
    },
    stdio: ['ignore', logFile, logFile],
  });
  let exited = false;
  child.on('exit', () => {
    exited = true;
  });
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (exited) throw new Error(`${opts.name} server exited; see ${opts.dataDir}/server.log`);
    try {
      const res = await fetch(`${url}/healthz`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`${opts.name} server did not become healthy`);
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    url,
    process: child,
    stop: () =>
      new Promise<void>((resolve) => {
        if (exited) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
        setTimeout(() => child.kill('SIGKILL'), 10_000).unref();
      }),
  };
}
