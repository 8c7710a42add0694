import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatMessage } from '../messages/message';
import { RULES_MESSAGES } from '../messages/rules.messages';
import { auditItemSchema } from '../audit/audit-item.schema';
import { DEFAULT_FINDING_TYPES } from '../config/default-types';
import {
  DEFAULT_QK_TABLE,
  qkAbbreviationOf,
  qkBaseValue,
  qkScore,
  qkScoreOfAuditItems,
  qkTableSchema,
} from './qk';

describe('QK quality number', () => {
  it('default table is valid: thresholds 5..9999, bases 10..120', () => {
    expect(qkTableSchema.parse(DEFAULT_QK_TABLE)).toEqual(DEFAULT_QK_TABLE);
    expect(DEFAULT_QK_TABLE[0]).toEqual({ upTo: 5, base: 10 });
    expect(DEFAULT_QK_TABLE.at(-1)).toEqual({ upTo: 9999, base: 120 });
    expect(
      qkTableSchema.safeParse([
        { upTo: 10, base: 10 },
        { upTo: 5, base: 20 },
      ]).success,
    ).toBe(false);
    expect(qkTableSchema.safeParse([{ upTo: 9999, base: 130 }]).success).toBe(false);
    expect(
      qkTableSchema.safeParse([
        { upTo: 5, base: 30 },
        { upTo: 9999, base: 20 },
      ]).success,
    ).toBe(false);
  });

  it('thresholds run from 5 up to 9999 (SPEC section 9)', () => {
    const issues = (table: unknown) =>
      qkTableSchema.safeParse(table).error?.issues.map((issue) => issue.message) ?? [];
    expect(issues([{ upTo: 9999, base: 10 }])).toEqual([]);
    expect(
      issues([
        { upTo: 0, base: 10 },
        { upTo: 9999, base: 120 },
      ]),
    ).toEqual(['qk.table.thresholdRange']);
    expect(issues([{ upTo: 4, base: 10 }])).toContain('qk.table.thresholdRange');
    expect(
      issues([
        { upTo: 5, base: 10 },
        { upTo: 100, base: 120 },
      ]),
    ).toEqual(['qk.table.thresholdRange']);
    expect(issues([{ upTo: 10000, base: 120 }])).toContain('qk.table.thresholdRange');
    expect(issues([{ upTo: 9999, base: 9 }])).toEqual(['qk.table.baseRange']);
    expect(issues([{ upTo: 9999.5, base: 10 }])).toContain('qk.table.thresholdRange');
    const text = formatMessage(RULES_MESSAGES, { key: 'qk.table.thresholdRange' }, 'en');
    expect(text).toContain('5 to 9999');
  });

  it('counts the configured qkClass, else a short that is an abbreviation', () => {
    expect(qkAbbreviationOf({ qkClass: 'A1', short: 'MA' })).toBe('A1');
    expect(qkAbbreviationOf({ short: 'b1' })).toBe('B1');
    expect(qkAbbreviationOf({ short: 'MA' })).toBeNull();
    expect(qkAbbreviationOf({ qkClass: null, short: null })).toBeNull();
    expect(qkScore([{ qkClass: 'A', short: 'MA' }, { short: 'B' }, 'c1']).counts).toEqual({
      A: 1,
      A1: 0,
      B: 1,
      B1: 0,
      C1: 1,
    });
  });

  it('works on the default configuration: major = A, minor = B, note = C1', () => {
    const item = (findings: string[]) =>
      auditItemSchema.parse({
        id: 'i',
        auditId: 'a',
        question: { text: 'Q' },
        deviations: Object.fromEntries(
          findings.map((importance, index) => [`f${index}`, { id: `f${index}`, importance }]),
        ),
      });
    // Two major (A), one minor (B), one note (C1), one remark, one unknown type:
    // worst class A with 2 findings -> base 10; (10 + 1 + 2 * 3) / 10 = 1.7.
    const items = [item(['9', '3']), item(['9', '1', '0', 'zz']), item(['ok'])];
    expect(qkScoreOfAuditItems(items, DEFAULT_FINDING_TYPES)).toMatchObject({
      score: 1.7,
      base: 10,
      worstClass: 'A',
      worstClassCount: 2,
      counts: { A: 2, A1: 0, B: 1, B1: 0, C1: 1 },
    });
    expect(qkScoreOfAuditItems([item(['1', '1'])], DEFAULT_FINDING_TYPES).worstClass).toBe('C');
  });

  it('score = (base + 1 per B/B1 + 3 per A/A1) / 10; base from the worst class count', () => {
    // Worst class A with 2 findings -> base 10; 2 A-class * 3 + 3 B-class * 1 = 9 -> 19 / 10.
    const result = qkScore(['A', 'A1', 'B', 'B1', 'b', 'C1', 'X', '3']);
    expect(result).toEqual({
      score: 1.9,
      base: 10,
      row: { upTo: 5, base: 10 },
      worstClass: 'A',
      worstClassCount: 2,
      counts: { A: 1, A1: 1, B: 2, B1: 1, C1: 1 },
      additions: { a: 6, b: 3 },
      warning: null,
    });
    // Only C1: worst class C with 7 findings -> the row up to 10, base 20, no additions.
    expect(qkScore(Array(7).fill('C1'))).toMatchObject({
      score: 2,
      row: { upTo: 10, base: 20 },
      worstClass: 'C',
      worstClassCount: 7,
      additions: { a: 0, b: 0 },
    });
    // Six B findings -> base 20 + 6 = 26.
    expect(qkScore(Array(6).fill('B')).score).toBe(2.6);
    expect(qkScore([])).toMatchObject({ score: 1, base: 10, worstClass: null, warning: null });
  });

  it('an invalid value uses the last table entry and returns the log message', () => {
    expect(qkBaseValue(-1)).toEqual({
      base: 120,
      row: { upTo: 9999, base: 120 },
      warning: { key: 'qk.invalidValue' },
    });
    expect(qkBaseValue(Number.NaN).base).toBe(120);
    expect(qkBaseValue(2.5).warning).not.toBeNull();
    expect(qkBaseValue(10000)).toMatchObject({ base: 120, warning: { key: 'qk.invalidValue' } });
    expect(qkBaseValue(9999)).toMatchObject({ base: 120, warning: null });
    const small = [
      { upTo: 5, base: 10 },
      { upTo: 10, base: 50 },
    ];
    expect(qkScore(Array(11).fill('C1'), small)).toMatchObject({
      base: 50,
      warning: { key: 'qk.invalidValue' },
    });
    expect(formatMessage(RULES_MESSAGES, { key: 'qk.invalidValue' }, 'en')).toBe(
      'Unable to calculate valid QK value',
    );
  });

  it('a finding no worse than the current worst class never lowers the number', () => {
    const rank = { A: 0, B: 1, C: 2 } as const;
    const classOf = { A: 'A', A1: 'A', B: 'B', B1: 'B', C1: 'C' } as const;
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom('A', 'A1', 'B', 'B1', 'C1', 'Z'), { maxLength: 120 }),
        fc.constantFrom('A', 'A1', 'B', 'B1', 'C1'),
        (list, added) => {
          const before = qkScore(list);
          fc.pre(before.worstClass !== null && rank[classOf[added]] >= rank[before.worstClass]);
          expect(qkScore([...list, added]).score).toBeGreaterThanOrEqual(before.score);
        },
      ),
    );
  });

  it('the first A finding restarts the count (documented, not monotonic across classes)', () => {
    const manyB = Array<string>(51).fill('B');
    expect(qkScore(manyB).score).toBe((90 + 51) / 10);
    expect(qkScore([...manyB, 'A']).score).toBe((10 + 51 + 3) / 10);
  });
});
