import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDialect } from './support/dialects';
import {
  accepted,
  createAudit,
  eventually,
  fileForm,
  filePerson,
  fileUrl,
  getFile,
  putFile,
  storedFiles,
  type FilePerson,
  type OwnerQuery,
} from './support/file-owners';
import { multipartHead, RawRequest } from './support/raw-upload';
import { persisted, startApp, type TestApp } from './support/start-app';

/**
 * Files belong to an audit (issue 10, item 3): an upload names its audit (and item, finding,
 * media entry), is allowed by the rule for editing that audit and read by the rule for reading
 * it; files of a deleted audit go away; a person's files have a quota; a page of a foreign
 * origin cannot upload.
 */

const PDF = Buffer.from('%PDF-1.4\n% a tiny test document\n');
/** Small, so the quota is reached with a few uploads of `CHUNK`. */
const QUOTA = 100_000;
const CHUNK = Buffer.alloc(60_000, 7);

let counter = 0;
const newId = () => `acc-${Date.now()}-${++counter}`;

interface ErrorBody {
  error: { code: string; message: string; details?: { key: string; params?: unknown } };
}

describeEachDialect('files belong to an audit', (dialect) => {
  let app: TestApp;
  const people: FilePerson[] = [];
  let admin: FilePerson;
  let qm: FilePerson;
  let lead: FilePerson;
  let co: FilePerson;
  let outsider: FilePerson;
  let user: FilePerson;
  let dispatcher: FilePerson;
  let nobody: FilePerson;
  let auditId: string;

  const person = async (name: string, roles: string[]) => {
    const created = await filePerson(app, `${name}.access-${dialect}@example.com`, roles);
    people.push(created);
    return created;
  };

  beforeAll(async () => {
    app = await startApp({
      dialect,
      env: { AUTH_RATE_LIMIT_SIGNIN: '100/60', UPLOAD_QUOTA_BYTES: String(QUOTA) },
    });
    admin = await person('admin', ['admin']);
    qm = await person('qm', ['qm']);
    lead = await person('lead', ['auditor']);
    co = await person('co', ['auditor']);
    outsider = await person('outsider', ['auditor']);
    user = await person('user', ['user']);
    dispatcher = await person('dispatcher', ['measure-dispatcher']);
    nobody = await person('nobody', []);
    auditId = await createAudit(qm, 'audit-access-1', {
      lead: lead.personId,
      coauditors: [co.personId],
    });
  });
  afterAll(async () => {
    for (const p of people) p.socket.close();
    await app?.stop();
  });

  const upload = (who: FilePerson, owner: OwnerQuery, id = newId(), content = PDF) =>
    putFile(app, who, id, owner, fileForm(content, 'report.pdf', 'application/pdf'));

  async function refused(
    response: Response,
    status: number,
    code: string,
    key?: string,
  ): Promise<ErrorBody> {
    expect(response.status).toBe(status);
    const body = (await response.json()) as ErrorBody;
    expect(body.error.code).toBe(code);
    if (key) expect(body.error.details?.key).toBe(key);
    return body;
  }

  /** Uploads that are refused leave the storage folder as it was. */
  async function unchangedStorage(work: () => Promise<void>): Promise<void> {
    const before = await storedFiles(app);
    await work();
    expect(await storedFiles(app)).toEqual(before);
  }

  const ownerRow = async (fileId: string) =>
    app.server.database.db
      .selectFrom('files')
      .select(['audit_id', 'audit_item_id', 'finding_id', 'media_id', 'created_by'])
      .where('id', '=', fileId)
      .executeTakeFirst();

  it('needs the audit the file belongs to, and ids that fit together', async () => {
    await unchangedStorage(async () => {
      const missing = await refused(await upload(qm, {}), 400, 'invalid_request');
      expect(missing.error.details).toEqual({ key: 'file.auditRequired' });
      await refused(
        await upload(qm, { auditId, findingId: 'f1' }),
        400,
        'invalid_request',
        'file.ownerIncomplete',
      );
      const bad = await refused(
        await upload(qm, { auditId, auditItemId: 'a.b' }),
        400,
        'invalid_request',
      );
      expect(bad.error.details).toEqual({
        key: 'file.ownerIdInvalid',
        params: { field: 'auditItemId' },
      });
    });
  });

  it("lets the audit's team, qm and admin upload and stores the owner with the file", async () => {
    for (const who of [lead, co, qm, admin]) {
      const id = newId();
      expect((await upload(who, { auditId }, id)).status).toBe(201);
      expect(await ownerRow(id)).toEqual({
        audit_id: auditId,
        audit_item_id: null,
        finding_id: null,
        media_id: null,
        created_by: who.personId,
      });
    }
    // A finding's photo, uploaded before the command that adds the finding.
    const id = newId();
    const owner = { auditId, auditItemId: 'item-1', findingId: 'finding-1', mediaId: 'media-1' };
    expect((await upload(co, owner, id)).status).toBe(201);
    expect(await ownerRow(id)).toMatchObject({
      audit_item_id: 'item-1',
      finding_id: 'finding-1',
      media_id: 'media-1',
    });
  });

  it('refuses with 403 whoever may not edit the audit, before reading the body', async () => {
    await unchangedStorage(async () => {
      for (const who of [outsider, user, dispatcher, nobody]) {
        for (const owner of [{ auditId }, { auditId, auditItemId: 'i', findingId: 'f' }]) {
          await refused(await upload(who, owner), 403, 'forbidden', 'permission.denied');
        }
      }
    });
  });

  it('refuses before the body arrives (no byte of it is needed)', async () => {
    const request = await RawRequest.open(app.url);
    const url = new URL(fileUrl(app, newId(), { auditId }));
    await request.write(
      multipartHead(`${url.pathname}${url.search}`, url.host, {
        cookie: outsider.cookie,
        origin: app.url,
        contentLength: 10 * 1024 * 1024,
      }),
    );
    // Well before the 30 s the server waits for a body's first bytes.
    const answer = await request.waitForAnswer(10_000);
    expect(answer.status).toBe(403);
    expect(answer.headers.connection).toBe('close');
    await request.closed;
  });

  it('keeps a protected audit for qm, admin and its lead auditor', async () => {
    const locked = await createAudit(qm, `audit-locked-${dialect}`, {
      lead: lead.personId,
      coauditors: [co.personId],
    });
    await accepted(lead, 'audit.protect', { id: locked });
    await unchangedStorage(async () => {
      await refused(
        await upload(co, { auditId: locked }),
        403,
        'forbidden',
        'permission.auditProtected',
      );
    });
    for (const who of [lead, qm, admin]) {
      expect((await upload(who, { auditId: locked })).status).toBe(201);
    }
  });

  it('names an unknown audit, and an item of another audit', async () => {
    await unchangedStorage(async () => {
      const unknown = await refused(
        await upload(qm, { auditId: 'no-such-audit' }),
        404,
        'not_found',
      );
      expect(unknown.error.details).toEqual({
        key: 'file.auditNotFound',
        params: { auditId: 'no-such-audit' },
      });
    });
    const other = await createAudit(qm, `audit-other-${dialect}`, { lead: lead.personId });
    await accepted(qm, 'auditItem.create', {
      auditId: other,
      id: `item-other-${dialect}`,
      question: { text: 'Is it documented?' },
    });
    await refused(
      await upload(qm, { auditId, auditItemId: `item-other-${dialect}` }),
      400,
      'invalid_request',
      'file.itemNotInAudit',
    );
    expect(
      (await upload(qm, { auditId: other, auditItemId: `item-other-${dialect}` })).status,
    ).toBe(201);
  });

  it('lets whoever may read the audit download, and refuses a person without roles', async () => {
    const id = newId();
    expect((await upload(lead, { auditId }, id)).status).toBe(201);
    for (const who of [lead, co, outsider, user, dispatcher, qm, admin]) {
      const response = await getFile(app, who, id);
      expect(response.status).toBe(200);
      expect(Buffer.from(await response.arrayBuffer())).toEqual(PDF);
    }
    await refused(await getFile(app, nobody, id), 403, 'forbidden', 'permission.denied');
    // Not even whether an id exists.
    await refused(await getFile(app, nobody, newId()), 403, 'forbidden');
    await refused(await getFile(app, user, newId()), 404, 'not_found', 'file.notFound');
  });

  it('answers a retry under the id with another owner as a conflict', async () => {
    const id = newId();
    expect((await upload(qm, { auditId }, id)).status).toBe(201);
    expect((await upload(qm, { auditId }, id)).status).toBe(200);
    const other = await createAudit(qm, `audit-retry-${dialect}`, { lead: lead.personId });
    await refused(await upload(qm, { auditId: other }, id), 409, 'conflict');
  });

  it('deletes the files of a deleted audit from disk and database', async () => {
    const doomed = await createAudit(qm, `audit-doomed-${dialect}`, { lead: lead.personId });
    const ids = [newId(), newId()];
    for (const id of ids) expect((await upload(lead, { auditId: doomed }, id)).status).toBe(201);
    const kept = newId();
    expect((await upload(lead, { auditId }, kept)).status).toBe(201);
    const onDisk = (id: string) => storedFiles(app).then((n) => n.some((f) => f.startsWith(id)));
    expect(await onDisk(ids[0]!)).toBe(true);

    await accepted(qm, 'audit.delete', { id: doomed });
    await eventually('the files of the deleted audit are gone', async () => {
      const rows = await Promise.all(ids.map(ownerRow));
      const files = await Promise.all(ids.map(onDisk));
      return rows.every((row) => row === undefined) && files.every((found) => !found);
    });
    for (const id of ids) {
      await refused(await getFile(app, qm, id), 404, 'not_found');
    }
    expect((await getFile(app, qm, kept)).status).toBe(200);
    expect(await onDisk(kept)).toBe(true);

    // An upload for the deleted audit is refused with its reason.
    await refused(await upload(lead, { auditId: doomed }), 404, 'not_found', 'file.auditDeleted');
  });

  it("refuses a person's upload past the quota with 413 and its message", async () => {
    const saver = await person('saver', ['qm']);
    const first = newId();
    expect((await upload(saver, { auditId }, first, CHUNK)).status).toBe(201);
    await unchangedStorage(async () => {
      const over = await refused(
        await upload(saver, { auditId }, newId(), CHUNK),
        413,
        'payload_too_large',
      );
      expect(over.error.details).toEqual({
        key: 'file.quotaExceeded',
        params: { quotaMiB: 0.1 },
      });
    });
    // A retried upload stores nothing and counts nothing; others have their own quota.
    expect((await upload(saver, { auditId }, first, CHUNK)).status).toBe(200);
    expect((await upload(qm, { auditId }, newId(), CHUNK)).status).toBe(201);
    // What is left of the quota may be used to the byte.
    const rest = Buffer.alloc(QUOTA - CHUNK.length, 1);
    expect((await upload(saver, { auditId }, newId(), rest)).status).toBe(201);
    await refused(await upload(saver, { auditId }), 413, 'payload_too_large', 'file.quotaExceeded');
  });

  it('refuses an upload from a page of a foreign origin, as the sync socket does', async () => {
    await unchangedStorage(async () => {
      const foreign = await putFile(app, qm, newId(), { auditId }, fileForm(PDF, 'a.pdf'), {
        origin: 'http://evil.example',
      });
      const body = await refused(foreign, 403, 'forbidden');
      expect(body.error.message).toBe('origin not allowed');
    });
    // Without Origin (no browser) and from the app's own origin it is taken.
    const withoutOrigin = await fetch(`${app.url}/api/v1/files/${newId()}?auditId=${auditId}`, {
      method: 'PUT',
      headers: { cookie: qm.cookie },
      body: fileForm(PDF, 'a.pdf'),
    });
    expect(withoutOrigin.status).toBe(201);
  });
});

describeEachDialect('files of audits deleted while the server was down', (dialect) => {
  it('are deleted at start', async () => {
    const first = await startApp({ dialect });
    const qm = await filePerson(first, `qm.sweep-${dialect}@example.com`, ['qm']);
    const live = await createAudit(qm, 'audit-live', { lead: qm.personId });
    const keptId = newId();
    expect(
      (await putFile(first, qm, keptId, { auditId: live }, fileForm(PDF, 'a.pdf'))).status,
    ).toBe(201);
    qm.socket.close();
    // A file whose audit is gone, as a server that stopped before its feed saw the deletion
    // would leave it.
    const folder = path.join(first.dataDir, 'files');
    await mkdir(folder, { recursive: true });
    await writeFile(path.join(folder, 'orphan-1-0123456789abcdef.pdf'), PDF);
    await first.server.database.db
      .insertInto('files')
      .values({
        id: 'orphan-1',
        storage_key: 'orphan-1-0123456789abcdef.pdf',
        name: 'a.pdf',
        content_type: 'application/pdf',
        size: PDF.length,
        sha256: '0'.repeat(64),
        created_by: qm.personId,
        created_at: new Date().toISOString(),
        audit_id: 'audit-gone',
        audit_item_id: null,
        finding_id: null,
        media_id: null,
      })
      .execute();
    await first.stop({ keepData: true });

    const second = await startApp({ dialect, reuse: persisted(first) });
    try {
      const names = await storedFiles(second);
      expect(names.some((name) => name.startsWith('orphan-1-'))).toBe(false);
      expect(names.some((name) => name.startsWith(`${keptId}-`))).toBe(true);
      const rows = await second.server.database.db.selectFrom('files').select('id').execute();
      expect(rows.map((row) => row.id)).toEqual([keptId]);
    } finally {
      await second.stop();
    }
  });
});
