import { describe, expect, it } from 'vitest';
import { importMessages } from '../messages/imports.messages';
import { formatMessage } from '../messages/message';
import { RULES_MESSAGES } from '../messages/rules.messages';
import {
  checkFileDownload,
  checkFileUpload,
  fileWriteAction,
  type FileActor,
  type StoredFileParent,
} from './file-access';
import { parseFileOwner, sameFileOwner, type FileOwner } from './file-owner';
import {
  DEFAULT_UPLOAD_QUOTA_BYTES,
  FILE_OWNER_MISSING_MESSAGE,
  UPLOAD_INCOMPLETE_MESSAGE,
  UPLOAD_TIMEOUT_MESSAGE,
  uploadQuotaExceeded,
} from './file-upload-limits';

const owner = (fields: Partial<FileOwner> = {}): FileOwner => ({
  auditId: 'a1',
  auditItemId: null,
  findingId: null,
  mediaId: null,
  ...fields,
});

const audit = (data: Record<string, unknown> = {}, deleted = false): StoredFileParent => ({
  deleted,
  data: {
    name: 'A',
    leadauditor: 'lead',
    coauditors: ['co'],
    auditor: ['helper'],
    ...data,
  } as StoredFileParent['data'],
});

const as = (personId: string, ...roles: string[]): FileActor => ({ personId, roles });

describe('file owner', () => {
  it('takes the audit and, as applicable, item, finding and media entry', () => {
    expect(parseFileOwner({ auditId: 'a1' })).toEqual({ ok: true, owner: owner() });
    expect(
      parseFileOwner({ auditId: 'a1', auditItemId: 'i1', findingId: 'f1', mediaId: 'm1' }),
    ).toEqual({
      ok: true,
      owner: owner({ auditItemId: 'i1', findingId: 'f1', mediaId: 'm1' }),
    });
    // Empty query parameters count as absent.
    expect(parseFileOwner({ auditId: 'a1', auditItemId: '', findingId: null })).toEqual({
      ok: true,
      owner: owner(),
    });
  });

  it('needs the audit, ids that are ids and the parent of a finding or media entry', () => {
    expect(parseFileOwner({})).toEqual({ ok: false, message: { key: 'file.auditRequired' } });
    expect(parseFileOwner({ auditItemId: 'i1' })).toMatchObject({
      message: { key: 'file.auditRequired' },
    });
    for (const bad of ['../x', 'a b', 'x'.repeat(129), ['a1', 'a2'], 7]) {
      expect(parseFileOwner({ auditId: 'a1', findingId: bad })).toEqual({
        ok: false,
        message: { key: 'file.ownerIdInvalid', params: { field: 'findingId' } },
      });
    }
    expect(parseFileOwner({ auditId: 'a1', findingId: 'f1' })).toMatchObject({
      message: { key: 'file.ownerIncomplete' },
    });
    expect(parseFileOwner({ auditId: 'a1', auditItemId: 'i1', mediaId: 'm1' })).toMatchObject({
      message: { key: 'file.ownerIncomplete' },
    });
    // Inherited properties are no input.
    expect(
      parseFileOwner(Object.create({ auditId: 'a1' }) as Record<string, unknown>),
    ).toMatchObject({
      ok: false,
    });
  });

  it('compares owners field by field', () => {
    expect(sameFileOwner(owner(), owner())).toBe(true);
    expect(sameFileOwner(owner(), owner({ auditItemId: 'i1' }))).toBe(false);
  });
});

describe('file upload rule', () => {
  it('asks for the write permission of the part of the audit the file belongs to', () => {
    expect(fileWriteAction(owner())).toBe('audit.update');
    expect(fileWriteAction(owner({ auditItemId: 'i1' }))).toBe('auditItem.update');
    expect(fileWriteAction(owner({ auditItemId: 'i1', findingId: 'f1' }))).toBe('finding.update');
  });

  it("lets the audit's team, qm and admin upload, and nobody else", () => {
    const forOwner = owner({ auditItemId: 'i1', findingId: 'f1', mediaId: 'm1' });
    for (const actor of [
      as('lead', 'auditor'),
      as('co', 'auditor'),
      as('helper', 'auditor'),
      as('someone', 'qm'),
      as('someone', 'admin'),
    ]) {
      expect(checkFileUpload(actor, owner(), audit()), actor.personId).toBeNull();
      expect(checkFileUpload(actor, forOwner, audit()), actor.personId).toBeNull();
    }
    const forbidden = { reason: 'forbidden', message: { key: 'permission.denied' } };
    for (const actor of [
      as('outsider', 'auditor'),
      as('lead', 'user'),
      as('lead', 'measure-dispatcher'),
      as('lead'),
      as('lead', 'unknown-role'),
    ]) {
      expect(checkFileUpload(actor, forOwner, audit()), actor.personId).toEqual(forbidden);
    }
  });

  it('refuses without the role before it says anything about the audit', () => {
    expect(checkFileUpload(as('p'), owner(), null)?.reason).toBe('forbidden');
    expect(checkFileUpload(as('p', 'user'), owner(), audit({}, true))?.reason).toBe('forbidden');
  });

  it('names an unknown and a deleted audit', () => {
    expect(checkFileUpload(as('q', 'qm'), owner(), null)).toEqual({
      reason: 'auditNotFound',
      message: { key: 'file.auditNotFound', params: { auditId: 'a1' } },
    });
    expect(checkFileUpload(as('q', 'qm'), owner(), audit({}, true))).toEqual({
      reason: 'auditDeleted',
      message: { key: 'file.auditDeleted', params: { auditId: 'a1' } },
    });
  });

  it('keeps a protected audit read-only except for qm, admin and its lead auditor', () => {
    const locked = audit({ protected: true });
    expect(checkFileUpload(as('co', 'auditor'), owner(), locked)).toEqual({
      reason: 'auditProtected',
      message: { key: 'permission.auditProtected' },
    });
    expect(checkFileUpload(as('outsider', 'auditor'), owner(), locked)?.reason).toBe('forbidden');
    for (const actor of [as('lead', 'auditor'), as('q', 'qm'), as('a', 'admin')]) {
      expect(checkFileUpload(actor, owner(), locked)).toBeNull();
    }
  });

  it("takes the item's word for which audit it belongs to, once it is stored", () => {
    const forItem = owner({ auditItemId: 'i1' });
    const item = (auditId: string, deleted = false): StoredFileParent => ({
      deleted,
      data: { auditId },
    });
    expect(checkFileUpload(as('q', 'qm'), forItem, audit(), item('a1'))).toBeNull();
    expect(checkFileUpload(as('q', 'qm'), forItem, audit(), null)).toBeNull();
    expect(checkFileUpload(as('q', 'qm'), forItem, audit(), item('a2', true))).toBeNull();
    expect(checkFileUpload(as('q', 'qm'), forItem, audit(), item('a2'))).toEqual({
      reason: 'itemNotInAudit',
      message: { key: 'file.itemNotInAudit', params: { auditItemId: 'i1', auditId: 'a1' } },
    });
  });
});

describe('file download rule', () => {
  const file = { owner: owner(), createdBy: 'lead' };

  it('lets whoever may read the audit read its files, and nobody without a role', () => {
    for (const roles of [['user'], ['auditor'], ['qm'], ['measure-dispatcher'], ['admin']]) {
      expect(checkFileDownload(as('outsider', ...roles), file, audit())).toBeNull();
    }
    expect(checkFileDownload(as('lead'), file, audit())).toEqual({
      reason: 'forbidden',
      message: { key: 'permission.denied' },
    });
    expect(checkFileDownload(as('lead', 'unknown-role'), file, audit())?.reason).toBe('forbidden');
    expect(checkFileDownload(as('lead'), file, null)?.reason).toBe('forbidden');
  });

  it('tells that no file is stored under an id only to those who may read files', () => {
    expect(checkFileDownload(as('q', 'user'), null, null)).toEqual({
      reason: 'fileNotFound',
      message: { key: 'file.notFound' },
    });
    expect(checkFileDownload(as('q'), null, null)?.reason).toBe('forbidden');
  });

  it('says a file of a deleted or missing audit is gone', () => {
    for (const gone of [null, audit({}, true)]) {
      expect(checkFileDownload(as('q', 'qm'), file, gone)).toEqual({
        reason: 'auditDeleted',
        message: { key: 'file.auditDeleted', params: { auditId: 'a1' } },
      });
    }
  });

  it('gives a file without owner (stored before owners) to its uploader and admins only', () => {
    const legacy = { owner: null, createdBy: 'up' };
    expect(checkFileDownload(as('up', 'user'), legacy, null)).toBeNull();
    expect(checkFileDownload(as('a', 'admin'), legacy, null)).toBeNull();
    expect(checkFileDownload(as('q', 'qm'), legacy, null)?.reason).toBe('forbidden');
    expect(checkFileDownload(as('up'), legacy, null)?.reason).toBe('forbidden');
  });
});

describe('file messages', () => {
  const catalog = { ...importMessages, ...RULES_MESSAGES };
  const text = (message: Parameters<typeof formatMessage>[1], language: 'de' | 'en') =>
    formatMessage(catalog, message, language);

  it('tell every refusal in both languages', () => {
    expect(DEFAULT_UPLOAD_QUOTA_BYTES).toBe(1024 ** 3);
    expect(text(uploadQuotaExceeded(DEFAULT_UPLOAD_QUOTA_BYTES), 'en')).toBe(
      'Your storage for files (1024 MiB) is used up',
    );
    expect(text(uploadQuotaExceeded(1_500_000), 'de')).toBe(
      'Ihr Speicherplatz für Dateien (1.4 MiB) ist aufgebraucht',
    );
    expect(text(UPLOAD_TIMEOUT_MESSAGE, 'en')).toMatch(/took too long/);
    expect(text(UPLOAD_INCOMPLETE_MESSAGE, 'de')).toMatch(/unvollständig/);
    expect(text(FILE_OWNER_MISSING_MESSAGE, 'en')).toMatch(/attach it again/);
    const refusal = checkFileUpload(as('q', 'qm'), owner(), null);
    expect(text(refusal!.message, 'de')).toBe('Das Audit a1 existiert nicht');
    for (const key of Object.keys(importMessages).filter((k) => k.startsWith('file.'))) {
      expect(text({ key }, 'de')).not.toBe(text({ key }, 'en'));
    }
  });
});
