import type { JsonObject } from '@qa/sync';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { auditItemSchema, type AuditItem } from '../audit/audit-item.schema';
import { DEFAULT_FINDING_TYPES } from '../config/default-types';
import { DEFAULT_FINDING_CONFIG } from '../config/finding.config';
import { ROLE_IDS } from '../roles';
import { validateDocument } from '../sync/collections';
import { createAuditCommand, protectAuditCommand } from './audit.commands';
import { createAuditItemCommand, deactivateAuditItemCommand } from './audit-item.commands';
import {
  OpsState,
  applyCommandAs as apply,
  expectDeterministicAndValid,
  runCommandAs as run,
} from './audit-test-helpers';
import type { CommandDefinition, CommandResult } from './define-command';
import {
  attachFindingMediaCommand,
  createFindingCommand,
  deleteFindingCommand,
  reactivateFindingCommand,
  removeFindingMediaCommand,
  updateFindingCommand,
} from './finding.commands';

const LEAD = 'p-lead';
const CO = 'p-co';
const OUTSIDER = 'p-out';

const question = { text: 'Is the policy documented?', importance: '3', no: '1' };

/** Audits a1 (lead LEAD, co-auditor CO) and a2 (lead OUTSIDER), items i1 and i2 in a1. */
function prepared(): OpsState {
  const state = new OpsState();
  for (const [id, lead] of [
    ['a1', LEAD],
    ['a2', OUTSIDER],
  ] as const) {
    apply(
      createAuditCommand,
      { id, name: `Audit ${id}`, leadauditor: lead, coauditors: [CO], planning_year: 2024 },
      state,
    );
  }
  apply(createAuditItemCommand, { auditId: 'a1', id: 'i1', question }, state);
  apply(createAuditItemCommand, { auditId: 'a1', id: 'i2', question: { text: 'Second' } }, state);
  return state;
}

function protectedA1(): OpsState {
  const state = prepared();
  apply(protectAuditCommand, { id: 'a1' }, state, ['auditor'], LEAD);
  return state;
}

const item = (state: OpsState, id = 'i1') => auditItemSchema.parse(state.get('audit_items', id));
const findingIds = (state: OpsState, id = 'i1') => Object.keys(item(state, id).deviations).sort();

const create = (finding: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({
  auditId: 'a1',
  itemId: 'i1',
  finding,
  ...extra,
});

/** Item i1 with the ordinary findings f1 (minor deviation) and f2 (note). */
function withFindings(): OpsState {
  const state = prepared();
  apply(createFindingCommand, create({ id: 'f1', importance: '3', text: 'Gap' }), state);
  apply(createFindingCommand, create({ id: 'f2', importance: '1', text: 'Hint' }), state);
  return state;
}

/** Item i1 marked not applicable by the finding na1. */
function notApplicable(): OpsState {
  const state = prepared();
  apply(createFindingCommand, create({ id: 'na1', importance: 'na' }), state);
  return state;
}

const forbidden = (command: string) => ({
  ok: false,
  error: { code: 'forbidden', message: { key: 'command.forbidden', params: { command } } },
});
const protectedRefusal = {
  ok: false,
  error: { code: 'forbidden', message: { key: 'permission.auditProtected' } },
};
const confirmationRefusal = {
  ok: false,
  error: { code: 'rule', message: { key: 'auditItem.confirmDiscardFindings' } },
};

const photo = {
  fileId: 'file-1',
  url: '/api/v1/files/file-1',
  name: 'photo.jpg',
  contentType: 'image/jpeg',
  size: 123_456,
  sha256: 'AB'.repeat(32),
  capturedAt: '2024-05-01T09:59:00.000Z',
  position: { lat: 48.137, lon: 11.575, accuracy: 12.5, at: '2024-05-01T09:58:58.000Z' },
  capturedBy: CO,
};
const attach = (mediaId: string, media: Record<string, unknown>, findingId = 'f1') => ({
  auditId: 'a1',
  itemId: 'i1',
  findingId,
  mediaId,
  media,
});

describe('finding.create', () => {
  it('stores an ordinary finding with its defaults, an activity and a message', () => {
    const state = prepared();
    const result = apply(
      createFindingCommand,
      create({ id: 'f1', importance: '3', text: 'No policy', reason: 'Not written down' }),
      state,
      ['auditor'],
      CO,
    );
    expect(result.ops).toContainEqual({
      op: 'set',
      collection: 'audit_items',
      id: 'i1',
      path: ['deviations', 'f1'],
      value: {
        id: 'f1',
        importance: '3',
        text: 'No policy',
        reason: 'Not written down',
        solution: '',
        geolocation: null,
        findingperson: null,
        riskassessment: '',
        media: {},
      },
    });
    expect(result.ops.every((op) => op.path[0] !== 'question')).toBe(true);
    expect(result.activity).toEqual({
      verb: 'createdFinding',
      object: question.text,
      objectUrl: '/audit/a1/auditexecution',
    });
    expect(result.message).toEqual({ key: 'finding.created' });
    expect(item(state)).toMatchObject({ auditItemState: null, deactivated: false });
  });

  it('keeps a missing text empty: no placeholder, neither the fallback nor the type own', () => {
    const state = prepared();
    apply(createFindingCommand, create({ id: 'f1', importance: '3' }), state);
    apply(
      createFindingCommand,
      create({ id: 'f2', importance: '1', text: ' ' }, { language: 'en' }),
      state,
    );
    expect(item(state).deviations.f1?.text).toBe('');
    expect(item(state).deviations.f2?.text).toBe('');

    const types = DEFAULT_FINDING_TYPES.map((type) =>
      type.id === '9' ? { ...type, placeholder_text: 'Major gap, see photos' } : type,
    );
    state.apply([
      {
        op: 'set',
        collection: 'configuration',
        id: 'finding',
        path: [],
        value: { ...DEFAULT_FINDING_CONFIG, types } as unknown as JsonObject,
      },
    ]);
    apply(createFindingCommand, create({ id: 'f3', importance: '9' }, { language: 'en' }), state);
    expect(item(state).deviations.f3?.text).toBe('');
  });

  it('reads the finding types of the configuration: a type only configured there is known', () => {
    const state = prepared();
    const custom = { ...DEFAULT_FINDING_TYPES[0]!, id: 'obs', text: 'Observation' };
    state.apply([
      {
        op: 'set',
        collection: 'configuration',
        id: 'finding',
        path: [],
        value: { types: [custom], customFields: [] } as unknown as JsonObject,
      },
    ]);
    expect(run(createFindingCommand, create({ id: 'f1', importance: 'obs' }), state).ok).toBe(true);
    expect(run(createFindingCommand, create({ id: 'f1', importance: '3' }), state)).toMatchObject({
      ok: false,
      error: { message: { key: 'finding.unknownType' } },
    });
  });

  it('rejects an unknown or missing type, a taken id and too long a text', () => {
    const state = withFindings();
    const unknown = { ok: false, error: { code: 'rule', message: { key: 'finding.unknownType' } } };
    expect(run(createFindingCommand, create({ id: 'f9', importance: 'x' }), state)).toEqual(
      unknown,
    );
    expect(run(createFindingCommand, create({ id: 'f9' }), state)).toEqual(unknown);
    expect(run(createFindingCommand, create({ id: 'f1', importance: '1' }), state)).toEqual({
      ok: false,
      error: { code: 'conflict', message: { key: 'finding.alreadyExists', params: { id: 'f1' } } },
    });
    expect(
      run(
        createFindingCommand,
        create({ id: 'f9', importance: '1', text: 't'.repeat(10_001) }),
        state,
      ),
    ).toMatchObject({
      ok: false,
      error: {
        code: 'rule',
        issues: [{ key: 'validation.maxLength', params: { field: 'finding.text', max: 10_000 } }],
      },
    });
    expect(
      run(createFindingCommand, create({ id: 'bad/id', importance: '1' }), state),
    ).toMatchObject({ ok: false, error: { code: 'invalid_args' } });
  });

  it('needs the item and its audit, and the item must belong to the audit named', () => {
    const state = prepared();
    const finding = { id: 'f1', importance: '1' };
    expect(run(createFindingCommand, { ...create(finding), itemId: 'zz' }, state)).toEqual({
      ok: false,
      error: { code: 'not_found', message: { key: 'auditItem.notFound', params: { id: 'zz' } } },
    });
    expect(run(createFindingCommand, { ...create(finding), auditId: 'a2' }, state)).toEqual({
      ok: false,
      error: { code: 'forbidden', message: { key: 'auditItem.wrongAudit', params: { id: 'i1' } } },
    });
    state.apply([{ op: 'delete', collection: 'audits', id: 'a1', path: [] }]);
    expect(run(createFindingCommand, create(finding), state)).toEqual({
      ok: false,
      error: { code: 'not_found', message: { key: 'audit.noAuditActive' } },
    });
  });

  it('a state-carrying type on an item without findings sets state and flag', () => {
    const state = notApplicable();
    expect(item(state)).toMatchObject({
      auditItemState: 'deactivated',
      deactivated: true,
      completed: false,
      deviations: { na1: { importance: 'na', text: '' } },
    });
  });

  it('a state-carrying type replaces the other findings, only when the discard is confirmed', () => {
    const state = withFindings();
    const args = create({ id: 'ok1', importance: 'ok', text: 'Conforming' });
    expect(run(createFindingCommand, args, state)).toEqual(confirmationRefusal);
    expect(run(createFindingCommand, { ...args, confirmDiscard: false }, state)).toEqual(
      confirmationRefusal,
    );
    expect(findingIds(state)).toEqual(['f1', 'f2']);

    const result = apply(createFindingCommand, { ...args, confirmDiscard: true }, state);
    for (const gone of ['f1', 'f2']) {
      expect(result.ops).toContainEqual({
        op: 'delete',
        collection: 'audit_items',
        id: 'i1',
        path: ['deviations', gone],
      });
    }
    expect(item(state)).toMatchObject({
      auditItemState: 'completed',
      completed: true,
      deactivated: false,
    });
    expect(findingIds(state)).toEqual(['ok1']);
  });

  it('an ordinary finding clears the state and drops the finding that had set it', () => {
    const state = notApplicable();
    const result = apply(createFindingCommand, create({ id: 'f1', importance: '9' }), state);
    expect(result.ops).toContainEqual({
      op: 'delete',
      collection: 'audit_items',
      id: 'i1',
      path: ['deviations', 'na1'],
    });
    expect(item(state)).toMatchObject({ auditItemState: null, deactivated: false });
    expect(findingIds(state)).toEqual(['f1']);
  });

  it('an ordinary finding clears a state set by deactivation and keeps the other findings', () => {
    const state = withFindings();
    apply(deactivateAuditItemCommand, { auditId: 'a1', id: 'i1' }, state);
    apply(createFindingCommand, create({ id: 'f3', importance: '0' }), state);
    expect(item(state)).toMatchObject({ auditItemState: null, deactivated: false });
    expect(findingIds(state)).toEqual(['f1', 'f2', 'f3']);
  });
});

describe('finding.update', () => {
  const update = (finding: Record<string, unknown>, extra: Record<string, unknown> = {}) =>
    create(finding, extra);

  it('writes only the changed fields, at their path', () => {
    const state = withFindings();
    const result = apply(
      updateFindingCommand,
      update({ id: 'f1', text: 'Bigger gap', solution: 'Write it down', reason: undefined }),
      state,
      ['auditor'],
      LEAD,
    );
    expect(result.ops).toEqual([
      {
        op: 'set',
        collection: 'audit_items',
        id: 'i1',
        path: ['deviations', 'f1', 'text'],
        value: 'Bigger gap',
      },
      {
        op: 'set',
        collection: 'audit_items',
        id: 'i1',
        path: ['deviations', 'f1', 'solution'],
        value: 'Write it down',
      },
    ]);
    expect(result.activity).toEqual({
      verb: 'updatedFinding',
      object: question.text,
      objectUrl: '/audit/a1/auditexecution',
    });
    expect(result.message).toEqual({ key: 'finding.updated' });
    expect(item(state).deviations.f1).toMatchObject({ importance: '3', text: 'Bigger gap' });
  });

  it('answers unchanged, a missing finding, an unknown type and an emptied text', () => {
    const state = withFindings();
    expect(run(updateFindingCommand, update({ id: 'f1', text: 'Gap' }), state)).toEqual({
      ok: true,
      ops: [],
      unchanged: true,
      message: { key: 'command.noChanges' },
    });
    expect(run(updateFindingCommand, update({ id: 'f9', text: 'x' }), state)).toEqual({
      ok: false,
      error: { code: 'not_found', message: { key: 'finding.notFound', params: { id: 'f9' } } },
    });
    expect(run(updateFindingCommand, update({ id: 'f1', importance: 'x' }), state)).toMatchObject({
      ok: false,
      error: { code: 'rule', message: { key: 'finding.unknownType' } },
    });
    apply(updateFindingCommand, update({ id: 'f1', text: '' }, { language: 'en' }), state);
    expect(item(state).deviations.f1?.text).toBe('');
  });

  it('stores the geolocation, the person and the custom fields, and keeps the media', () => {
    const state = withFindings();
    apply(attachFindingMediaCommand, attach('m1', { fileId: 'file-1' }), state);
    const fields = {
      geolocation: { latitude: 48.1, longitude: 11.5, accuracy: 8 },
      findingperson: 'Max Muster',
      riskassessment: 'Low',
      error_code: 'E1',
      module: 'M',
      part: 'P',
      zone: 'Z',
      costcenter: 'C',
    };
    apply(updateFindingCommand, update({ id: 'f1', ...fields }), state);
    expect(item(state).deviations.f1).toMatchObject({ ...fields, media: { m1: { id: 'm1' } } });
    const bad = run(
      updateFindingCommand,
      update({ id: 'f1', geolocation: { latitude: 91, longitude: 0 } }),
      state,
    );
    expect(bad).toMatchObject({
      ok: false,
      error: { code: 'rule', issues: [{ params: { field: 'finding.geolocation.latitude' } }] },
    });
  });

  it('a change to a state-carrying type follows the create rules, confirmation included', () => {
    const state = withFindings();
    const args = update({ id: 'f2', importance: 'na' });
    expect(run(updateFindingCommand, args, state)).toEqual(confirmationRefusal);
    const result = apply(updateFindingCommand, { ...args, confirmDiscard: true }, state);
    expect(result.ops).toContainEqual({
      op: 'delete',
      collection: 'audit_items',
      id: 'i1',
      path: ['deviations', 'f1'],
    });
    expect(item(state)).toMatchObject({ auditItemState: 'deactivated', deactivated: true });
    expect(findingIds(state)).toEqual(['f2']);
    expect(item(state).deviations.f2).toMatchObject({ importance: 'na', text: 'Hint' });

    // Back to an ordinary type: the state goes, the finding stays.
    apply(updateFindingCommand, update({ id: 'f2', importance: '1' }), state);
    expect(item(state)).toMatchObject({ auditItemState: null, deactivated: false });
    expect(findingIds(state)).toEqual(['f2']);
  });

  it('edits of different fields or findings made on the same version all survive', () => {
    const state = withFindings();
    // Two people edit offline; the server re-runs their commands one after the other.
    apply(updateFindingCommand, update({ id: 'f1', text: 'By lead' }), state, ['auditor'], LEAD);
    apply(updateFindingCommand, update({ id: 'f1', solution: 'By co' }), state, ['auditor'], CO);
    apply(updateFindingCommand, update({ id: 'f2', reason: 'By co' }), state, ['auditor'], CO);
    apply(createFindingCommand, create({ id: 'f3', importance: '0' }), state, ['auditor'], LEAD);
    expect(item(state).deviations).toMatchObject({
      f1: { text: 'By lead', solution: 'By co' },
      f2: { text: 'Hint', reason: 'By co' },
      f3: { importance: '0' },
    });
    // The same field: the later one wins.
    apply(updateFindingCommand, update({ id: 'f1', text: 'Later' }), state, ['auditor'], CO);
    expect(item(state).deviations.f1?.text).toBe('Later');
  });
});

describe('finding.delete', () => {
  const del = (findingId: string) => ({ auditId: 'a1', itemId: 'i1', findingId });

  it('deletes the finding with an activity; a finding already gone is nothing to do', () => {
    const state = withFindings();
    const result = apply(deleteFindingCommand, del('f1'), state, ['auditor'], CO);
    expect(result.ops).toContainEqual({
      op: 'delete',
      collection: 'audit_items',
      id: 'i1',
      path: ['deviations', 'f1'],
    });
    expect(result.activity).toEqual({
      verb: 'deletedFinding',
      object: question.text,
      objectUrl: '/audit/a1/auditexecution',
    });
    expect(result.message).toEqual({ key: 'finding.deleted' });
    expect(findingIds(state)).toEqual(['f2']);
    expect(run(deleteFindingCommand, del('f1'), state)).toEqual({
      ok: true,
      ops: [],
      unchanged: true,
    });
  });

  it('clears the item state, whether a finding or the deactivation had set it', () => {
    const state = notApplicable();
    apply(deleteFindingCommand, del('na1'), state);
    expect(item(state)).toMatchObject({ auditItemState: null, deactivated: false, deviations: {} });

    const deactivated = withFindings();
    apply(deactivateAuditItemCommand, { auditId: 'a1', id: 'i1' }, deactivated);
    apply(deleteFindingCommand, del('f2'), deactivated);
    expect(item(deactivated)).toMatchObject({ auditItemState: null, deactivated: false });
    expect(findingIds(deactivated)).toEqual(['f1']);
  });
});

describe('finding.reactivate', () => {
  const reactivate = (findingId?: string) => ({ auditId: 'a1', itemId: 'i1', findingId });

  it('clears state and flag and deletes the given finding', () => {
    const state = notApplicable();
    const result = apply(reactivateFindingCommand, reactivate('na1'), state, ['auditor'], CO);
    expect(result.ops).toContainEqual({
      op: 'delete',
      collection: 'audit_items',
      id: 'i1',
      path: ['deviations', 'na1'],
    });
    expect(result.activity).toEqual({
      verb: 'reactivated',
      object: question.text,
      objectUrl: '/audit/a1/auditexecution',
    });
    expect(item(state)).toMatchObject({
      auditItemState: null,
      deactivated: false,
      completed: false,
      deviations: {},
    });
  });

  it('also deletes a state-carrying finding it was not told of (replaced meanwhile)', () => {
    const state = notApplicable();
    apply(
      createFindingCommand,
      create({ id: 'ok1', importance: 'ok' }, { confirmDiscard: true }),
      state,
    );
    apply(reactivateFindingCommand, reactivate('na1'), state);
    expect(item(state)).toMatchObject({ auditItemState: null, completed: false, deviations: {} });
  });

  it('keeps the ordinary findings of an item deactivated without a finding', () => {
    const state = withFindings();
    apply(deactivateAuditItemCommand, { auditId: 'a1', id: 'i1' }, state);
    apply(reactivateFindingCommand, reactivate(), state);
    expect(item(state)).toMatchObject({ auditItemState: null, deactivated: false });
    expect(findingIds(state)).toEqual(['f1', 'f2']);
  });

  it('refuses an item that is neither deactivated nor completed', () => {
    expect(run(reactivateFindingCommand, reactivate(), withFindings())).toEqual({
      ok: false,
      error: { code: 'rule', message: { key: 'auditItem.notReactivatable' } },
    });
  });
});

describe('finding.attachMedia and finding.removeMedia', () => {
  it('stores the media entry with its evidence; the same again is nothing to do', () => {
    const state = withFindings();
    const result = apply(attachFindingMediaCommand, attach('m1', photo), state, ['auditor'], CO);
    const stored = { id: 'm1', ...photo, sha256: 'ab'.repeat(32) };
    expect(result.ops).toEqual([
      {
        op: 'set',
        collection: 'audit_items',
        id: 'i1',
        path: ['deviations', 'f1', 'media', 'm1'],
        value: stored,
      },
    ]);
    expect(item(state).deviations.f1?.media).toEqual({ m1: stored });
    expect(run(attachFindingMediaCommand, attach('m1', photo), state, ['auditor'], CO)).toEqual({
      ok: true,
      ops: [],
      unchanged: true,
    });
    expect(
      run(
        attachFindingMediaCommand,
        attach('m1', { ...photo, name: 'other.jpg' }),
        state,
        ['auditor'],
        CO,
      ),
    ).toEqual({
      ok: false,
      error: { code: 'conflict', message: { key: 'finding.mediaIdTaken', params: { id: 'm1' } } },
    });
  });

  it('keeps an entry of the old app (a url only) valid next to new ones', () => {
    const state = withFindings();
    state.apply([
      {
        op: 'set',
        collection: 'audit_items',
        id: 'i1',
        path: ['deviations', 'f1', 'media', 'old'],
        value: { id: 'old', url: 'https://storage.example.com/a.jpg' },
      },
    ]);
    apply(attachFindingMediaCommand, attach('m1', { fileId: 'file-2' }), state);
    expect(Object.keys(item(state).deviations.f1?.media ?? {})).toEqual(['old', 'm1']);
    expect(validateDocument('audit_items', 'i1', state.get('audit_items', 'i1')!)).toEqual({
      ok: true,
    });
  });

  it('refuses entries without a file, with an unsafe link, bad evidence or another person', () => {
    const state = withFindings();
    const refusal = (media: Record<string, unknown>) =>
      run(attachFindingMediaCommand, attach('m1', media), state, ['auditor'], CO);
    expect(refusal({ name: 'a.jpg' })).toMatchObject({
      ok: false,
      error: { code: 'rule', message: { key: 'finding.mediaSourceRequired' } },
    });
    expect(refusal({ url: 'javascript:alert(1)' })).toMatchObject({
      ok: false,
      error: {
        code: 'rule',
        message: { key: 'finding.mediaUrlInvalid', params: { field: 'media.url' } },
      },
    });
    expect(refusal({ url: '//evil.example.com/x' })).toMatchObject({
      ok: false,
      error: { message: { key: 'finding.mediaUrlInvalid' } },
    });
    expect(refusal({ ...photo, sha256: 'abc' })).toMatchObject({
      ok: false,
      error: { code: 'rule', message: { params: { field: 'media.sha256' } } },
    });
    expect(refusal({ ...photo, position: { lat: 91, lon: 0 } })).toMatchObject({
      ok: false,
      error: { code: 'rule', message: { params: { field: 'media.position.lat' } } },
    });
    expect(refusal({ ...photo, size: -1 })).toMatchObject({ ok: false, error: { code: 'rule' } });
    expect(refusal({ ...photo, name: 'n'.repeat(256) })).toMatchObject({
      ok: false,
      error: {
        message: { key: 'validation.maxLength', params: { field: 'media.name', max: 255 } },
      },
    });
    expect(refusal({ ...photo, capturedBy: LEAD })).toEqual({
      ok: false,
      error: {
        code: 'rule',
        message: { key: 'finding.mediaCapturedByOther', params: { field: 'media.capturedBy' } },
      },
    });
    expect(
      run(attachFindingMediaCommand, attach('m1', photo, 'f9'), state, ['auditor'], CO),
    ).toEqual({
      ok: false,
      error: { code: 'not_found', message: { key: 'finding.notFound', params: { id: 'f9' } } },
    });
  });

  it('removes an entry; one already gone is nothing to do', () => {
    const state = withFindings();
    apply(attachFindingMediaCommand, attach('m1', photo), state, ['auditor'], CO);
    const args = { auditId: 'a1', itemId: 'i1', findingId: 'f1', mediaId: 'm1' };
    const result = apply(removeFindingMediaCommand, args, state, ['auditor'], LEAD);
    expect(result.ops).toEqual([
      {
        op: 'delete',
        collection: 'audit_items',
        id: 'i1',
        path: ['deviations', 'f1', 'media', 'm1'],
      },
    ]);
    expect(item(state).deviations.f1?.media).toEqual({});
    expect(run(removeFindingMediaCommand, args, state)).toEqual({
      ok: true,
      ops: [],
      unchanged: true,
    });
    expect(run(removeFindingMediaCommand, { ...args, findingId: 'f9' }, state)).toMatchObject({
      ok: false,
      error: { code: 'not_found', message: { key: 'finding.notFound' } },
    });
  });
});

describe('who may work on findings', () => {
  /** Each command with args that succeed on `withFindings()` (media m1 attached to f1). */
  const calls: [CommandDefinition, Record<string, unknown>][] = [
    [createFindingCommand as CommandDefinition, create({ id: 'f3', importance: '1' })],
    [updateFindingCommand as CommandDefinition, create({ id: 'f1', text: 'Changed' })],
    [deleteFindingCommand as CommandDefinition, { auditId: 'a1', itemId: 'i1', findingId: 'f1' }],
    [
      attachFindingMediaCommand as CommandDefinition,
      attach('m2', { fileId: 'file-2', capturedBy: null }),
    ],
    [
      removeFindingMediaCommand as CommandDefinition,
      { auditId: 'a1', itemId: 'i1', findingId: 'f1', mediaId: 'm1' },
    ],
  ];
  function state(protect = false): OpsState {
    const prepared = withFindings();
    apply(attachFindingMediaCommand, attach('m1', { fileId: 'file-1' }), prepared);
    if (protect) apply(protectAuditCommand, { id: 'a1' }, prepared);
    return prepared;
  }

  it.each(calls.map(([command, args]) => [command.name, command, args] as const))(
    '%s: the team, qm and admin may; outsiders, other roles and no role may not',
    (name, command, args) => {
      for (const [roles, person] of [
        [['auditor'], LEAD],
        [['auditor'], CO],
        [['qm'], 'p-qm'],
        [['admin'], 'p-admin'],
        [['user', 'auditor'], CO],
      ] as const) {
        expect(
          run(command, args, state(), roles, person),
          `${roles.join()} ${person}`,
        ).toMatchObject({ ok: true });
      }
      for (const [roles, person] of [
        [['auditor'], OUTSIDER],
        [['user'], CO],
        [['measure-dispatcher'], CO],
        [[], CO],
      ] as const) {
        expect(run(command, args, state(), roles, person), `${roles.join()} ${person}`).toEqual(
          forbidden(name),
        );
      }
    },
  );

  it.each(calls.map(([command, args]) => [command.name, command, args] as const))(
    '%s: a protected audit refuses a co-auditor, not its lead, qm or admin',
    (_name, command, args) => {
      expect(run(command, args, state(true), ['auditor'], CO)).toEqual(protectedRefusal);
      expect(run(command, args, state(true), ['auditor'], LEAD).ok).toBe(true);
      expect(run(command, args, state(true), ['qm']).ok).toBe(true);
      expect(run(command, args, state(true), ['admin'], 'p-admin').ok).toBe(true);
    },
  );

  it('finding.reactivate: the same rules', () => {
    const args = { auditId: 'a1', itemId: 'i1', findingId: 'na1' };
    expect(run(reactivateFindingCommand, args, notApplicable(), ['auditor'], CO).ok).toBe(true);
    expect(run(reactivateFindingCommand, args, notApplicable(), ['auditor'], OUTSIDER)).toEqual(
      forbidden('finding.reactivate'),
    );
    expect(run(reactivateFindingCommand, args, notApplicable(), ['user'], CO)).toEqual(
      forbidden('finding.reactivate'),
    );
    const locked = notApplicable();
    apply(protectAuditCommand, { id: 'a1' }, locked);
    expect(run(reactivateFindingCommand, args, locked, ['auditor'], CO)).toEqual(protectedRefusal);
    expect(run(reactivateFindingCommand, args, locked, ['auditor'], LEAD).ok).toBe(true);
  });

  it('a protected audit is refused before anything about the finding is told', () => {
    expect(
      run(updateFindingCommand, create({ id: 'f9', text: 'x' }), protectedA1(), ['auditor'], CO),
    ).toEqual(protectedRefusal);
  });
});

/** The state a finding type puts an item into, or null (unknown types carry none). */
function typeState(importance: string) {
  return DEFAULT_FINDING_TYPES.find((type) => type.id === importance)?.auditItemState ?? null;
}

/** SPEC section 4 as one invariant of an item that only finding commands have touched. */
function expectStateAgreesWithFindings(value: AuditItem) {
  const findings = Object.values(value.deviations);
  const expected = findings.length === 1 ? typeState(findings[0]!.importance) : null;
  expect(value.auditItemState).toBe(expected);
  expect(value.deactivated ?? false).toBe(expected === 'deactivated');
  expect(value.completed ?? false).toBe(expected === 'completed');
  // A state-carrying finding is never kept next to others.
  if (findings.length > 1) {
    expect(findings.every((finding) => typeState(finding.importance) === null)).toBe(true);
  }
}

/** A copy of a state built once: the properties prepare one per run, hundreds of times. */
function snapshotOf(build: () => OpsState): () => OpsState {
  const built = build();
  const docs: Record<string, Record<string, JsonObject>> = {};
  for (const collection of ['audits', 'audit_items']) {
    docs[collection] = Object.fromEntries(
      built.ids(collection).map((id) => [id, built.get(collection, id)!]),
    );
  }
  // OpsState never mutates what it holds (applyOps is immutable), so runs can share the data.
  return () => new OpsState(docs);
}

const BY_NAME = new Map<string, CommandDefinition>(
  [
    createFindingCommand,
    updateFindingCommand,
    deleteFindingCommand,
    reactivateFindingCommand,
    attachFindingMediaCommand,
    removeFindingMediaCommand,
  ].map((command) => [command.name, command as unknown as CommandDefinition]),
);

describe('finding commands (property)', () => {
  const ids = fc.constantFrom('f1', 'f2', 'f3');
  const types = fc.constantFrom('0', '1', '3', '9', 'na', 'ok');
  const text = fc.option(fc.string({ maxLength: 20 }), { nil: undefined });
  const step = fc.oneof(
    fc.record({
      command: fc.constantFrom('finding.create', 'finding.update'),
      finding: fc.record(
        { id: ids, importance: types, text, reason: text },
        { requiredKeys: ['id'] },
      ),
      confirmDiscard: fc.option(fc.boolean(), { nil: undefined }),
      language: fc.constantFrom('de', 'en'),
    }),
    fc.record({ command: fc.constant('finding.delete'), findingId: ids }),
    fc.record({
      command: fc.constant('finding.reactivate'),
      findingId: fc.option(ids, { nil: undefined }),
    }),
    fc.record({
      command: fc.constant('finding.attachMedia'),
      findingId: ids,
      mediaId: fc.constantFrom('m1', 'm2'),
      media: fc.record({ fileId: fc.constantFrom('file-1', 'file-2') }),
    }),
  );

  const fresh = snapshotOf(prepared);

  it('any sequence leaves an item whose state and flags agree with its findings', () => {
    fc.assert(
      fc.property(fc.array(step, { maxLength: 25 }), fc.subarray([...ROLE_IDS]), (steps, roles) => {
        const state = fresh();
        for (const { command, ...args } of steps) {
          const result: CommandResult = run(
            BY_NAME.get(command)!,
            { auditId: 'a1', itemId: 'i1', ...args },
            state,
            roles,
            CO,
          );
          if (result.ok) state.apply(result.ops);
          const stored = state.get('audit_items', 'i1')!;
          expect(validateDocument('audit_items', 'i1', stored)).toEqual({ ok: true });
          expectStateAgreesWithFindings(auditItemSchema.parse(stored));
        }
      }),
      { numRuns: 300 },
    );
  }, 60_000);

  it('never throw, are deterministic and leave only valid documents', () => {
    const args = fc.oneof(
      fc.anything(),
      fc.record({
        auditId: fc.constantFrom('a1', 'a2', 'zz'),
        itemId: fc.constantFrom('i1', 'i2', 'zz'),
        findingId: fc.constantFrom('f1', 'f2', 'na1'),
        mediaId: fc.constantFrom('m1', 'm2'),
        finding: fc.dictionary(
          fc.constantFrom('id', 'importance', 'text', 'geolocation', 'findingperson', 'media'),
          fc.jsonValue(),
        ),
        media: fc.dictionary(
          fc.constantFrom('fileId', 'url', 'name', 'size', 'sha256', 'position', 'capturedBy'),
          fc.jsonValue(),
        ),
        confirmDiscard: fc.boolean(),
      }),
    );
    expectDeterministicAndValid([...BY_NAME.values()], args, snapshotOf(withFindings), [
      LEAD,
      CO,
      OUTSIDER,
    ]);
  }, 60_000);
});
