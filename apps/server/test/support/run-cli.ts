import { spawn } from 'node:child_process';
import { SERVER_DIR } from './server-process';

export interface CliResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs one of the server's commands (src/cli/<name>.ts) as `npm run <name>` would. */
export function runCli(
  name: string,
  args: string[],
  env: Record<string, string | undefined>,
): Promise<CliResult> {
  const child = spawn(process.execPath, ['--import', 'tsx', `src/cli/${name}.ts`, ...args], {
    cwd: SERVER_DIR,
    env: { PATH: process.env.PATH ?? '', LOG_LEVEL: 'warn', ...env },
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    // Once its pipes are read to the end ('exit' can come before the last output).
    child.once('close', (code) => resolve({ code, stdout, stderr }));
  });
}
