import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDialect } from './support/dialects';
import {
  eventually,
  createAudit,
  fileForm,
  filePerson,
  getFile,
  putFile,
  storedFiles,
  type FilePerson,
  type OwnerQuery,
} from './support/file-owners';
import { persisted, startApp, type TestApp } from './support/start-app';

/**
 * Files of a person (issue 15: their avatar, docs/api.md "Files"): `?personId=` instead of an
 * audit; the person or an admin uploads it, image types of at most 2 MiB only, the person must
 * exist; every signed-in person reads it; it goes when the person is deleted.
 */

const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.alloc(200, 1),
]);
const PDF = Buffer.from('%PDF-1.4\n% not a picture\n');

let counter = 0;
const newId = () => `avatar-${Date.now()}-${++counter}`;

interface ErrorBody {
  error: { code: string; details?: { key: string; params?: unknown } };
}

describeEachDialect('files of a person (avatars)', (dialect) => {
  let app: TestApp;
  const people: FilePerson[] = [];
  let admin: FilePerson;
  let auditor: FilePerson;
  let other: FilePerson;
  let nobody: FilePerson;

  const person = async (name: string, roles: string[]) => {
    const created = await filePerson(app, `${name}.avatar-${dialect}@example.com`, roles);
    people.push(created);
    return created;
  };

  beforeAll(async () => {
    app = await startApp({ dialect, env: { AUTH_RATE_LIMIT_SIGNIN: '100/60' } });
    admin = await person('admin', ['admin']);
    auditor = await person('auditor', ['auditor']);
    other = await person('other', ['user']);
    nobody = await person('nobody', []);
  });
  afterAll(async () => {
    for (const p of people) p.socket.close();
    await app?.stop();
  });

  const uploadAvatar = (
    who: FilePerson,
    owner: OwnerQuery & { personId?: string },
    id = newId(),
    content = PNG,
    name = 'me.png',
    type = 'image/png',
  ) => putFile(app, who, id, owner as OwnerQuery, fileForm(content, name, type));

  async function refused(response: Response, status: number, code: string, key?: string) {
    expect(response.status).toBe(status);
    const body = (await response.json()) as ErrorBody;
    expect(body.error.code).toBe(code);
    if (key) expect(body.error.details?.key).toBe(key);
    return body;
  }

  const ownerRow = (fileId: string) =>
    app.server.database.db
      .selectFrom('files')
      .select(['audit_id', 'audit_item_id', 'finding_id', 'media_id', 'owner_person_id'])
      .where('id', '=', fileId)
      .executeTakeFirst();

  it('lets a person upload their avatar, and every signed-in person read it', async () => {
    const id = newId();
    const response = await uploadAvatar(auditor, { personId: auditor.personId }, id);
    expect(response.status).toBe(201);
    expect(await ownerRow(id)).toEqual({
      audit_id: null,
      audit_item_id: null,
      finding_id: null,
      media_id: null,
      owner_person_id: auditor.personId,
    });
    for (const reader of [other, nobody, admin, auditor]) {
      const download = await getFile(app, reader, id);
      expect(download.status).toBe(200);
      expect(download.headers.get('content-type')).toBe('image/png');
      expect(Buffer.from(await download.arrayBuffer())).toEqual(PNG);
    }
    // Not without a session.
    expect((await fetch(`${app.url}/api/v1/files/${id}`)).status).toBe(401);
    // A retry is answered with the stored file; the same id for another owner is a conflict.
    expect((await uploadAvatar(auditor, { personId: auditor.personId }, id)).status).toBe(200);
    await refused(await uploadAvatar(admin, { personId: admin.personId }, id), 409, 'conflict');
  });

  it("refuses another person's avatar to all but admins", async () => {
    const before = await storedFiles(app);
    for (const who of [auditor, other, nobody]) {
      await refused(
        await uploadAvatar(who, { personId: admin.personId }),
        403,
        'forbidden',
        'permission.denied',
      );
    }
    expect(await storedFiles(app)).toEqual(before);
    const id = newId();
    expect((await uploadAvatar(admin, { personId: other.personId }, id)).status).toBe(201);
    expect((await ownerRow(id))?.owner_person_id).toBe(other.personId);
    expect((await getFile(app, nobody, id)).status).toBe(200);
  });

  it('takes pictures of at most 2 MiB only', async () => {
    const before = await storedFiles(app);
    await refused(
      await uploadAvatar(
        auditor,
        { personId: auditor.personId },
        newId(),
        PDF,
        'me.pdf',
        'application/pdf',
      ),
      415,
      'unsupported_media_type',
      'attachment.typeNotAllowed',
    );
    // HEIC is an image the attachments allow, but no avatar type.
    await refused(
      await uploadAvatar(auditor, { personId: auditor.personId }, newId(), PNG, 'me.heic', ''),
      415,
      'unsupported_media_type',
      'attachment.typeNotAllowed',
    );
    const large = Buffer.alloc(2 * 1024 * 1024 + 1, 3);
    const tooLarge = await refused(
      await uploadAvatar(auditor, { personId: auditor.personId }, newId(), large),
      413,
      'payload_too_large',
      'attachment.tooLarge',
    );
    expect(tooLarge.error.details?.params).toEqual({ maxMiB: 2 });
    expect(await storedFiles(app)).toEqual(before);
    // The same PDF is fine as an attachment of an audit.
    const auditId = await createAudit(admin, `avatar-audit-${dialect}`, {
      lead: auditor.personId,
    });
    const attachment = await putFile(
      app,
      auditor,
      newId(),
      { auditId },
      fileForm(PDF, 'report.pdf', 'application/pdf'),
    );
    expect(attachment.status).toBe(201);
  });

  it('needs a person that exists, and one kind of owner', async () => {
    const before = await storedFiles(app);
    const missing = await refused(
      await uploadAvatar(admin, { personId: 'no-such-person' }),
      404,
      'not_found',
      'file.personNotFound',
    );
    expect(missing.error.details?.params).toEqual({ personId: 'no-such-person' });
    // Who may not upload it learns nothing about the person.
    await refused(await uploadAvatar(auditor, { personId: 'no-such-person' }), 403, 'forbidden');
    await refused(
      await uploadAvatar(admin, { personId: admin.personId, auditId: 'some-audit' }),
      400,
      'invalid_request',
      'file.ownerAmbiguous',
    );
    const invalid = await refused(
      await uploadAvatar(admin, { personId: 'a b' }),
      400,
      'invalid_request',
      'file.ownerIdInvalid',
    );
    expect(invalid.error.details?.params).toEqual({ field: 'personId' });
    expect(await storedFiles(app)).toEqual(before);
  });

  it("deletes a person's avatar with the person", async () => {
    const created = await fetch(`${app.url}/api/v1/people`, {
      method: 'POST',
      headers: { cookie: admin.cookie, origin: app.url, 'content-type': 'application/json' },
      body: JSON.stringify({
        displayName: 'Without login',
        email: `nologin.avatar-${dialect}@example.com`,
        roles: [],
        login: false,
      }),
    });
    expect(created.status).toBe(201);
    const personId = ((await created.json()) as { person: { id: string } }).person.id;
    const id = newId();
    expect((await uploadAvatar(admin, { personId }, id)).status).toBe(201);
    const stored = (await storedFiles(app)).filter((name) => name.startsWith(id));
    expect(stored).toHaveLength(1);

    const deleted = await fetch(`${app.url}/api/v1/people/${personId}`, {
      method: 'DELETE',
      headers: { cookie: admin.cookie, origin: app.url },
    });
    expect(deleted.status).toBe(200);
    expect(await deleted.json()).toEqual({ result: 'deleted' });
    // Bytes first, then the row (FilesService.remove).
    await eventually(
      'the avatar of the deleted person is gone',
      async () => (await ownerRow(id)) === undefined,
      10_000,
    );
    expect((await getFile(app, other, id)).status).toBe(404);
    expect((await storedFiles(app)).filter((name) => name.startsWith(id))).toEqual([]);
    // Nor can a new one be uploaded for them.
    await refused(await uploadAvatar(admin, { personId }), 404, 'not_found', 'file.personNotFound');
  });
});

describeEachDialect('avatars of people deleted while the server was down', (dialect) => {
  it('are deleted at start', async () => {
    const first = await startApp({ dialect });
    const me = await filePerson(first, `me.avatar-sweep-${dialect}@example.com`, ['user']);
    const keptId = newId();
    const kept = await putFile(
      first,
      me,
      keptId,
      { personId: me.personId } as OwnerQuery,
      fileForm(PNG, 'me.png', 'image/png'),
    );
    expect(kept.status).toBe(201);
    me.socket.close();
    // An avatar whose person is gone, as a server that stopped before its feed saw the deletion
    // would leave it.
    const folder = path.join(first.dataDir, 'files');
    await mkdir(folder, { recursive: true });
    await writeFile(path.join(folder, 'orphan-avatar-0123456789abcdef.png'), PNG);
    await first.server.database.db
      .insertInto('files')
      .values({
        id: 'orphan-avatar',
        storage_key: 'orphan-avatar-0123456789abcdef.png',
        name: 'me.png',
        content_type: 'image/png',
        size: PNG.length,
        sha256: '0'.repeat(64),
        created_by: me.personId,
        created_at: new Date().toISOString(),
        audit_id: null,
        audit_item_id: null,
        finding_id: null,
        media_id: null,
        owner_person_id: 'person-gone',
      })
      .execute();
    await first.stop({ keepData: true });

    const second = await startApp({ dialect, reuse: persisted(first) });
    try {
      const names = await storedFiles(second);
      expect(names.some((name) => name.startsWith('orphan-avatar-'))).toBe(false);
      expect(names.some((name) => name.startsWith(`${keptId}-`))).toBe(true);
      const rows = await second.server.database.db.selectFrom('files').select('id').execute();
      expect(rows.map((row) => row.id)).toEqual([keptId]);
    } finally {
      await second.stop();
    }
  });
});
