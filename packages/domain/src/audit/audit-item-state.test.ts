import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DEFAULT_FINDING_TYPES } from '../config/default-types';
import { formatMessage } from '../messages/message';
import { RULES_MESSAGES } from '../messages/rules.messages';
import { auditItemSchema, type AuditItem } from './audit-item.schema';
import { deleteFinding, reactivateAuditItem, storeFinding } from './audit-item-state';
import { checkFinding, findingDisplayText } from './finding-rules';

const types = DEFAULT_FINDING_TYPES;

function item(deviations: Record<string, { importance: string; text?: string }> = {}): AuditItem {
  return auditItemSchema.parse({
    id: 'i1',
    auditId: 'a1',
    question: { text: 'Is there a quality policy?' },
    deviations: Object.fromEntries(
      Object.entries(deviations).map(([id, finding]) => [id, { id, ...finding }]),
    ),
  });
}

function okItem(result: ReturnType<typeof storeFinding>): AuditItem {
  if (!result.ok) throw new Error(`expected ok, got ${result.error.key}`);
  return result.item;
}

describe('finding rules', () => {
  it('rejects an unknown finding type', () => {
    expect(storeFinding(item(), { id: 'f1', importance: '42' }, types, { mode: 'create' })).toEqual(
      {
        ok: false,
        error: { key: 'finding.unknownType' },
      },
    );
    expect(formatMessage(RULES_MESSAGES, { key: 'finding.unknownType' }, 'en')).toBe(
      'Unknown finding type',
    );
  });

  it('a missing text stays empty: no placeholder is stored (decision 70)', () => {
    const stored = okItem(
      storeFinding(item(), { id: 'f1', importance: '3', text: '  ' }, types, { mode: 'create' }),
    );
    expect(stored.deviations.f1?.text).toBe('');
    const configured = [{ ...types[0]!, placeholder_text: 'Siehe Bericht' }];
    const check = checkFinding(item(), { id: 'f1', importance: '0' }, configured, 'create');
    expect(check.ok && check.finding.text).toBe('');
    // An edit of a finding that carries an old placeholder drops it.
    const old = item({ f1: { importance: '1', text: 'Das ist ein Platzhalter' } });
    const edited = okItem(
      storeFinding(old, { id: 'f1', importance: '3', text: 'Das ist ein Platzhalter' }, types, {
        mode: 'edit',
      }),
    );
    expect(edited.deviations.f1?.text).toBe('');
    const kept = okItem(
      storeFinding(item(), { id: 'f1', importance: '3', text: 'Missing' }, types, {
        mode: 'create',
      }),
    );
    expect(kept.deviations.f1?.text).toBe('Missing');
  });

  it('shows no placeholder a finding stored earlier carries, in any language', () => {
    const type = { ...types[1]!, placeholder_text: 'Siehe Bericht' };
    expect(findingDisplayText('Das ist ein Platzhalter')).toBe('');
    expect(findingDisplayText(' This is a placeholder ')).toBe('');
    expect(findingDisplayText('Siehe Bericht', type)).toBe('');
    expect(findingDisplayText('Siehe Bericht')).toBe('Siehe Bericht');
    expect(findingDisplayText('   ')).toBe('');
    expect(findingDisplayText('Das ist ein Platzhalter für den Prüfplan')).toBe(
      'Das ist ein Platzhalter für den Prüfplan',
    );
  });

  it('create needs a new id, edit an existing one', () => {
    const existing = item({ f1: { importance: '1' } });
    expect(
      storeFinding(existing, { id: 'f1', importance: '3' }, types, { mode: 'create' }),
    ).toEqual({
      ok: false,
      error: { key: 'finding.alreadyExists', params: { id: 'f1' } },
    });
    expect(storeFinding(existing, { id: 'f2', importance: '3' }, types, { mode: 'edit' })).toEqual({
      ok: false,
      error: { key: 'finding.notFound', params: { id: 'f2' } },
    });
    const edited = okItem(
      storeFinding(existing, { id: 'f1', importance: '9', text: 'x' }, types, { mode: 'edit' }),
    );
    expect(edited.deviations.f1?.importance).toBe('9');
  });

  it('an invalid finding is an error, not an exception', () => {
    expect(storeFinding(item(), { id: ' ', importance: '3' }, types, { mode: 'create' })).toEqual({
      ok: false,
      error: { key: 'finding.invalid' },
    });
  });
});

describe('audit item state', () => {
  it('a state-carrying finding on an empty item sets state and flag', () => {
    const result = storeFinding(item(), { id: 'f1', importance: 'na' }, types, { mode: 'create' });
    expect(result).toMatchObject({ ok: true, discardedFindingIds: [] });
    const stored = okItem(result);
    expect(stored.auditItemState).toBe('deactivated');
    expect(stored.deactivated).toBe(true);
    expect(stored.completed).toBe(false);
    const completed = okItem(
      storeFinding(item(), { id: 'f1', importance: 'ok' }, types, { mode: 'create' }),
    );
    expect([completed.auditItemState, completed.completed, completed.deactivated]).toEqual([
      'completed',
      true,
      false,
    ]);
  });

  it('needs confirmation when other findings exist, then replaces them', () => {
    const withOthers = item({ f1: { importance: '1' }, f2: { importance: '3' } });
    const asked = storeFinding(withOthers, { id: 'f3', importance: 'ok' }, types, {
      mode: 'create',
    });
    expect(asked).toEqual({
      ok: false,
      needsConfirmation: true,
      error: { key: 'auditItem.confirmDiscardFindings' },
      discardedFindingIds: ['f1', 'f2'],
    });
    expect(formatMessage(RULES_MESSAGES, { key: 'auditItem.confirmDiscardFindings' }, 'de')).toBe(
      'Alle anderen Feststellungen und Maßnahmen, welche dieser Frage zugeordnet sind, werden verworfen. Wollen Sie die Frage abschließen?',
    );
    const confirmed = storeFinding(withOthers, { id: 'f3', importance: 'ok' }, types, {
      mode: 'create',
      confirmed: true,
    });
    expect(confirmed).toMatchObject({ ok: true, discardedFindingIds: ['f1', 'f2'] });
    expect(Object.keys(okItem(confirmed).deviations)).toEqual(['f3']);
    expect(okItem(confirmed).auditItemState).toBe('completed');
  });

  it('an ordinary finding clears the state and drops the finding that set it', () => {
    const deactivated = okItem(
      storeFinding(item(), { id: 'f1', importance: 'na' }, types, { mode: 'create' }),
    );
    const result = storeFinding(deactivated, { id: 'f2', importance: '9' }, types, {
      mode: 'create',
    });
    expect(result).toMatchObject({ ok: true, discardedFindingIds: ['f1'] });
    const cleared = okItem(result);
    expect([cleared.auditItemState, cleared.deactivated, cleared.completed]).toEqual([
      null,
      false,
      false,
    ]);
    expect(Object.keys(cleared.deviations)).toEqual(['f2']);
    // Editing the state finding itself to an ordinary type keeps it (as the ordinary finding).
    const edited = okItem(
      storeFinding(deactivated, { id: 'f1', importance: '3' }, types, { mode: 'edit' }),
    );
    expect(edited.auditItemState).toBeNull();
    expect(Object.keys(edited.deviations)).toEqual(['f1']);
  });

  it('deleting a finding clears the state', () => {
    const completed = okItem(
      storeFinding(item(), { id: 'f1', importance: 'ok' }, types, { mode: 'create' }),
    );
    const result = deleteFinding(completed, 'f1');
    expect(result).toMatchObject({ ok: true, discardedFindingIds: ['f1'] });
    expect(okItem(result).auditItemState).toBeNull();
    expect(okItem(result).deviations).toEqual({});
    expect(deleteFinding(completed, 'nope')).toEqual({
      ok: false,
      error: { key: 'finding.notFound', params: { id: 'nope' } },
    });
  });

  it('reactivation clears state and flag and deletes the given finding, only from a state', () => {
    const deactivated = okItem(
      storeFinding(item(), { id: 'f1', importance: 'na' }, types, { mode: 'create' }),
    );
    const result = reactivateAuditItem(deactivated, 'f1');
    expect(result).toMatchObject({ ok: true, discardedFindingIds: ['f1'] });
    expect(okItem(result)).toMatchObject({
      auditItemState: null,
      deactivated: false,
      completed: false,
      deviations: {},
    });
    const withoutId = reactivateAuditItem(deactivated);
    expect(withoutId).toMatchObject({ ok: true, discardedFindingIds: [] });
    expect(Object.keys(okItem(withoutId).deviations)).toEqual(['f1']);
    expect(reactivateAuditItem(item({ f1: { importance: '1' } }), 'f1')).toEqual({
      ok: false,
      error: { key: 'auditItem.notReactivatable' },
    });
  });
});

type Op =
  | { kind: 'store'; id: string; type: string; confirmed: boolean; edit: boolean }
  | { kind: 'delete'; id: string }
  | { kind: 'reactivate'; id: string };

const opArb: fc.Arbitrary<Op> = fc.oneof(
  fc.record({
    kind: fc.constant('store' as const),
    id: fc.constantFrom('f1', 'f2', 'f3'),
    type: fc.constantFrom(...types.map((type) => type.id), 'bogus'),
    confirmed: fc.boolean(),
    edit: fc.boolean(),
  }),
  fc.record({ kind: fc.constant('delete' as const), id: fc.constantFrom('f1', 'f2', 'f3') }),
  fc.record({ kind: fc.constant('reactivate' as const), id: fc.constantFrom('f1', 'f2', 'f3') }),
);

function apply(current: AuditItem, op: Op): AuditItem {
  const result =
    op.kind === 'store'
      ? storeFinding(current, { id: op.id, importance: op.type }, types, {
          mode: op.edit ? 'edit' : 'create',
          confirmed: op.confirmed,
        })
      : op.kind === 'delete'
        ? deleteFinding(current, op.id)
        : reactivateAuditItem(current, op.id);
  return result.ok ? result.item : current;
}

describe('audit item state properties', () => {
  it('after any sequence, state and flags agree and a state finding is the only finding', () => {
    fc.assert(
      fc.property(fc.array(opArb, { maxLength: 30 }), (ops) => {
        let current = item();
        for (const op of ops) {
          current = apply(current, op);
          const state = current.auditItemState;
          expect(current.deactivated === true).toBe(state === 'deactivated');
          expect(current.completed === true).toBe(state === 'completed');
          const findings = Object.values(current.deviations);
          const carrying = findings.filter(
            (finding) => types.find((type) => type.id === finding.importance)?.auditItemState,
          );
          if (carrying.length > 0) expect(findings).toHaveLength(1);
          if (state !== null) {
            expect(findings).toHaveLength(1);
            expect(types.find((type) => type.id === findings[0]?.importance)?.auditItemState).toBe(
              state,
            );
          }
          expect(auditItemSchema.safeParse(current).success).toBe(true);
        }
      }),
    );
  });

  it('an unconfirmed state finding never changes an item that has other findings', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('na', 'ok'),
        fc.constantFrom('0', '1', '3', '9'),
        (stateType, other) => {
          const before = item({ f1: { importance: other } });
          const result = storeFinding(before, { id: 'f2', importance: stateType }, types, {
            mode: 'create',
          });
          expect(result.ok).toBe(false);
          expect(!result.ok && result.needsConfirmation).toBe(true);
        },
      ),
    );
  });
});
