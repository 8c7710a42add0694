import { describe, expect, it } from 'vitest';
import { auditItemSchema, type AuditItem } from '../audit/audit-item.schema';
import { DEFAULT_FINDING_TYPES, DEFAULT_IMPORTANCES } from '../config/default-types';
import {
  auditDay,
  auditScopeKey,
  auditStandardKey,
  auditYear,
  compareAuditFindings,
  compareAuditOrder,
  compareAuditScores,
  earlierAudits,
  matchQuestions,
} from './comparison';
import { scoreAudit } from './scoring';

interface ItemSpec {
  id: string;
  no?: string;
  text?: string;
  importance?: string;
  category?: string;
  categoryId?: string;
  findings?: string[];
  state?: 'deactivated' | 'completed' | null;
}

function makeItem(spec: ItemSpec, auditId = 'a1'): AuditItem {
  return auditItemSchema.parse({
    id: spec.id,
    auditId,
    auditItemState: spec.state ?? null,
    question: {
      no: spec.no ?? '',
      text: spec.text ?? `Question ${spec.id}`,
      importance: spec.importance ?? '1',
      category: spec.category ?? '',
      category_id: spec.categoryId ?? '',
    },
    deviations: Object.fromEntries(
      (spec.findings ?? []).map((type, index) => [
        `${spec.id}-f${index}`,
        { id: `${spec.id}-f${index}`, importance: type, text: `${spec.id} ${type}` },
      ]),
    ),
  });
}

const score = (items: AuditItem[]) =>
  scoreAudit(items, {
    calcSchema: 'deviation',
    findingTypes: DEFAULT_FINDING_TYPES,
    importances: DEFAULT_IMPORTANCES,
  });

describe('audit identity', () => {
  it('compares scopes whatever the order, empties and a lone object', () => {
    const object = { plant: 'styr', productline: 'TGX', chassis_number: '', steering: null };
    expect(auditScopeKey(object)).toBe(auditScopeKey([{ productline: 'TGX ', plant: 'styr' }]));
    expect(auditScopeKey(['b', 'a'])).toBe(auditScopeKey(['a', 'b', '']));
    expect(auditScopeKey([])).toBe(auditScopeKey(undefined));
    expect(auditScopeKey({})).toBe(auditScopeKey(null));
    expect(auditScopeKey({ plant: 'styr' })).not.toBe(auditScopeKey({ plant: 'munich' }));
    expect(auditScopeKey(['styr'])).not.toBe(auditScopeKey({ plant: 'styr' }));
  });

  it('compares standards as sets of ids', () => {
    expect(auditStandardKey('iso9001')).toBe(auditStandardKey(['iso9001']));
    expect(auditStandardKey(['b', 'a', 'a'])).toBe(auditStandardKey(['a', 'b']));
    expect(auditStandardKey('a')).not.toBe(auditStandardKey(['a', 'b']));
    expect(auditStandardKey(undefined)).toBe(auditStandardKey([]));
  });

  it('takes the year from the planning year, else the planning or auditing date', () => {
    expect(auditYear({ id: 'a', planning_year: 2024, planning_date: '2023-05-01' })).toBe(2024);
    expect(auditYear({ id: 'a', planning_date: '2023-05-01' })).toBe(2023);
    expect(auditYear({ id: 'a', auditing_date: ['2022-03-02', '2022-01-09'] })).toBe(2022);
    expect(auditDay({ id: 'a', auditing_date: ['2022-03-02', 'x', '2022-01-09'] })).toBe(
      '2022-01-09',
    );
    expect(auditYear({ id: 'a', planning_year: 'x', planning_date: 'soon' })).toBeNull();
  });

  it('orders by year, day, creation time and id', () => {
    const audits = [
      { id: 'd', planning_year: 2024, planning_date: '2024-01-01', created_date: '2' },
      { id: 'c', planning_year: 2024, planning_date: '2024-01-01', created_date: '1' },
      { id: 'b', planning_year: 2024, planning_date: '2024-01-01', created_date: '1' },
      { id: 'a', planning_year: 2025 },
      { id: 'e', planning_year: 2023, planning_date: '2023-12-31' },
      { id: 'u' },
    ];
    expect([...audits].sort(compareAuditOrder).map((audit) => audit.id)).toEqual([
      'u',
      'e',
      'b',
      'c',
      'd',
      'a',
    ]);
  });

  it('lists the earlier audits of the same standard and scope, newest first', () => {
    const scope = { plant: 'styr', productline: 'TGX' };
    const current = { id: 'now', standard: 'iso9001', scope, planning_year: 2025 };
    const audits = [
      current,
      { id: 'old', standard: ['iso9001'], scope: [scope], planning_year: 2023 },
      { id: 'prev', standard: 'iso9001', scope, planning_year: 2024 },
      { id: 'later', standard: 'iso9001', scope, planning_year: 2026 },
      { id: 'other-scope', standard: 'iso9001', scope: { plant: 'munich' }, planning_year: 2024 },
      { id: 'other-standard', standard: 'haccp', scope, planning_year: 2024 },
    ];
    expect(earlierAudits(current, audits).map((audit) => audit.id)).toEqual(['prev', 'old']);
    expect(earlierAudits(audits[1]!, audits)).toEqual([]);
  });
});

describe('compareAuditScores', () => {
  it('shows each category side by side with the change', () => {
    const earlier = score([
      makeItem({ id: 'e1', category: 'Lager', findings: ['9'] }),
      makeItem({ id: 'e2', category: 'Versand', findings: ['3'] }),
      makeItem({ id: 'e3', category: 'Alt', findings: ['ok'] }),
    ]);
    const current = score([
      makeItem({ id: 'c1', category: 'lager ', findings: ['3'] }),
      makeItem({ id: 'c2', category: 'Versand', findings: ['ok'] }),
      makeItem({ id: 'c3', category: 'Neu', findings: ['1'] }),
    ]);
    const result = compareAuditScores(earlier, current);
    // Deviation over 0..9: percent = round((9 - value) / 9 * 100).
    expect(result.categories).toEqual([
      expect.objectContaining({ categoryName: 'lager', earlier: 0, current: 67, change: 67 }),
      expect.objectContaining({ categoryName: 'Versand', earlier: 67, current: 100, change: 33 }),
      expect.objectContaining({
        categoryName: 'Neu',
        earlier: null,
        current: 89,
        change: null,
        inEarlier: false,
      }),
      expect.objectContaining({
        categoryName: 'Alt',
        earlier: 100,
        current: null,
        change: null,
        inCurrent: false,
      }),
    ]);
    expect(result.total).toEqual({
      earlier: Math.round(((27 - 12) / 27) * 100),
      current: Math.round(((27 - 4) / 27) * 100),
      change: Math.round(((27 - 4) / 27) * 100) - Math.round(((27 - 12) / 27) * 100),
    });
  });

  it('matches categories by id before name', () => {
    const earlier = score([
      makeItem({ id: 'e1', category: 'Old name', categoryId: 'k1', findings: ['9'] }),
      makeItem({ id: 'e2', category: 'Warehouse', categoryId: 'k2', findings: ['ok'] }),
    ]);
    const current = score([
      makeItem({ id: 'c1', category: 'Warehouse', categoryId: 'k1', findings: ['ok'] }),
    ]);
    const [first, second] = compareAuditScores(earlier, current).categories;
    expect(first).toMatchObject({ categoryId: 'k1', earlier: 0, current: 100, change: 100 });
    expect(second).toMatchObject({ categoryId: 'k2', earlier: 100, inCurrent: false });
  });

  it('has no change where a side has no score: unanswered, no categories', () => {
    const earlier = score([makeItem({ id: 'e1', category: 'A' })]);
    const current = score([makeItem({ id: 'c1', category: 'A', findings: ['3'] })]);
    expect(compareAuditScores(earlier, current).categories[0]).toMatchObject({
      earlier: null,
      current: 67,
      change: null,
    });
    expect(compareAuditScores(score([]), score([]))).toEqual({
      total: { earlier: null, current: null, change: null },
      categories: [],
    });
    // Items without a category form the "no category" group on both sides.
    const none = compareAuditScores(
      score([makeItem({ id: 'e', findings: ['9'] })]),
      score([makeItem({ id: 'c', findings: ['ok'] })]),
    );
    expect(none.categories).toEqual([
      expect.objectContaining({ categoryName: null, earlier: 0, current: 100, change: 100 }),
    ]);
  });
});

describe('matchQuestions', () => {
  it('pairs by a number unique in both audits, the rest by normalized text', () => {
    const earlier = [
      makeItem({ id: 'e1', no: '1', text: 'Old wording' }),
      makeItem({ id: 'e2', no: '2', text: 'Twice' }),
      makeItem({ id: 'e3', no: '2', text: 'Labels   fixed?' }),
      makeItem({ id: 'e4', text: 'Only earlier' }),
    ];
    const current = [
      makeItem({ id: 'c1', no: '1', text: 'New wording' }),
      makeItem({ id: 'c2', no: '2', text: 'labels fixed?' }),
      makeItem({ id: 'c3', no: '7', text: 'Only now' }),
    ];
    const pairs = matchQuestions(earlier, current).map((pair) => [
      pair.earlier?.id ?? null,
      pair.current?.id ?? null,
    ]);
    expect(pairs).toEqual([
      ['e1', 'c1'],
      ['e3', 'c2'],
      [null, 'c3'],
      ['e2', null],
      ['e4', null],
    ]);
  });
});

describe('compareAuditFindings', () => {
  it('lists a placeholder an earlier version stored as no text (decision 70)', () => {
    const placeholder = (item: AuditItem): AuditItem => ({
      ...item,
      deviations: Object.fromEntries(
        Object.entries(item.deviations).map(([id, finding]) => [
          id,
          { ...finding, text: 'Das ist ein Platzhalter' },
        ]),
      ),
    });
    const result = compareAuditFindings(
      [placeholder(makeItem({ id: 'e1', no: '1', findings: ['3'] }))],
      [placeholder(makeItem({ id: 'c1', no: '1', findings: ['9'] }))],
      DEFAULT_FINDING_TYPES,
    );
    expect(result.recurring[0]?.earlier).toEqual([{ id: 'e1-f0', findingTypeId: '3', text: '' }]);
    expect(result.recurring[0]?.current).toEqual([{ id: 'c1-f0', findingTypeId: '9', text: '' }]);
  });

  it('lists recurring, disappeared (with why) and new findings', () => {
    const earlier = [
      makeItem({ id: 'e1', no: '1', findings: ['3'] }),
      makeItem({ id: 'e2', no: '2', findings: ['9'] }),
      makeItem({ id: 'e3', no: '3', findings: ['1'] }),
      makeItem({ id: 'e4', no: '4', findings: ['0'] }),
      makeItem({ id: 'e5', no: '5', findings: ['3'] }),
      makeItem({ id: 'e6', no: '6', findings: ['ok'] }),
      makeItem({ id: 'e7', no: '7', findings: ['9'] }),
      makeItem({ id: 'e8', no: '8', findings: ['na'] }),
    ];
    const current = [
      makeItem({ id: 'c1', no: '1', findings: ['9', 'ok'] }),
      makeItem({ id: 'c2', no: '2', findings: ['ok'] }),
      makeItem({ id: 'c3', no: '3' }),
      makeItem({ id: 'c4', no: '4', findings: ['na'] }),
      makeItem({ id: 'c5', no: '5', findings: ['3'], state: 'deactivated' }),
      makeItem({ id: 'c6', no: '6', findings: ['1'] }),
      makeItem({ id: 'c8', no: '8', findings: ['gone-type'] }),
    ];
    const result = compareAuditFindings(earlier, current, DEFAULT_FINDING_TYPES);
    expect(result.recurring).toEqual([
      {
        itemId: 'c1',
        no: '1',
        text: 'Question c1',
        category: '',
        earlier: [{ id: 'e1-f0', findingTypeId: '3', text: 'e1 3' }],
        current: [{ id: 'c1-f0', findingTypeId: '9', text: 'c1 9' }],
      },
    ]);
    expect(result.disappeared.map((entry) => [entry.itemId, entry.state])).toEqual([
      ['c2', 'noFinding'],
      ['c3', 'unanswered'],
      ['c4', 'notApplicable'],
      ['c5', 'notApplicable'],
      ['e7', 'missing'],
    ]);
    // A type the configuration no longer knows still counts as a finding.
    expect(result.new.map((entry) => entry.itemId)).toEqual(['c6', 'c8']);
  });

  it('is empty for audits without findings or questions', () => {
    expect(compareAuditFindings([], [], DEFAULT_FINDING_TYPES)).toEqual({
      recurring: [],
      disappeared: [],
      new: [],
    });
    expect(
      compareAuditFindings(
        [makeItem({ id: 'e1' })],
        [makeItem({ id: 'c1', findings: ['ok'] })],
        DEFAULT_FINDING_TYPES,
      ),
    ).toEqual({ recurring: [], disappeared: [], new: [] });
  });

  it('orders questions by number whatever the stored order', () => {
    const current = [
      makeItem({ id: 'c10', no: '10', findings: ['1'] }),
      makeItem({ id: 'c2', no: '2', findings: ['1'] }),
    ];
    expect(
      compareAuditFindings([], current, DEFAULT_FINDING_TYPES).new.map((entry) => entry.no),
    ).toEqual(['2', '10']);
  });
});
