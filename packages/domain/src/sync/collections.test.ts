import { describe, expect, it } from 'vitest';
import { CONFIG_SEGMENTS, DEFAULT_CONFIGURATION } from '../config/configuration';
import { DEFAULT_STANDARDS } from '../config/default-standards';
import { COLLECTION_READ_ACTIONS } from './collection-access';
import {
  collectionDefinition,
  defaultConfigurationDocuments,
  defaultStandardDocuments,
  DOMAIN_COLLECTIONS,
  mayReadCollection,
  validateDocument,
} from './collections';

describe('replicated collections', () => {
  it('validates configuration segments by their id', () => {
    expect(validateDocument('configuration', 'app', { ...DEFAULT_CONFIGURATION.app })).toEqual({
      ok: true,
    });
    const bad = validateDocument('configuration', 'nosuch', {});
    expect(bad).toMatchObject({ ok: false, issues: [{ key: 'config.unknownSegment' }] });
  });

  it('validates autocompletion lists with the document id', () => {
    expect(validateDocument('autocompletion', 'parts', { title: 'Teile', data: [] })).toEqual({
      ok: true,
    });
    expect(validateDocument('autocompletion', 'Parts', { title: 'Teile', data: [] })).toMatchObject(
      { ok: false, issues: [{ key: 'autocompletion.documentIdInvalid' }] },
    );
  });

  it('requires an activity to carry its own id', () => {
    const activity = {
      id: 'a1',
      actor: 'p1',
      actor_name: 'Erika',
      avatar: null,
      verb: 'updated',
      object: 'app',
      object_url: '/configuration',
      timestamp: '2026-11-22T10:00:00.000Z',
      notified: {},
    };
    expect(validateDocument('activities', 'a1', activity)).toEqual({ ok: true });
    expect(validateDocument('activities', 'a2', activity).ok).toBe(false);
    expect(validateDocument('activities', 'a1', { id: 'a1' }).ok).toBe(false);
  });

  it('refuses unknown collections for writing and reading', () => {
    expect(validateDocument('secrets', 'x', {})).toMatchObject({
      ok: false,
      issues: [{ key: 'sync.unknownCollection', params: { collection: 'secrets' } }],
    });
    expect(collectionDefinition('secrets')).toBeUndefined();
    expect(mayReadCollection(['admin'], 'secrets')).toBe(false);
  });

  it('reads its read permissions from the schema-free table, which names exactly these collections', () => {
    expect(Object.keys(COLLECTION_READ_ACTIONS).sort()).toEqual(
      DOMAIN_COLLECTIONS.map((definition) => definition.name).sort(),
    );
    for (const definition of DOMAIN_COLLECTIONS)
      expect(definition.readAction).toBe(COLLECTION_READ_ACTIONS[definition.name]);
  });

  it('lets signed-in roles read by the permission table; no role reads nothing', () => {
    expect(mayReadCollection(['auditor'], 'configuration')).toBe(true);
    expect(mayReadCollection(['user'], 'autocompletion')).toBe(true);
    expect(mayReadCollection(['user'], 'activities')).toBe(true);
    expect(mayReadCollection([], 'configuration')).toBe(false);
    expect(mayReadCollection([], 'activities')).toBe(false);
  });

  it('seeds one configuration document per segment, as copies', () => {
    const docs = defaultConfigurationDocuments();
    expect(docs.map((doc) => doc.id)).toEqual([...CONFIG_SEGMENTS]);
    expect(docs[0]?.data).toEqual(DEFAULT_CONFIGURATION[CONFIG_SEGMENTS[0]]);
    expect(docs[0]?.data).not.toBe(DEFAULT_CONFIGURATION[CONFIG_SEGMENTS[0]]);
  });

  it('validates standards without their id in the data, by the document id', () => {
    const { id: _id, ...iso } = DEFAULT_STANDARDS[0]!;
    expect(validateDocument('standards', 'iso9001', iso)).toEqual({ ok: true });
    expect(validateDocument('standards', 'iso9001', { ...iso, id: 'iso9001' })).toEqual({
      ok: true,
    });
    expect(validateDocument('standards', 'iso9001', { ...iso, id: 'other' }).ok).toBe(false);
    expect(validateDocument('standards', '9bad', iso)).toMatchObject({
      ok: false,
      issues: [{ key: 'standard.idPattern' }],
    });
    expect(validateDocument('standards', 'iso9001', { ...iso, chapters: [] }).ok).toBe(false);
  });

  const audit = {
    id: 'a1',
    name: 'Audit',
    created_by: 'p1',
    created_date: '2024-05-01T10:00:00.000Z',
  };

  it('validates audit headers with their id and without an items map', () => {
    expect(validateDocument('audits', 'a1', audit)).toEqual({ ok: true });
    expect(validateDocument('audits', 'a2', audit).ok).toBe(false);
    expect(validateDocument('audits', 'a1', { ...audit, name: '' })).toMatchObject({
      ok: false,
      issues: [{ key: 'validation.required', params: { field: 'name' } }],
    });
    expect(validateDocument('audits', 'a1', { ...audit, audit_items: {} })).toMatchObject({
      ok: false,
      issues: [{ key: 'validation.invalid', params: { field: 'audit_items' } }],
    });
  });

  it('validates audit items with their id and audit id', () => {
    const item = { id: 'i1', auditId: 'a1', question: { text: 'Q' } };
    expect(validateDocument('audit_items', 'i1', item)).toEqual({ ok: true });
    expect(validateDocument('audit_items', 'i2', item).ok).toBe(false);
    expect(validateDocument('audit_items', 'i1', { ...item, auditId: '' }).ok).toBe(false);
  });

  it('lets every role read audits, items and standards, but nobody without a role', () => {
    for (const collection of ['audits', 'audit_items', 'standards']) {
      expect(mayReadCollection(['user'], collection)).toBe(true);
      expect(mayReadCollection(['measure-dispatcher'], collection)).toBe(true);
      expect(mayReadCollection([], collection)).toBe(false);
      expect(mayReadCollection(['guest'], collection)).toBe(false);
    }
  });

  it('seeds the seven default standards, valid and without the id in the data', () => {
    const docs = defaultStandardDocuments();
    expect(docs.map((doc) => doc.id)).toEqual(DEFAULT_STANDARDS.map((standard) => standard.id));
    for (const doc of docs) {
      expect(doc.collection).toBe('standards');
      expect(doc.data).not.toHaveProperty('id');
      expect(validateDocument(doc.collection, doc.id, doc.data)).toEqual({ ok: true });
    }
  });
});
