import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { auditItemSchema, type AuditItem } from '../audit/audit-item.schema';
import type { FindingType } from '../config/configured-types';
import { DEFAULT_FINDING_TYPES, DEFAULT_IMPORTANCES } from '../config/default-types';
import {
  compliancePercent,
  explainAuditScore,
  scoreAudit,
  type CalcSchema,
  type ItemExplanation,
} from './scoring';

// Issue 34.1: a worse finding never makes a better score, in either schema.

function item(id: string, findings: readonly string[], category = '', importance = '3'): AuditItem {
  return auditItemSchema.parse({
    id,
    auditId: 'a1',
    question: { text: `Question ${id}`, importance, category, category_id: '' },
    deviations: Object.fromEntries(
      findings.map((type, index) => [
        `${id}-f${index}`,
        { id: `${id}-f${index}`, importance: type },
      ]),
    ),
  });
}

const SCHEMAS: readonly CalcSchema[] = ['deviation', 'compliance'];

const percentOf = (
  findings: readonly string[],
  schema: CalcSchema,
  findingTypes: readonly FindingType[] = DEFAULT_FINDING_TYPES,
) =>
  scoreAudit([item('q', findings)], {
    calcSchema: schema,
    findingTypes,
    importances: DEFAULT_IMPORTANCES,
  }).total.percent;

describe('scores mean what they say', () => {
  it.each(SCHEMAS)(
    '%s: major deviation worst, then minor, then note, no deviation best',
    (schema) => {
      const [major, minor, note, none] = ['9', '3', '1', 'ok'].map((id) => percentOf([id], schema));
      expect(major).toBe(0);
      expect(none).toBe(100);
      expect(major!).toBeLessThan(minor!);
      expect(minor!).toBeLessThan(note!);
      expect(note!).toBeLessThan(none!);
    },
  );

  it('compliance counts the worst finding’s degree of fulfilment (default: 0, 50, 90, 100 %)', () => {
    expect(['9', '3', '1', '0', 'ok'].map((id) => percentOf([id], 'compliance'))).toEqual([
      0, 50, 90, 100, 100,
    ]);
  });

  it.each(SCHEMAS)(
    '%s: the worst finding decides, a note never outweighs a minor deviation',
    (schema) => {
      expect(percentOf(['1', '3'], schema)).toBe(percentOf(['3'], schema));
      expect(percentOf(['3', '1'], schema)).toBe(percentOf(['3'], schema));
      expect(percentOf(['9', '1', '0'], schema)).toBe(0);
    },
  );

  it('keeps that order with any configuration that keeps the order of severity', () => {
    // Four ascending severities (remark < note < minor < major) and strictly falling degrees of
    // fulfilment, 'no deviation' at an arbitrary value.
    const configArb = fc
      .tuple(
        fc.uniqueArray(fc.integer({ min: -50, max: 50 }), { minLength: 4, maxLength: 4 }),
        fc.uniqueArray(fc.integer({ min: 0, max: 100 }), { minLength: 4, maxLength: 4 }),
        fc.integer({ min: -50, max: 50 }),
      )
      .map(([severities, fulfilments, okValue]) => {
        const ascending = [...severities].sort((a, b) => a - b);
        const falling = [...fulfilments].sort((a, b) => b - a);
        return DEFAULT_FINDING_TYPES.map((type) => {
          const rank = ['0', '1', '3', '9'].indexOf(type.id);
          if (type.id === 'ok') return { ...type, value: okValue, fulfilment: 0 };
          return rank < 0 ? type : { ...type, value: ascending[rank]!, fulfilment: falling[rank]! };
        });
      });
    fc.assert(
      fc.property(configArb, fc.constantFrom(...SCHEMAS), (types, schema) => {
        const [major, minor, note, none] = ['9', '3', '1', 'ok'].map((id) =>
          percentOf([id], schema, types)!,
        );
        expect(none).toBe(100);
        expect(major!).toBeLessThan(minor!);
        expect(minor!).toBeLessThan(note!);
        expect(note!).toBeLessThanOrEqual(none!);
      }),
    );
  });
});

const SCORED = DEFAULT_FINDING_TYPES.filter((type) => !type.is_not_applicable);
const severity = (id: string) => {
  const type = DEFAULT_FINDING_TYPES.find((candidate) => candidate.id === id)!;
  return type.is_no_deviation ? 0 : type.value;
};

const questionArb = fc.record({
  findings: fc.array(fc.constantFrom(...DEFAULT_FINDING_TYPES.map((type) => type.id)), {
    maxLength: 3,
  }),
  category: fc.constantFrom('', 'A', 'B'),
  importance: fc.constantFrom('', '0', '1', '3', '9'),
});

const questionPercent = (entry: ItemExplanation) =>
  entry.excluded === null
    ? compliancePercent(entry.contribution!, entry.bestContribution!, entry.worstContribution!)
    : null;

describe('scoring property: a more severe finding never raises a score', () => {
  it('of the question, its category or the audit, in either schema', () => {
    fc.assert(
      fc.property(
        fc.array(questionArb, { minLength: 1, maxLength: 10 }),
        fc.nat(),
        fc.constantFrom(...SCORED.map((type) => type.id)),
        fc.constantFrom(...SCHEMAS),
        (questions, at, added, schema) => {
          const index = at % questions.length;
          const target = questions[index]!;
          // "More severe" than what the question has: it must have a finding to compare with.
          fc.pre(target.findings.length > 0);
          fc.pre(target.findings.every((id) => severity(added) >= severity(id)));
          const build = (extra: string | null) =>
            questions.map((question, i) =>
              item(
                String(i),
                i === index && extra ? [...question.findings, extra] : question.findings,
                question.category,
                question.importance,
              ),
            );
          const config = {
            calcSchema: schema,
            findingTypes: DEFAULT_FINDING_TYPES,
            importances: DEFAULT_IMPORTANCES,
          };
          const before = explainAuditScore(build(null), config);
          const after = explainAuditScore(build(added), config);
          const notRaised = (earlier: number | null, later: number | null) => {
            if (earlier === null) expect(later).toBeNull();
            else expect(later).toBeLessThanOrEqual(earlier);
          };
          notRaised(
            questionPercent(before.total.items.find((entry) => entry.itemId === String(index))!),
            questionPercent(after.total.items.find((entry) => entry.itemId === String(index))!),
          );
          notRaised(before.total.percent, after.total.percent);
          before.categories.forEach((category, i) =>
            notRaised(category.percent, after.categories[i]!.percent),
          );
        },
      ),
      { numRuns: 300 },
    );
  });
});
