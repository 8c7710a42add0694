// @vitest-environment node
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import {
  AvatarDatabase,
  avatarExtensions,
  flushPendingAvatars,
  keepPendingAvatar,
  prepareAvatar,
} from './avatar-upload';
import { PeopleApiError, PeopleNetworkError } from './people-api';

const database = () => new AvatarDatabase({ indexedDB: new IDBFactory(), IDBKeyRange });
const blob = () => new Blob(['gif'], { type: 'image/gif' });

describe('avatar upload', () => {
  it('allows only the configured types that are images', () => {
    expect(avatarExtensions(['pdf', '.PNG', 'jpg', 'docx'])).toEqual(['jpg', 'png']);
  });

  it('refuses a name without extension and a type not configured', async () => {
    const rules = { allowedExtensions: ['png'], imageMaxEdge: 2048 };
    const bare = await prepareAvatar(new File(['x'], 'portrait', { type: 'image/png' }), rules);
    expect(bare).toMatchObject({ ok: false, message: { key: 'attachment.extensionRequired' } });
    const gif = await prepareAvatar(new File(['x'], 'me.gif', { type: 'image/gif' }), rules);
    expect(gif).toMatchObject({ ok: false, message: { key: 'attachment.typeNotAllowed' } });
  });

  it('keeps a waiting avatar without an answer, drops one the server refuses for good', async () => {
    const db = database();
    await keepPendingAvatar(db, { personId: 'p1', self: true, name: 'a.gif', blob: blob() });
    await keepPendingAvatar(db, { personId: 'p2', self: false, name: 'b.gif', blob: blob() });
    const offline = await flushPendingAvatars(db, () =>
      Promise.reject(new PeopleNetworkError(new TypeError('offline'))),
    );
    expect(offline).toEqual({ sent: [], refused: [] });
    expect(await db.pending.count()).toBe(2);

    const seen: { personId: string; size: number; type: string }[] = [];
    const result = await flushPendingAvatars(db, (avatar) => {
      seen.push({ personId: avatar.personId, size: avatar.blob.size, type: avatar.blob.type });
      return avatar.personId === 'p1'
        ? Promise.resolve('/api/v1/files/x')
        : Promise.reject(new PeopleApiError(403, 'forbidden', 'no', []));
    });
    expect(seen).toEqual([
      { personId: 'p1', size: 3, type: 'image/gif' },
      { personId: 'p2', size: 3, type: 'image/gif' },
    ]);
    expect(result.sent).toEqual(['p1']);
    expect(result.refused.map((entry) => entry.personId)).toEqual(['p2']);
    expect(await db.pending.count()).toBe(0);
  });
});
