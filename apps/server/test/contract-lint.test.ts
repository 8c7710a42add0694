import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  TOOLS_REQUIRED,
  findOnPath,
  redoclyLint,
  runTool,
  type RedoclyProblem,
} from './support/contract-tools';
import { describeEachDialect } from './support/dialects';
import { startApp, type TestApp } from './support/start-app';
import { signedInCookie } from './support/sync-socket';

// ajv-formats is CommonJS with a default export.
const addFormats = addFormatsModule as unknown as (ajv: Ajv2020) => Ajv2020;

interface OpenApiDocument {
  servers?: { url: string }[];
  paths: Record<
    string,
    Record<string, { requestBody?: { content: Record<string, { schema: object }> } }>
  >;
  components: unknown;
}

const TOKEN = 'contract-lint-metrics-token-0123';
const PROMTOOL = findOnPath('promtool');
const NO_PROMTOOL =
  'promtool is not installed (Debian package prometheus; scripts/ensure-system-deps.sh installs it)';

/**
 * Issue 35 item 6: what the server hands to other programs passes those programs' own checks.
 * The scrape goes through `promtool check metrics` (Prometheus's linter), the OpenAPI document
 * through `redocly lint` with apps/server/redocly.yaml. Both run as the tools themselves, on the
 * server's real answers written to files.
 */
describeEachDialect('the /metrics text', (dialect) => {
  let app: TestApp;
  let dir: string;

  beforeAll(async () => {
    app = await startApp({ dialect, env: { METRICS_TOKEN: TOKEN } });
    dir = await mkdtemp(path.join(os.tmpdir(), 'qa-contract-metrics-'));
  });
  afterAll(async () => {
    await app?.stop();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('passes promtool check metrics without a lint', async (ctx) => {
    if (PROMTOOL === null) {
      if (TOOLS_REQUIRED) throw new Error(NO_PROMTOOL);
      ctx.skip(NO_PROMTOOL);
      return;
    }
    // Series with labels in every histogram and counter the app keeps.
    await fetch(`${app.url}/healthz`);
    await fetch(`${app.url}/api/v1/no-such-route`);
    const scrape = await fetch(`${app.url}/metrics`, {
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(scrape.status).toBe(200);
    const file = path.join(dir, 'metrics.txt');
    await writeFile(file, await scrape.text());

    const run = await runTool(PROMTOOL, ['check', 'metrics'], { stdinFile: file });
    expect({ code: run.code, lint: `${run.stdout}${run.stderr}`.trim() }).toEqual({
      code: 0,
      lint: '',
    });
  });
});

describe('the OpenAPI document', () => {
  let app: TestApp;
  let dir: string;
  let document: OpenApiDocument;

  beforeAll(async () => {
    app = await startApp({ dialect: 'sqlite' });
    dir = await mkdtemp(path.join(os.tmpdir(), 'qa-contract-openapi-'));
    document = (await (await fetch(`${app.url}/api/v1/openapi.json`)).json()) as OpenApiDocument;
  });
  afterAll(async () => {
    await app?.stop();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('passes redocly lint with the recommended rules and names its own installation as the server', async () => {
    expect(document.servers).toEqual([expect.objectContaining({ url: '/' })]);
    const file = path.join(dir, 'openapi.json');
    await writeFile(file, JSON.stringify(document));

    const { code, problems } = await redoclyLint(file);
    const line = (p: RedoclyProblem) => `${p.ruleId} ${p.location[0]?.pointer ?? ''}: ${p.message}`;
    expect(problems.filter((p) => p.severity === 'error').map(line)).toEqual([]);
    expect(code).toBe(0);
    // The one warning redocly.yaml keeps, for the two public reads it names and no others.
    expect(problems.map((p) => `${p.ruleId} ${p.location[0]?.pointer ?? ''}`).sort()).toEqual([
      'operation-4xx-response #/paths/~1api~1v1~1client-config/get/responses',
      'operation-4xx-response #/paths/~1api~1v1~1session/get/responses',
    ]);
  });

  it('describes for POST /api/v1/people/records exactly the bodies the server takes', async () => {
    const schema =
      document.paths['/api/v1/people/records']?.post?.requestBody?.content['application/json']
        ?.schema;
    expect(schema).toBeDefined();
    const ajv = addFormats(new Ajv2020({ strict: false, allErrors: true }));
    const valid = ajv.compile({ ...schema, components: document.components });
    const admin = await signedInCookie(app, {
      email: 'contract-admin@example.com',
      roles: ['admin'],
    });
    const post = async (body: unknown) =>
      (
        await fetch(`${app.url}/api/v1/people/records`, {
          method: 'POST',
          headers: { cookie: admin.cookie, origin: app.url, 'content-type': 'application/json' },
          body: JSON.stringify(body),
        })
      ).status;

    const refused = [
      { displayName: 'Without E-mail' },
      { email: 'without.name@example.com' },
      { displayName: '   ', email: 'blank.name@example.com' },
      { displayName: 'Bad Mail', email: 'not-an-address' },
      { displayName: 'Too Much', email: 'admin.role@example.com', roles: ['admin'] },
      { displayName: 'Twice', email: 'twice@example.com', roles: ['user', 'user'] },
      { displayName: 'Bad Id', email: 'bad.id@example.com', id: 'no spaces/allowed' },
    ];
    for (const body of refused) {
      const status = await post(body);
      expect({ body, valid: valid(body), refused: status === 400 || status === 422 }).toEqual({
        body,
        valid: false,
        refused: true,
      });
    }
    const taken = [
      { displayName: 'Eva Inaktiv', email: 'eva.inaktiv@example.com' },
      { id: 'contract-person-2', displayName: 'Udo', email: 'udo@example.com', roles: ['auditor'] },
    ];
    for (const body of taken) {
      expect({ body, valid: valid(body), status: await post(body) }).toEqual({
        body,
        valid: true,
        status: 201,
      });
    }
  });
});
