import { describe, expect, it } from 'vitest';
import { parseClientMessage, parseServerMessage } from './protocol';
import {
  MAX_ARGS_JSON_LENGTH,
  MAX_DOCUMENTS_PER_MESSAGE,
  MAX_MUTATIONS_PER_PUSH,
  SNAPSHOT_CHUNK_DOCUMENTS,
} from './protocol.schema';
import { SYNC_PROTOCOL_VERSION as v } from './protocol-version';

const mutation = { mutationId: 1, clientId: 'c1', name: 'audit.rename', args: { title: 'x' } };
const query = { collection: 'audits', filters: [] };
const changeLogId = '0b6f3c1e-7d2a-4c55-9a3e-2f1d8c4b7e90';
const document = {
  collection: 'audits',
  id: 'a1',
  version: 3,
  deleted: false,
  updatedAt: '2025-01-01T00:00:00.000Z',
  data: { title: 'x' },
};

// [message, variants that must be rejected]
const clientCases: Record<string, [object, object[]]> = {
  hello: [
    { type: 'hello', v, clientId: 'c1', protocolVersion: v, changeLogId },
    [
      { changeLogId: '' },
      { changeLogId: 'a/b' },
      { changeLogId: 7 },
      { clientId: '' },
      { clientId: 'x'.repeat(65) },
      { clientId: undefined },
      ...['\ud800', 'a\u0000b', 'a/b', '..', '<b>x</b>'].map((clientId) => ({ clientId })),
    ],
  ],
  push: [
    { type: 'push', v, mutations: [mutation] },
    [
      { mutations: [] },
      { mutations: Array.from({ length: MAX_MUTATIONS_PER_PUSH + 1 }, () => mutation) },
      { mutations: [{ ...mutation, mutationId: 0 }] },
      { mutations: [{ ...mutation, mutationId: 1.5 }] },
      { mutations: [{ ...mutation, name: '' }] },
      { mutations: [{ ...mutation, name: 'audit.create\u0000' }] },
      { mutations: [{ ...mutation, clientId: 'a/b' }] },
      { mutations: [{ ...mutation, args: { big: 'x'.repeat(MAX_ARGS_JSON_LENGTH) } }] },
      { mutations: [{ ...mutation, args: undefined }] },
    ],
  ],
  subscribe: [
    { type: 'subscribe', v, subscriptionId: 's1', query, resumeFrom: 42 },
    [
      { query: { collection: '' } },
      { resumeFrom: -1 },
      { subscriptionId: 7 },
      { subscriptionId: '\ud800' },
      { subscriptionId: 'x'.repeat(129) },
    ],
  ],
  unsubscribe: [
    { type: 'unsubscribe', v, subscriptionId: 's1' },
    [{ subscriptionId: '' }, { subscriptionId: 'a\u0000' }],
  ],
  ping: [{ type: 'ping', v }, [{ type: 'pong' }]],
};

const serverCases: Record<string, [object, object[]]> = {
  welcome: [
    { type: 'welcome', v, serverTime: '2025-01-01T00:00:00.000Z', changeLogId, lastMutationId: 0 },
    [{ serverTime: '' }, { lastMutationId: -1 }, { changeLogId: 'x'.repeat(129) }],
  ],
  ack: [{ type: 'ack', v, mutationId: 3, sequence: 17 }, [{ mutationId: 0 }, { sequence: 1.5 }]],
  reject: [
    { type: 'reject', v, mutationId: 3, code: 'forbidden', message: 'no' },
    [{ code: 'nope' }, { message: 'x'.repeat(2001) }, { mutationId: undefined }],
  ],
  snapshot: [
    {
      type: 'snapshot',
      v,
      subscriptionId: 's1',
      sequence: 0,
      documents: [document],
      chunk: 0,
      final: true,
      total: 1,
    },
    [
      { chunk: -1 },
      { chunk: 0.5 },
      { chunk: undefined },
      { final: undefined },
      { final: 'yes' },
      { total: -1 },
      { documents: [{ ...document, version: -1 }] },
      { documents: [{ ...document, data: [] }] },
      { documents: [{ ...document, deleted: 'no' }] },
      { sequence: undefined },
    ],
  ],
  delta: [
    {
      type: 'delta',
      v,
      subscriptionId: 's1',
      sequence: 9,
      changes: [{ ...document, deleted: true, data: {} }],
    },
    [{ changes: [{ ...document, collection: 'a/b' }] }, { changes: undefined }],
  ],
  'resync-required': [
    { type: 'resync-required', v, subscriptionId: 's1' },
    [{ subscriptionId: '' }],
  ],
  pong: [{ type: 'pong', v }, [{ type: 'ping' }]],
  error: [
    { type: 'error', v, code: 'invalid_query', message: 'bad', subscriptionId: 's1' },
    [{ code: 'teapot' }, { message: undefined }],
  ],
};

describe.each([
  ['client', parseClientMessage, clientCases],
  ['server', parseServerMessage, serverCases],
] as const)('%s messages', (_side, parse, cases) => {
  it.each(Object.entries(cases))(
    '%s: valid parses, invalid is rejected',
    (_type, [valid, invalids]) => {
      const parsed = parse(valid);
      expect(parsed).toEqual({ ok: true, message: valid });
      for (const change of invalids) {
        const result = parse({ ...valid, ...change });
        expect(result.ok).toBe(false);
        if (!result.ok) expect(result.error.code).toBe('invalid_message');
      }
    },
  );

  it.each(Object.entries(cases))('%s: another version is a mismatch', (_type, [valid]) => {
    expect(parse({ ...valid, v: v + 1 })).toEqual({
      ok: false,
      error: { code: 'protocol_version_mismatch', expected: v, received: v + 1 },
    });
    expect(parse({ ...valid, v: undefined }).ok).toBe(false);
  });

  it('rejects non-objects and unknown types without throwing', () => {
    for (const json of [null, 1, 'hello', [], {}, { type: 'nope', v }]) {
      const result = parse(json);
      expect(result).toMatchObject({ ok: false, error: { code: 'invalid_message' } });
    }
  });
});

describe('hello', () => {
  it('reports a mismatch in protocolVersion even when v matches', () => {
    expect(parseClientMessage({ type: 'hello', v, clientId: 'c1', protocolVersion: 99 })).toEqual({
      ok: false,
      error: { code: 'protocol_version_mismatch', expected: v, received: 99 },
    });
  });

  it('describes what is wrong', () => {
    const result = parseClientMessage({ type: 'hello', v });
    expect(!result.ok && result.error.code === 'invalid_message' && result.error.message).toContain(
      'clientId',
    );
  });
});

describe('change-log id', () => {
  // Optional on both sides, so protocol 2 stays: a tab loaded before the field existed sends no
  // id (the server resumes it as before) and ignores the welcome's (zod drops unknown keys).
  it('is optional in hello and welcome', () => {
    const hello = { type: 'hello', v, clientId: 'c1', protocolVersion: v };
    expect(parseClientMessage(hello)).toEqual({ ok: true, message: hello });
    const welcome = { type: 'welcome', v, serverTime: '2025-01-01T00:00:00.000Z' };
    expect(parseServerMessage(welcome)).toEqual({ ok: true, message: welcome });
    expect(parseServerMessage({ ...welcome, changeLogId })).toEqual({
      ok: true,
      message: { ...welcome, changeLogId },
    });
  });
});

describe('snapshot chunks (protocol 2)', () => {
  const chunk = (n: number, final: boolean, count = 1) => ({
    type: 'snapshot',
    v,
    subscriptionId: 's1',
    sequence: 5,
    documents: Array.from({ length: count }, (_, i) => ({ ...document, id: `a${n}-${i}` })),
    chunk: n,
    final,
  });

  it('parses a sequence of chunks, the last one final, total optional', () => {
    for (const message of [chunk(0, false), chunk(1, false), chunk(2, true)]) {
      expect(parseServerMessage(message)).toEqual({ ok: true, message });
    }
    // An empty result is one final chunk without documents.
    expect(parseServerMessage(chunk(0, true, 0)).ok).toBe(true);
  });

  it('a version-1 snapshot (no chunk marker) is a version mismatch, not a whole result', () => {
    const old = { type: 'snapshot', v: 1, subscriptionId: 's1', sequence: 0, documents: [] };
    expect(parseServerMessage(old)).toMatchObject({
      ok: false,
      error: { code: 'protocol_version_mismatch', expected: v, received: 1 },
    });
    expect(v).toBeGreaterThanOrEqual(2);
  });

  it('a chunk stays below the per-message bound', () => {
    expect(SNAPSHOT_CHUNK_DOCUMENTS).toBeLessThanOrEqual(MAX_DOCUMENTS_PER_MESSAGE);
    expect(parseServerMessage(chunk(0, true, MAX_DOCUMENTS_PER_MESSAGE + 1)).ok).toBe(false);
  });
});
