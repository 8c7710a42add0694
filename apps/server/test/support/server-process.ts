import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from './free-port';

export const SERVER_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

export interface RunningServer {
  child: ChildProcessWithoutNullStreams;
  url: string;
  output: () => { stdout: string; stderr: string };
  exited: Promise<number | null>;
}

/** `node --import tsx src/main.ts`, as in production, until it prints that it listens. */
export async function runServer(env: Record<string, string>): Promise<RunningServer> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: SERVER_DIR,
    env: {
      PATH: process.env.PATH ?? '',
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: url,
      LOG_LEVEL: 'info',
      ...env,
    },
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  // 'close', not 'exit': a process's last output can still be in its pipes when it has exited
  // (the watchdog's line before its SIGKILL was missing from stderr on a busy CI machine).
  const exited = new Promise<number | null>((resolve) => child.once('close', resolve));
  const output = () => ({ stdout, stderr });

  const deadline = Date.now() + 30_000;
  while (!stdout.includes('listening on')) {
    if (child.exitCode !== null || Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`server did not start:\n${stdout}\n${stderr}`);
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  return { child, url, output, exited };
}
