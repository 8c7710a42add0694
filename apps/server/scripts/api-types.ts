/**
 * Writes test/api/openapi.generated.ts: the TypeScript types openapi-typescript makes of the
 * served OpenAPI document, which the API tests' typed client (openapi-fetch) is written against.
 * Run after changing a route: `npm run api:types -w @qa/server` (the API test fails while the
 * committed file is not what the served document gives).
 */
import { execFileSync } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config/env';

const SERVER = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dir = await mkdtemp(path.join(os.tmpdir(), 'qa-api-types-'));
try {
  const built = await buildApp(
    loadConfig({ DATA_DIR: dir, LOG_LEVEL: 'silent', WEB_DIST: path.join(dir, 'none') }),
  );
  const answer = await built.app.inject({ method: 'GET', url: '/api/v1/openapi.json' });
  await built.close();
  const input = path.join(dir, 'openapi.json');
  await writeFile(input, answer.body);
  execFileSync(
    process.execPath,
    [
      path.resolve(SERVER, '../../node_modules/openapi-typescript/bin/cli.js'),
      input,
      '-o',
      path.join(SERVER, 'test/api/openapi.generated.ts'),
    ],
    { stdio: 'inherit' },
  );
} finally {
  await rm(dir, { recursive: true, force: true });
}
