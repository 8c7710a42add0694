import { describe, expect, it } from 'vitest';
import { ConfirmedIndex } from './confirmed-index';
import { rebase } from './rebase-view';
import type { DocumentRow, OutboxRow } from './replica-db';
import { TEST_REGISTRY } from './test-commands';

const row = (id: string, data: DocumentRow['data'], version = 1): DocumentRow => ({
  collection: 'things',
  id,
  version,
  deleted: false,
  updatedAt: '2026-01-01T00:00:00Z',
  data,
  sequence: version,
});

let mutationId = 0;
const entry = (name: string, args: OutboxRow['args'], touched: string[] = []): OutboxRow => ({
  mutationId: ++mutationId,
  name,
  args,
  createdAt: '2026-01-01T00:00:00Z',
  tabId: 'tab',
  touched,
});

const input = (confirmed: ConfirmedIndex, outbox: OutboxRow[]) => ({
  confirmed,
  outbox,
  registry: TEST_REGISTRY,
  actor: { personId: 'p1', roles: ['user'] },
  clientId: 'client',
});

describe('rebase', () => {
  it('re-runs the outbox in order on the confirmed documents', () => {
    const confirmed = new ConfirmedIndex([row('a', { count: 1 }), row('b', { name: 'B' })]);
    const view = rebase(
      input(confirmed, [
        entry('thing.increment', { id: 'a' }),
        entry('thing.increment', { id: 'a' }),
        entry('thing.remove', { id: 'b' }),
        entry('thing.create', { name: 'new' }),
      ]),
    );
    expect(view.get('things', 'a')).toEqual({ count: 3 });
    expect(view.get('things', 'b')).toBeUndefined();
    const created = `client-${mutationId}-1`;
    expect(view.documents('things').map((doc) => doc.id)).toEqual(['a', created]);
    expect([...view.pendingKeys].sort()).toEqual(
      ['things/a', 'things/b', `things/${created}`].sort(),
    );
    expect(view.isConfirmed('things/b')).toBe(true);
    expect(view.isConfirmed(`things/${created}`)).toBe(false);
  });

  it('leaves a command that fails on the new base out, but keeps what it touched pending', () => {
    const confirmed = new ConfirmedIndex([]);
    const failing = entry('thing.increment', { id: 'gone' }, ['things/gone']);
    const view = rebase(input(confirmed, [failing]));
    expect(view.failed).toEqual([failing.mutationId]);
    expect(view.get('things', 'gone')).toBeUndefined();
    expect(view.pendingKeys.has('things/gone')).toBe(true);
  });

  it('keeps the identity of what did not change', () => {
    const first = new ConfirmedIndex([row('a', { n: 1 }), row('b', { n: 2 })]);
    const outbox = [entry('thing.put', { id: 'c', data: { n: 3 } })];
    const before = rebase(input(first, outbox));
    const second = new ConfirmedIndex([row('a', { n: 1 }), row('b', { n: 5 }, 2)], first);
    const after = rebase({ ...input(second, outbox), previous: before });
    const [a1, b1, c1] = before.documents('things');
    const [a2, b2, c2] = after.documents('things');
    expect(a2).toBe(a1);
    expect(b2).not.toBe(b1);
    expect(c2).toBe(c1);
  });

  it('does not apply an applied command again to a document its effect has reached', () => {
    // A catalogue import's template arrived with its new version (sequence 7), its items not
    // (no query shows them): re-running the increment there counted the version twice.
    const applied = {
      ...entry('thing.increment', { id: 'a' }, ['things/a']),
      applied: true as const,
    };
    const arrived = new ConfirmedIndex([{ ...row('a', { count: 2 }, 2), sequence: 7 }]);
    expect(rebase(input(arrived, [{ ...applied, appliedAt: 7 }])).get('things', 'a')).toEqual({
      count: 2,
    });
    // Not arrived yet: the view still shows the command's effect.
    const before = new ConfirmedIndex([{ ...row('a', { count: 1 }), sequence: 3 }]);
    expect(rebase(input(before, [{ ...applied, appliedAt: 7 }])).get('things', 'a')).toEqual({
      count: 2,
    });
  });
});
