import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { auditItemSchema, type AuditItem } from '../audit/audit-item.schema';
import { DEFAULT_FINDING_TYPES, DEFAULT_IMPORTANCES } from '../config/default-types';
import { formatMessage } from '../messages/message';
import { RULES_MESSAGES } from '../messages/rules.messages';
import {
  auditItemWeight,
  calcSchemaOf,
  compliancePercent,
  explainAuditScore,
  NO_CATEGORY_MESSAGE,
  scoreAudit,
  type CalcSchema,
} from './scoring';

interface ItemSpec {
  id: string;
  importance?: string;
  weight?: number;
  category?: string;
  categoryId?: string;
  findings?: string[];
  state?: 'deactivated' | 'completed' | null;
}

function makeItem(spec: ItemSpec): AuditItem {
  return auditItemSchema.parse({
    id: spec.id,
    auditId: 'a1',
    Weight: spec.weight ?? 1,
    auditItemState: spec.state ?? null,
    question: {
      text: `Question ${spec.id}`,
      importance: spec.importance ?? '',
      category: spec.category ?? '',
      category_id: spec.categoryId ?? '',
    },
    deviations: Object.fromEntries(
      (spec.findings ?? []).map((type, index) => [
        `${spec.id}-f${index}`,
        { id: `${spec.id}-f${index}`, importance: type },
      ]),
    ),
  });
}

const config = (calcSchema: string | null) => ({
  calcSchema,
  findingTypes: DEFAULT_FINDING_TYPES,
  importances: DEFAULT_IMPORTANCES,
});

// The worked example of docs/decisions.md ("Scoring").
const example = [
  makeItem({ id: 'A', importance: '3', category: 'Leadership', findings: ['3', '1'] }),
  makeItem({
    id: 'B',
    importance: '9',
    category: 'Leadership',
    findings: ['ok'],
    state: 'completed',
  }),
  makeItem({ id: 'C', importance: '', weight: 1, category: 'Leadership', findings: ['9'] }),
  makeItem({
    id: 'D',
    importance: '9',
    category: 'Leadership',
    findings: ['na'],
    state: 'deactivated',
  }),
  makeItem({ id: 'E', importance: '1', category: 'Leadership' }),
];

describe('scoring: worked example', () => {
  it('deviation schema: 85 %, progress 80 %', () => {
    const score = scoreAudit(example, config('deviation'));
    expect(score.schema).toBe('deviation');
    expect(score.range).toEqual({ min: 0, max: 9 });
    expect(score.total).toEqual({
      current: 18,
      best: 0,
      worst: 117,
      percent: 85,
      countedItems: 3,
      totalItems: 5,
      answeredItems: 4,
      notApplicableItems: 1,
      progress: 80,
    });
  });

  it('compliance schema (the default name): 81 %, counting degrees of fulfilment', () => {
    const score = scoreAudit(example, config(null));
    expect(score.schema).toBe('compliance');
    // A: 3 x 50 (minor, the worse of minor and note); B: 9 x 100 (no deviation); C: 1 x 0.
    expect(score.total).toMatchObject({
      current: 1050,
      best: 1300,
      worst: 0,
      percent: 81,
      countedItems: 3,
    });
  });
});

describe('scoring rules', () => {
  it('only the name deviation selects the deviation schema', () => {
    expect(calcSchemaOf('deviation')).toBe('deviation');
    expect(calcSchemaOf('compliance')).toBe('compliance');
    expect(calcSchemaOf('anything')).toBe('compliance');
    expect(calcSchemaOf(undefined)).toBe('compliance');
  });

  it('percent formula, rounded; null when best equals worst', () => {
    expect(compliancePercent(2, 3, 0)).toBe(67);
    expect(compliancePercent(1, 0, 3)).toBe(67);
    expect(compliancePercent(5, 5, 5)).toBeNull();
    expect(Object.is(compliancePercent(0, 7, 0), 0)).toBe(true);
  });

  it('values outside the fallback finding weight range (0..3) are clamped into it', () => {
    const flat = DEFAULT_FINDING_TYPES.map((type) => ({ ...type, value: 5 }));
    const score = scoreAudit([makeItem({ id: 'x', findings: ['9'] })], {
      calcSchema: 'deviation',
      findingTypes: flat,
      importances: DEFAULT_IMPORTANCES,
    });
    expect(score.total).toMatchObject({ current: 3, best: 0, worst: 3, percent: 0 });
  });

  it('item weight: configured importance value, else the item Weight', () => {
    expect(auditItemWeight(makeItem({ id: 'x', importance: '9' }), DEFAULT_IMPORTANCES)).toBe(9);
    expect(
      auditItemWeight(makeItem({ id: 'x', importance: '0', weight: 4 }), DEFAULT_IMPORTANCES),
    ).toBe(0);
    expect(
      auditItemWeight(makeItem({ id: 'x', importance: 'nd', weight: 4 }), DEFAULT_IMPORTANCES),
    ).toBe(4);
    expect(
      auditItemWeight(makeItem({ id: 'x', importance: '', weight: 2 }), DEFAULT_IMPORTANCES),
    ).toBe(2);
  });

  it('category score sums weight x finding value; missing category -> Keine Kategorie', () => {
    const items = [
      makeItem({
        id: '1',
        importance: '3',
        categoryId: 'c1',
        category: 'Leadership',
        findings: ['3'],
      }),
      makeItem({
        id: '2',
        importance: '1',
        categoryId: 'c1',
        category: 'Leadership',
        findings: ['9'],
      }),
      makeItem({ id: '3', importance: '9', findings: ['1'] }),
    ];
    const score = scoreAudit(items, config('deviation'));
    expect(score.categories.map((c) => [c.categoryId, c.categoryName, c.current])).toEqual([
      ['c1', 'Leadership', 18],
      ['', null, 9],
    ]);
    expect(score.total.current).toBe(27);
    expect(formatMessage(RULES_MESSAGES, NO_CATEGORY_MESSAGE, 'de')).toBe('Keine Kategorie');
    expect(formatMessage(RULES_MESSAGES, NO_CATEGORY_MESSAGE, 'en')).toBe('No category');
  });

  it('not-applicable items are excluded from the best score; unknown types do not count', () => {
    const base = [makeItem({ id: '1', importance: '3', findings: ['3'] })];
    const withNa = [...base, makeItem({ id: '2', importance: '9', findings: ['na'] })];
    expect(scoreAudit(withNa, config('deviation')).total.best).toBe(
      scoreAudit(base, config('deviation')).total.best,
    );
    expect(scoreAudit(withNa, config('compliance')).total.best).toBe(300);
    const unknown = scoreAudit([makeItem({ id: 'u', findings: ['bogus'] })], config('deviation'));
    expect(unknown.total).toMatchObject({
      countedItems: 0,
      answeredItems: 1,
      percent: null,
      progress: 100,
    });
    expect(scoreAudit([], config('deviation')).total).toMatchObject({ progress: 0, percent: null });
  });

  it('progress counts what isAuditItemAnswered counts: a VDA evaluation without a finding', () => {
    const evaluated = auditItemSchema.parse({
      id: 'v',
      auditId: 'a1',
      question: { text: 'Q 2.1', no: '2.1', category_id: '2' },
      vda: { all: { points: 10 } },
    });
    const open = makeItem({ id: 'o', categoryId: '2' });
    const vda = { ...config('deviation'), vda: { setup: null, edition: '2016' } };
    expect(scoreAudit([evaluated, open], vda).total).toMatchObject({
      answeredItems: 1,
      progress: 50,
    });
    // Not scored as a finding value: the score of a VDA audit is its grade.
    expect(explainAuditScore([evaluated], vda).total.items[0]).toMatchObject({
      answered: true,
      excluded: 'unanswered',
    });
  });
});

const ordinary = DEFAULT_FINDING_TYPES.filter(
  (type) => type.auditItemState === null || type.is_no_deviation,
);
const itemArb = fc.record({
  importance: fc.constantFrom('', 'nd', '0', '1', '3', '9'),
  weight: fc.integer({ min: 0, max: 5 }),
  finding: fc.constantFrom(...ordinary.map((type) => type.id)),
  extra: fc.option(fc.constantFrom('0', '1', '3', '9', 'na'), { nil: undefined }),
  category: fc.constantFrom('', 'A', 'B'),
});
const schemaArb = fc.constantFrom<CalcSchema>('deviation', 'compliance');

type ItemSample = typeof itemArb extends fc.Arbitrary<infer T> ? T : never;

function build(specs: readonly ItemSample[]): AuditItem[] {
  return specs.map((spec, index) =>
    makeItem({
      id: String(index),
      importance: spec.importance,
      weight: spec.weight,
      category: spec.category,
      findings: spec.extra ? [spec.finding, spec.extra] : [spec.finding],
    }),
  );
}

/** The severity a finding of the type counts with (no deviation: the range minimum, 0). */
function severityOf(id: string): number {
  const type = DEFAULT_FINDING_TYPES.find((candidate) => candidate.id === id)!;
  return type.is_no_deviation ? 0 : type.value;
}

describe('scoring properties', () => {
  it('percent is within 0..100 or null exactly when best equals worst', () => {
    fc.assert(
      fc.property(fc.array(itemArb, { maxLength: 12 }), schemaArb, (specs, schema) => {
        const score = scoreAudit(build(specs), config(schema));
        for (const numbers of [score.total, ...score.categories]) {
          if (numbers.best === numbers.worst) expect(numbers.percent).toBeNull();
          else {
            expect(numbers.percent).toBeGreaterThanOrEqual(0);
            expect(numbers.percent).toBeLessThanOrEqual(100);
          }
          expect(numbers.progress).toBeGreaterThanOrEqual(0);
          expect(numbers.progress).toBeLessThanOrEqual(100);
        }
      }),
    );
  });

  it('replacing a finding by a better one never lowers the percent', () => {
    fc.assert(
      fc.property(
        fc.array(itemArb, { minLength: 1, maxLength: 12 }),
        fc.nat(),
        fc.constantFrom(...ordinary.map((type) => type.id)),
        schemaArb,
        (specs, at, replacement, schema) => {
          const index = at % specs.length;
          const original = specs[index]!;
          fc.pre(severityOf(replacement) <= severityOf(original.finding));
          const changed = specs.map((spec, i) =>
            i === index ? { ...spec, finding: replacement } : spec,
          );
          const before = scoreAudit(build(specs), config(schema)).total.percent;
          const after = scoreAudit(build(changed), config(schema)).total.percent;
          if (before === null) expect(after).toBeNull();
          else expect(after).toBeGreaterThanOrEqual(before);
        },
      ),
    );
  });
});

describe('explaining a score (issue 13)', () => {
  it('names each item of the worked example with its weight, deciding finding and part', () => {
    const explained = explainAuditScore(example, config('deviation'));
    expect(explained).toMatchObject({ bestValue: 0, worstValue: 9 });
    const byId = new Map(explained.total.items.map((item) => [item.itemId, item]));
    // A: importance 3, findings 3 and 1: the worse (3) counts.
    expect(byId.get('A')).toMatchObject({
      weight: 3,
      weightFrom: 'importance',
      findingTypeId: '3',
      value: 3,
      contribution: 9,
      bestContribution: 0,
      worstContribution: 27,
      excluded: null,
    });
    // B: 'ok' is no deviation: the best value.
    expect(byId.get('B')).toMatchObject({
      weight: 9,
      findingTypeId: 'ok',
      value: 0,
      contribution: 0,
    });
    // C: no importance: the item's own weight.
    expect(byId.get('C')).toMatchObject({
      weight: 1,
      weightFrom: 'item',
      value: 9,
      contribution: 9,
    });
    expect(byId.get('D')).toMatchObject({ excluded: 'notApplicable', contribution: null });
    expect(byId.get('E')).toMatchObject({ excluded: 'unanswered', answered: false });
    const unknown = explainAuditScore(
      [makeItem({ id: 'u', findings: ['bogus'] })],
      config('deviation'),
    );
    expect(unknown.total.items[0]).toMatchObject({
      excluded: 'unknownFindingType',
      answered: true,
    });
  });

  it('lists categories and items in the questions order, however they were stored', () => {
    const stored = [
      makeItem({ id: 'x', category: 'Versand', findings: ['1'] }),
      makeItem({ id: 'y', category: 'Lager', findings: ['1'] }),
      makeItem({ id: 'z', category: 'Wareneingang', findings: ['1'] }),
    ];
    stored[0]!.question.no = '10';
    stored[1]!.question.no = '2';
    stored[2]!.question.no = '1';
    const explained = explainAuditScore(stored, config('deviation'));
    expect(explained.categories.map((category) => category.categoryName)).toEqual([
      'Wareneingang',
      'Lager',
      'Versand',
    ]);
    expect(explained.total.items.map((item) => item.no)).toEqual(['1', '2', '10']);
  });

  it('recomputes exactly to the score, for the audit and every category', () => {
    fc.assert(
      fc.property(fc.array(itemArb, { maxLength: 14 }), schemaArb, (specs, schema) => {
        const items = build(specs);
        const explained = explainAuditScore(items, config(schema));
        const score = scoreAudit(items, config(schema));
        const types = new Map(DEFAULT_FINDING_TYPES.map((type) => [type.id, type]));
        const scopes = [
          { explanation: explained.total, numbers: score.total },
          ...explained.categories.map((category, index) => ({
            explanation: category,
            numbers: score.categories[index]!,
          })),
        ];
        for (const { explanation, numbers } of scopes) {
          const counted = explanation.items.filter((item) => item.excluded === null);
          const sum = (pick: (item: (typeof counted)[number]) => number) =>
            counted.reduce((total, item) => total + pick(item), 0);
          const current = sum((item) => item.weight * item.value!);
          const best = sum((item) => item.weight * explained.bestValue);
          const worst = sum((item) => item.weight * explained.worstValue);
          expect(sum((item) => item.contribution!)).toBe(current);
          expect({ current, best, worst, countedItems: counted.length }).toEqual({
            current: numbers.current,
            best: numbers.best,
            worst: numbers.worst,
            countedItems: numbers.countedItems,
          });
          const percent =
            best === worst ? null : Math.round(((current - worst) / (best - worst)) * 100) + 0;
          expect(numbers.percent).toBe(percent);
          expect(explanation.percent).toBe(percent);
        }
        // Each item once per audit and once in its category; the deciding finding is its worst.
        expect(explained.total.items).toHaveLength(items.length);
        expect(explained.categories.flatMap((category) => category.items)).toHaveLength(
          items.length,
        );
        for (const item of explained.total.items.filter((entry) => entry.excluded === null)) {
          const source = items.find((candidate) => candidate.id === item.itemId)!;
          const severities = Object.values(source.deviations).map((finding) =>
            severityOf(finding.importance),
          );
          const deciding = types.get(item.findingTypeId!)!;
          expect(severityOf(deciding.id)).toBe(Math.max(...severities));
          expect(item.value).toBe(
            deciding.is_no_deviation
              ? explained.bestValue
              : schema === 'deviation'
                ? deciding.value
                : deciding.fulfilment,
          );
        }
      }),
    );
  });
});
