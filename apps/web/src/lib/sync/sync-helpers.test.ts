import { describe, expect, it } from 'vitest';
import { backoffDelay } from './backoff';
import { commandIdSource } from './command-ids';
import { queryKey, stableJson } from './query-key';
import { randomId } from './random-id';
import { defaultSyncUrl } from './socket';
import { documentSyncState, overallSyncState } from './sync-state';

describe('sync helpers', () => {
  it('keys queries by content, whatever the key order', () => {
    const a = queryKey({ collection: 'x', filters: [{ path: ['a'], op: '==', value: 1 }] });
    const b = queryKey({ filters: [{ value: 1, op: '==', path: ['a'] }], collection: 'x' });
    expect(a).toBe(b);
    expect(queryKey({ collection: 'x', filters: [], limit: undefined })).toBe(
      queryKey({ collection: 'x', filters: [] }),
    );
    expect(JSON.parse(stableJson({ b: [1, { d: null, c: 'x' }], a: true }))).toEqual({
      a: true,
      b: [1, { c: 'x', d: null }],
    });
  });

  it('backs off from 0.5 s doubling to 30 s, spread by ±25 %', () => {
    expect([0, 1, 2, 5, 6, 7, 40].map((attempt) => backoffDelay(attempt, 0.5))).toEqual([
      500, 1000, 2000, 16000, 30000, 30000, 30000,
    ]);
    expect(backoffDelay(0, 0)).toBe(375);
    expect(backoffDelay(0, 0.999)).toBe(625);
    expect(backoffDelay(10, 0.999)).toBe(30000);
  });

  it('derives command ids from client, mutation and a counter', () => {
    const next = commandIdSource('c', 7);
    expect([next(), next()]).toEqual(['c-7-1', 'c-7-2']);
    expect(commandIdSource('c', 7)()).toBe('c-7-1');
  });

  it('makes UUIDs, also without crypto.randomUUID (plain http)', () => {
    expect(randomId()).toMatch(/^[0-9a-f-]{36}$/);
    const original = crypto.randomUUID;
    Object.defineProperty(crypto, 'randomUUID', { value: undefined, configurable: true });
    try {
      expect(randomId()).toMatch(
        /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
      );
    } finally {
      Object.defineProperty(crypto, 'randomUUID', { value: original, configurable: true });
    }
  });

  it('connects to the page origin', () => {
    expect(defaultSyncUrl({ protocol: 'https:', host: 'qa.example.com' })).toBe(
      'wss://qa.example.com/api/v1/sync',
    );
    expect(defaultSyncUrl({ protocol: 'http:', host: 'localhost:3000' })).toBe(
      'ws://localhost:3000/api/v1/sync',
    );
  });

  it('names the sync states as SPEC section 4 does', () => {
    expect(documentSyncState(true, true, true)).toBe('unsync');
    expect(documentSyncState(true, false, true)).toBe('unsaved');
    expect(documentSyncState(false, true, false)).toBe('cached');
    expect(documentSyncState(false, true, true)).toBe('sync');
    expect(overallSyncState(2, true, true)).toBe('unsaved');
    expect(overallSyncState(2, false, false)).toBe('unsync');
    expect(overallSyncState(0, false, false)).toBe('cached');
    expect(overallSyncState(0, false, true)).toBe('sync');
  });
});
