import { describe, expect, it } from 'vitest';
import { ROLE_IDS } from '../roles';
import { MAX_ACTIVITIES_PER_MARK_READ, markActivitiesReadCommand } from './activity.commands';
import { applyCommandAs, OpsState, runCommandAs } from './audit-test-helpers';

function activity(id: string, notified: Record<string, boolean> = {}) {
  return {
    id,
    actor: 'p-qm',
    actor_name: 'Erika Muster',
    avatar: null,
    verb: 'created',
    object: 'Audit A',
    object_url: '/audit/a1',
    timestamp: '2024-05-01T10:00:00.000Z',
    notified,
  };
}

function state() {
  return new OpsState({
    activities: {
      a1: activity('a1'),
      a2: activity('a2', { 'p-other': true }),
      a3: activity('a3', { 'p-me': true }),
    },
  });
}

describe('activity.markRead', () => {
  it('sets only the acting person’s flag, field by field, and leaves valid activities', () => {
    const store = state();
    const result = applyCommandAs(
      markActivitiesReadCommand,
      { ids: ['a1', 'a2'] },
      store,
      ['user'],
      'p-me',
    );
    expect(result.ops).toEqual([
      { op: 'set', collection: 'activities', id: 'a1', path: ['notified', 'p-me'], value: true },
      { op: 'set', collection: 'activities', id: 'a2', path: ['notified', 'p-me'], value: true },
    ]);
    expect(result.activity).toBeUndefined();
    expect(store.get('activities', 'a1')?.notified).toEqual({ 'p-me': true });
    expect(store.get('activities', 'a2')?.notified).toEqual({ 'p-other': true, 'p-me': true });
  });

  it('skips activities already read, named twice or gone; nothing left is unchanged', () => {
    const store = state();
    const result = runCommandAs(
      markActivitiesReadCommand,
      { ids: ['a3', 'a1', 'a1', 'gone'] },
      store,
      ['auditor'],
      'p-me',
    );
    expect(result.ok && result.ops.map((op) => op.id)).toEqual(['a1']);
    expect(
      runCommandAs(markActivitiesReadCommand, { ids: ['a3', 'gone'] }, store, ['user'], 'p-me'),
    ).toEqual({ ok: true, ops: [], unchanged: true });
  });

  it('is allowed to every role and refused without a role (not signed in)', () => {
    for (const role of ROLE_IDS) {
      expect(
        runCommandAs(markActivitiesReadCommand, { ids: ['a1'] }, state(), [role], 'p-me').ok,
      ).toBe(true);
    }
    expect(
      runCommandAs(markActivitiesReadCommand, { ids: ['a1'] }, state(), [], 'p-me'),
    ).toMatchObject({ ok: false, error: { code: 'forbidden' } });
  });

  it('takes one to MAX ids, each a valid id', () => {
    const many = Array.from({ length: MAX_ACTIVITIES_PER_MARK_READ + 1 }, (_, i) => `x${i}`);
    for (const ids of [[], many, ['a/b'], 'a1']) {
      expect(
        runCommandAs(markActivitiesReadCommand, { ids }, state(), ['user'], 'p-me'),
      ).toMatchObject({ ok: false, error: { code: 'invalid_args' } });
    }
    expect(
      runCommandAs(markActivitiesReadCommand, { ids: many.slice(1) }, state(), ['user'], 'p-me').ok,
    ).toBe(true);
  });
});
