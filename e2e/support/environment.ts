import os from 'node:os';
import path from 'node:path';

/** Where everything of one e2e run lives; global-setup empties it first. */
export const E2E_ROOT = process.env.E2E_ROOT ?? path.join(os.tmpdir(), 'qa-e2e');

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  // Issue 11: /camera gets Chromium's test pattern as its camera, without a permission prompt.
  '--use-fake-device-for-media-stream',
  '--use-fake-ui-for-media-stream',
];

export const ADMIN = { email: 'admin@example.com', password: 'e2e-admin-password-1' };
/** A second person with a login, whose password the reset test may change. */
export const RESET_PERSON = {
  email: 'erika.reset@example.com',
  name: 'Erika Reset',
  password: 'erika-password-1',
};
/** An auditor with a login and no other role: the protected-audit test signs in as them. */
export const AUDITOR = {
  email: 'otto.auditor@example.com',
  name: 'Otto Auditor',
  password: 'otto-password-1',
};
/** OIDC accounts: one matches the admin person, the other matches nobody. */
export const OIDC = {
  port: Number(process.env.E2E_OIDC_PORT ?? 3190),
  clientId: 'qa-e2e',
  clientSecret: 'qa-e2e-secret-0123456789',
  providerId: 'enterprise',
  label: 'Company login',
  stranger: 'stranger@example.com',
};

function server(name: string, port: number) {
  return { name, port, url: `http://127.0.0.1:${port}`, dataDir: path.join(E2E_ROOT, name) };
}

export const SERVERS = {
  sqlite: server('sqlite', Number(process.env.E2E_PORT_SQLITE ?? 3101)),
  postgres: server('postgres', Number(process.env.E2E_PORT_POSTGRES ?? 3102)),
  /** Default (strict) rate limits; only the rate-limit test uses it. */
  strict: server('strict', Number(process.env.E2E_PORT_STRICT ?? 3103)),
};

/**
 * The restore journey's own server (issue 20): it stops, restores and restarts it on this port,
 * so global-setup does not start it and no other test uses it.
 */
export const RESTORE_PORT = Number(process.env.E2E_PORT_RESTORE ?? 3104);

export type ServerName = keyof typeof SERVERS;

export function serverFor(projectName: string) {
  if (projectName in SERVERS) return SERVERS[projectName as ServerName];
  throw new Error(`No server for project ${projectName}`);
}
