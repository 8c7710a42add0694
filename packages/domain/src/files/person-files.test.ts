import { describe, expect, it } from 'vitest';
import { importMessages } from '../messages/imports.messages';
import { formatMessage } from '../messages/message';
import { checkAttachmentUpload } from './attachment-rules';
import {
  AVATAR_EXTENSIONS,
  MAX_AVATAR_BYTES,
  avatarUploadRules,
  checkFileDownload,
  checkPersonFileUpload,
  type FileActor,
} from './file-access';
import {
  fileOwnerQuery,
  isPersonFileOwner,
  parseFileOwner,
  sameFileOwner,
  type FileOwner,
} from './file-owner';

/** Files of a person (issue 15: their avatar). */

const as = (personId: string, ...roles: string[]): FileActor => ({ personId, roles });

const place = (fields: Partial<FileOwner> = {}): FileOwner => ({
  auditId: 'a1',
  auditItemId: null,
  findingId: null,
  mediaId: null,
  ...fields,
});

describe('a person as file owner', () => {
  it('is named by personId alone', () => {
    expect(parseFileOwner({ personId: 'p1' })).toEqual({ ok: true, owner: { personId: 'p1' } });
    // Empty audit fields count as absent.
    expect(parseFileOwner({ personId: 'p1', auditId: '', mediaId: null })).toEqual({
      ok: true,
      owner: { personId: 'p1' },
    });
    expect(parseFileOwner({ personId: '', auditId: 'a1' })).toEqual({ ok: true, owner: place() });
  });

  it('is one kind of owner or the other, never both nor neither', () => {
    for (const field of ['auditId', 'auditItemId', 'findingId', 'mediaId']) {
      expect(parseFileOwner({ personId: 'p1', [field]: 'x1' })).toEqual({
        ok: false,
        message: { key: 'file.ownerAmbiguous' },
      });
    }
    expect(parseFileOwner({})).toEqual({ ok: false, message: { key: 'file.auditRequired' } });
    for (const bad of ['../x', 'a b', 7, ['p1']]) {
      expect(parseFileOwner({ personId: bad })).toEqual({
        ok: false,
        message: { key: 'file.ownerIdInvalid', params: { field: 'personId' } },
      });
    }
    // Inherited properties are no input.
    expect(parseFileOwner(Object.create({ personId: 'p1' }) as Record<string, unknown>)).toEqual({
      ok: false,
      message: { key: 'file.auditRequired' },
    });
  });

  it('tells the kinds apart, compares and names them in a query', () => {
    expect(isPersonFileOwner({ personId: 'p1' })).toBe(true);
    expect(isPersonFileOwner(place())).toBe(false);
    expect(sameFileOwner({ personId: 'p1' }, { personId: 'p1' })).toBe(true);
    expect(sameFileOwner({ personId: 'p1' }, { personId: 'p2' })).toBe(false);
    expect(sameFileOwner({ personId: 'p1' }, place())).toBe(false);
    expect(sameFileOwner(place(), { personId: 'p1' })).toBe(false);
    expect(sameFileOwner(place(), place())).toBe(true);
    expect(fileOwnerQuery({ personId: 'p1' })).toEqual({ personId: 'p1' });
    expect(fileOwnerQuery(place({ auditItemId: 'i1' }))).toEqual({
      auditId: 'a1',
      auditItemId: 'i1',
    });
    for (const owner of [{ personId: 'p1' }, place({ auditItemId: 'i1', findingId: 'f1' })]) {
      expect(parseFileOwner(fileOwnerQuery(owner))).toEqual({ ok: true, owner });
    }
  });
});

describe('avatar upload', () => {
  const owner = { personId: 'p1' };

  it('is for the person themself and admins', () => {
    expect(checkPersonFileUpload(as('p1'), owner, true)).toBeNull();
    expect(checkPersonFileUpload(as('p1', 'auditor'), owner, true)).toBeNull();
    expect(checkPersonFileUpload(as('boss', 'admin'), owner, true)).toBeNull();
    for (const roles of [['auditor'], ['qm'], ['user'], ['measure-dispatcher'], []]) {
      expect(checkPersonFileUpload(as('other', ...roles), owner, true)).toEqual({
        reason: 'forbidden',
        message: { key: 'permission.denied' },
      });
    }
  });

  it('needs the person to exist, told only to those who may upload', () => {
    expect(checkPersonFileUpload(as('boss', 'admin'), owner, false)).toEqual({
      reason: 'personNotFound',
      message: { key: 'file.personNotFound', params: { personId: 'p1' } },
    });
    expect(checkPersonFileUpload(as('other', 'qm'), owner, false)?.reason).toBe('forbidden');
  });

  it('takes image types the configuration allows, of at most 2 MiB', () => {
    expect(MAX_AVATAR_BYTES).toBe(2 * 1024 * 1024);
    expect([...AVATAR_EXTENSIONS]).toEqual(['jpg', 'jpeg', 'png', 'webp', 'gif']);
    expect(avatarUploadRules(['pdf', 'JPG', '.png', 'heic', 'gif'])).toEqual({
      allowedExtensions: ['jpg', 'png', 'gif'],
      maxBytes: MAX_AVATAR_BYTES,
    });
    // A smaller server limit wins.
    expect(avatarUploadRules(['png'], 1000).maxBytes).toBe(1000);
    const rules = avatarUploadRules(['jpg', 'jpeg', 'png', 'webp', 'gif', 'pdf', 'heic']);
    const check = (name: string, type: string, size = 100) =>
      checkAttachmentUpload({ name, type, size }, rules)?.reason ?? null;
    expect(check('me.png', 'image/png')).toBeNull();
    expect(check('me.webp', 'image/webp')).toBeNull();
    expect(check('me.pdf', 'application/pdf')).toBe('typeNotAllowed');
    expect(check('me.heic', '')).toBe('typeNotAllowed');
    expect(check('me.png', 'image/png', MAX_AVATAR_BYTES)).toBeNull();
    expect(check('me.png', 'image/png', MAX_AVATAR_BYTES + 1)).toBe('tooLarge');
    // No image type configured: no avatar.
    expect(avatarUploadRules(['pdf']).allowedExtensions).toEqual([]);
    expect(checkAttachmentUpload({ name: 'me.png' }, avatarUploadRules(['pdf']))?.reason).toBe(
      'typeNotAllowed',
    );
  });
});

describe('avatar download', () => {
  const avatar = { owner: { personId: 'p1' }, createdBy: 'p1' };

  it('is for every signed-in person, whatever their roles', () => {
    for (const actor of [as('p1'), as('x'), as('x', 'user'), as('x', 'measure-dispatcher')]) {
      expect(checkFileDownload(actor, avatar, null)).toBeNull();
    }
    // Files of audits keep their rule.
    expect(checkFileDownload(as('x'), { owner: place(), createdBy: 'p1' }, null)?.reason).toBe(
      'forbidden',
    );
  });
});

describe('person file messages', () => {
  it('exist in both languages', () => {
    const text = (key: string, language: 'de' | 'en', params?: Record<string, string>) =>
      formatMessage(importMessages, { key, params }, language);
    expect(text('file.ownerAmbiguous', 'en')).toBe(
      'A file belongs either to an audit or to a person, not to both',
    );
    expect(text('file.ownerAmbiguous', 'de')).toMatch(/Audit oder zu einer Person/);
    expect(text('file.personNotFound', 'en', { personId: 'p1' })).toBe('Person p1 does not exist');
    expect(text('file.personNotFound', 'de', { personId: 'p1' })).toBe(
      'Die Person p1 existiert nicht',
    );
  });
});
