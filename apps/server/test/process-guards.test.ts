import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { SERVER_DIR } from './support/server-process';

/** Runs a script with tsx in a Node process of its own; resolves with its exit code and output. */
function runScript(source: string): Promise<{ code: number | null; output: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', source], {
    cwd: SERVER_DIR,
    env: { PATH: process.env.PATH ?? '' },
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return new Promise((resolve) => child.once('exit', (code) => resolve({ code, output })));
}

describe('process guards', () => {
  it('log an unhandled rejection and keep the process alive', async () => {
    const { code, output } = await runScript(`
      import { logUnhandledRejections } from './src/process-guards.ts';
      logUnhandledRejections({ error: (o, m) => console.log(m, String(o.err)) });
      Promise.reject(new Error('boom'));
      setTimeout(() => { console.log('still running'); process.exit(0); }, 100);
    `);
    expect(output).toContain('unhandled promise rejection; the server goes on Error: boom');
    expect(output).toContain('still running');
    expect(code).toBe(0);
  });
});
