import { spawn } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import { open } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { REQUIRE_PG } from './pg-database';

const SERVER = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const REDOCLY = path.resolve(SERVER, '../../node_modules/@redocly/cli/bin/cli.js');
/** The project's lint rules for the OpenAPI document, each exception justified there. */
export const REDOCLY_CONFIG = path.join(SERVER, 'redocly.yaml');

/**
 * Where a tool the tests need must be installed: in CI and in the one test command
 * (scripts/test.sh sets REQUIRE_PG=1 after scripts/ensure-system-deps.sh installed it). Elsewhere
 * a missing tool skips its test with a reason, so a developer without it is not blocked.
 */
export const TOOLS_REQUIRED = REQUIRE_PG || Boolean(process.env.CI);

/** The absolute path of `name` on PATH, or null. */
export function findOnPath(name: string): string | null {
  for (const dir of (process.env.PATH ?? '').split(path.delimiter)) {
    if (!dir) continue;
    const candidate = path.join(dir, name);
    try {
      accessSync(candidate, constants.X_OK);
      return candidate;
    } catch {
      // not in this directory
    }
  }
  return null;
}

export interface ToolRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs a program to its end, stdin from a file when given. */
export async function runTool(
  command: string,
  args: readonly string[],
  { stdinFile, env }: { stdinFile?: string; env?: Record<string, string> } = {},
): Promise<ToolRun> {
  const input = stdinFile ? await open(stdinFile, 'r') : null;
  try {
    return await new Promise<ToolRun>((resolve, reject) => {
      const child = spawn(command, args, {
        stdio: [input ? input.fd : 'ignore', 'pipe', 'pipe'],
        env: { ...process.env, ...env },
      });
      let stdout = '';
      let stderr = '';
      child.stdout?.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
      child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
      child.once('error', reject);
      child.once('close', (code) => resolve({ code, stdout, stderr }));
    });
  } finally {
    await input?.close();
  }
}

export interface RedoclyProblem {
  ruleId: string;
  severity: 'error' | 'warn';
  message: string;
  location: { pointer?: string }[];
}

/**
 * `redocly lint` of a document file with the project's configuration, problems as JSON. Its
 * telemetry and update check stay off: a test run sends nothing anywhere.
 */
export async function redoclyLint(
  file: string,
): Promise<{ code: number | null; problems: RedoclyProblem[] }> {
  const { code, stdout, stderr } = await runTool(
    process.execPath,
    [REDOCLY, 'lint', file, '--config', REDOCLY_CONFIG, '--format=json'],
    { env: { REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' } },
  );
  let report: { problems: RedoclyProblem[] };
  try {
    report = JSON.parse(stdout) as { problems: RedoclyProblem[] };
  } catch {
    throw new Error(`redocly lint gave no report:\n${stdout}\n${stderr}`);
  }
  return { code, problems: report.problems };
}
