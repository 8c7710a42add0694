import { describe, expect, it } from 'vitest';
import { ConfirmedIndex } from './confirmed-index';
import type { DocumentRow } from './replica-db';

const row = (collection: string, id: string, version = 1, deleted = false): DocumentRow => ({
  collection,
  id,
  version,
  deleted,
  updatedAt: '2026-01-01T00:00:00Z',
  data: deleted ? {} : { id, version },
  sequence: version,
});

describe('ConfirmedIndex', () => {
  it('applies changed rows over the previous index without touching other collections', () => {
    const first = new ConfirmedIndex([row('a', '1'), row('a', '2'), row('b', '1')]);
    const next = first.withChanges([row('a', '2', 2), row('a', '3'), row('a', '1', 0, true)]);

    expect(next.data('a/1')).toBeUndefined();
    expect(next.data('a/2')).toEqual({ id: '2', version: 2 });
    expect(next.data('a/3')).toEqual({ id: '3', version: 1 });
    expect([...next.rows('a')].map((each) => each.id)).toEqual(['1', '2', '3']);
    // The untouched collection keeps its map; the old index is unchanged.
    expect(next.byCollection.get('b')).toBe(first.byCollection.get('b'));
    expect(first.data('a/1')).toEqual({ id: '1', version: 1 });
    expect(first.data('a/3')).toBeUndefined();
  });

  it('keeps the row object of an unchanged version so derived views keep their identity', () => {
    const first = new ConfirmedIndex([row('a', '1')]);
    const same = first.withChanges([row('a', '1')]);
    expect(same.byKey.get('a/1')).toBe(first.byKey.get('a/1'));
    expect(first.withChanges([])).toBe(first);
    const rebuilt = new ConfirmedIndex([row('a', '1')], first);
    expect(rebuilt.byKey.get('a/1')).toBe(first.byKey.get('a/1'));
  });
});
