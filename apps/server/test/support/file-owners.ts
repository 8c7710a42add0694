import { readdir, readlink } from 'node:fs/promises';
import path from 'node:path';
import { pushCommand, signedInCookie, SyncSocket, type CommandPusher } from './sync-socket';
import type { TestApp } from './start-app';

/**
 * What the file tests share: people with a session cookie and a sync socket (audits are made,
 * protected and deleted by the real commands), upload and download requests naming the audit
 * a file belongs to, and a look at what is left in the storage folder and the open descriptors.
 */

/** A signed-in person who can push commands and send file requests. */
export interface FilePerson extends CommandPusher {
  personId: string;
  cookie: string;
}

let clientCounter = 0;

export async function filePerson(app: TestApp, email: string, roles: string[]) {
  const { cookie, personId } = await signedInCookie(app, { email, roles, displayName: email });
  const socket = await SyncSocket.open(app, { cookie });
  const clientId = `files-client-${Date.now()}-${++clientCounter}`;
  await socket.hello(clientId);
  const person: FilePerson = { personId, cookie, socket, clientId, nextMutation: 1 };
  return person;
}

/** Pushes a command that must be acknowledged. */
export async function accepted(who: FilePerson, name: string, args: unknown): Promise<void> {
  const answer = await pushCommand(who, name, args);
  if (answer.type !== 'ack') throw new Error(`${name} refused: ${JSON.stringify(answer)}`);
}

/** A new audit led by `lead` (auditors may be added), created by `creator` (qm or admin). */
export async function createAudit(
  creator: FilePerson,
  id: string,
  { lead, coauditors = [] }: { lead: string; coauditors?: string[] },
): Promise<string> {
  await accepted(creator, 'audit.create', {
    id,
    name: `Audit ${id}`,
    standard: 'iso9001',
    type: 'system',
    leadauditor: lead,
    coauditors,
    planning_year: 2024,
    planning_date: '2024-03-01',
  });
  return id;
}

/** Who a file belongs to, as the upload's query names it. */
export interface OwnerQuery {
  auditId?: string;
  auditItemId?: string;
  findingId?: string;
  mediaId?: string;
}

export function fileUrl(app: TestApp, fileId: string, owner: OwnerQuery = {}): string {
  const query = new URLSearchParams(
    Object.entries(owner).filter((entry): entry is [string, string] => entry[1] !== undefined),
  ).toString();
  return `${app.url}/api/v1/files/${fileId}${query ? `?${query}` : ''}`;
}

export function fileForm(
  content: Buffer,
  name: string,
  type = 'application/octet-stream',
  field = 'file',
): FormData {
  const body = new FormData();
  body.append(field, new Blob([new Uint8Array(content)], { type }), name);
  return body;
}

/** A PUT as the web app sends it: the session cookie and its own origin. */
export function putFile(
  app: TestApp,
  who: { cookie: string },
  fileId: string,
  owner: OwnerQuery,
  body: FormData | string,
  headers: Record<string, string> = {},
): Promise<Response> {
  return fetch(fileUrl(app, fileId, owner), {
    method: 'PUT',
    body,
    headers: { cookie: who.cookie, origin: app.url, ...headers },
  });
}

export function getFile(app: TestApp, who: { cookie: string }, fileId: string) {
  return fetch(fileUrl(app, fileId), { headers: { cookie: who.cookie } });
}

/** Everything in DATA_DIR/files, temporary files included. */
export async function storedFiles(app: TestApp): Promise<string[]> {
  return (await readdir(path.join(app.dataDir, 'files')).catch(() => [] as string[])).sort();
}

/** The descriptors this process holds open on something inside DATA_DIR/files. */
export async function openDescriptorsIn(app: TestApp): Promise<string[]> {
  const folder = path.join(app.dataDir, 'files');
  const found: string[] = [];
  for (const fd of await readdir('/proc/self/fd')) {
    const target = await readlink(path.join('/proc/self/fd', fd)).catch(() => '');
    if (target.startsWith(`${folder}${path.sep}`)) found.push(target);
  }
  return found;
}

/** Polls until `check` answers true; fails with `what` after `timeoutMs`. */
export async function eventually(
  what: string,
  check: () => Promise<boolean>,
  timeoutMs = 5_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`not within ${timeoutMs} ms: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
