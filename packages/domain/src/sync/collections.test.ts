import { describe, expect, it } from 'vitest';
import { CONFIG_SEGMENTS, DEFAULT_CONFIGURATION } from '../config/configuration';
import {
  collectionDefinition,
  defaultConfigurationDocuments,
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
});
