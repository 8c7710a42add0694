import { z } from 'zod/mini';
import type { AuditItem } from '../audit/audit-item.schema';
import type { FindingType } from '../config/configured-types';
import type { DomainMessage } from '../messages/message';

/**
 * The QK quality number (SPEC section 9), used when a report's custom result is 'qk'. Findings
 * are counted by their type's `qkClass` (else its `short`, when that is an abbreviation); A/A1
 * form the worst class, then B/B1, then C1. The count of the worst class present picks the base
 * value from the table; each A/A1 adds 3 and each B/B1 adds 1; the sum divided by 10 is the number
 * (lower is better). Note: the first A finding makes A the worst class and restarts the count, so
 * the number is monotonic only within a class.
 */
export const QK_ABBREVIATIONS = ['A', 'A1', 'B', 'B1', 'C1'] as const;
export type QkAbbreviation = (typeof QK_ABBREVIATIONS)[number];

export const QK_CLASSES = {
  A: ['A', 'A1'],
  B: ['B', 'B1'],
  C: ['C1'],
} as const satisfies Record<string, readonly QkAbbreviation[]>;
export type QkClass = keyof typeof QK_CLASSES;

/** SPEC section 9: the count of the worst class runs "from 5 up to 9999"; bases 10 to 120. */
export const QK_FIRST_THRESHOLD_MIN = 5;
export const QK_LAST_THRESHOLD = 9999;
export const QK_BASE_MIN = 10;
export const QK_BASE_MAX = 120;

const THRESHOLD_RANGE = { error: 'qk.table.thresholdRange' } as const;
const BASE_RANGE = { error: 'qk.table.baseRange' } as const;

/** A count up to and including `upTo` gets `base`. */
export const qkTableEntrySchema = z.object({
  upTo: z
    .number(THRESHOLD_RANGE)
    .check(z.int(THRESHOLD_RANGE))
    .check(z.gte(QK_FIRST_THRESHOLD_MIN, THRESHOLD_RANGE))
    .check(z.lte(QK_LAST_THRESHOLD, THRESHOLD_RANGE)),
  base: z
    .number(BASE_RANGE)
    .check(z.gte(QK_BASE_MIN, BASE_RANGE))
    .check(z.lte(QK_BASE_MAX, BASE_RANGE)),
});
export type QkTableEntry = z.infer<typeof qkTableEntrySchema>;

/**
 * A configured table: thresholds from 5 (every entry, so also the first) rising to exactly 9999 in
 * the last entry, so every valid count up to 9999 has an entry; bases never go down, so more
 * findings of a class never lower the base.
 */
export const qkTableSchema = z
  .array(qkTableEntrySchema)
  .check(z.minLength(1))
  .check(
    z.superRefine((table, ctx) => {
      table.forEach((entry, index) => {
        const previous = index > 0 ? table[index - 1] : undefined;
        if (previous && (entry.upTo <= previous.upTo || entry.base < previous.base)) {
          ctx.addIssue({ code: 'custom', message: 'qk.table.notAscending', path: [index] });
        }
      });
      const last = table.at(-1);
      if (last && last.upTo !== QK_LAST_THRESHOLD) {
        ctx.addIssue({
          code: 'custom',
          message: 'qk.table.thresholdRange',
          path: [table.length - 1, 'upTo'],
        });
      }
    }),
  );

/** Default table: thresholds 5 .. 9999, base 10 .. 120, rising with the count. */
export const DEFAULT_QK_TABLE: readonly QkTableEntry[] = [
  { upTo: 5, base: 10 },
  { upTo: 10, base: 20 },
  { upTo: 20, base: 40 },
  { upTo: 50, base: 60 },
  { upTo: 100, base: 90 },
  { upTo: 9999, base: 120 },
];

export const QK_INVALID_VALUE_MESSAGE: DomainMessage = { key: 'qk.invalidValue' };

export interface QkBase {
  base: number;
  /** The table's row that gave the base (the last one for a count no row takes). */
  row: QkTableEntry;
  /** Set when the count could not be mapped; the caller logs it. */
  warning: DomainMessage | null;
}

/** An invalid count (negative, fractional, not finite, above every threshold) takes the last entry. */
export function qkBaseValue(
  count: number,
  table: readonly QkTableEntry[] = DEFAULT_QK_TABLE,
): QkBase {
  const last = table.at(-1) ?? DEFAULT_QK_TABLE.at(-1)!;
  const valid = Number.isInteger(count) && count >= 0;
  const entry = valid ? table.find((candidate) => count <= candidate.upTo) : undefined;
  return entry
    ? { base: entry.base, row: entry, warning: null }
    : { base: last.base, row: last, warning: QK_INVALID_VALUE_MESSAGE };
}

export interface QkResult {
  score: number;
  base: number;
  /** The table row the worst class's count fell into ("explain my score", issue 13). */
  row: QkTableEntry;
  worstClass: QkClass | null;
  worstClassCount: number;
  counts: Record<QkAbbreviation, number>;
  /** What A/A1 (3 each) and B/B1 (1 each) add to the base: score = (base + a + b) / 10. */
  additions: { a: number; b: number };
  warning: DomainMessage | null;
}

/**
 * What a finding contributes: its type's `qkClass`, else its `short` when that is one of the
 * abbreviations (case-insensitive), else nothing. A plain string is taken as an abbreviation.
 */
export type QkCountable = string | { qkClass?: QkAbbreviation | null; short?: string | null };

export function qkAbbreviationOf(countable: QkCountable): QkAbbreviation | null {
  const candidate =
    typeof countable === 'string' ? countable : (countable.qkClass ?? countable.short ?? '');
  const key = candidate.trim().toUpperCase();
  return (QK_ABBREVIATIONS as readonly string[]).includes(key) ? (key as QkAbbreviation) : null;
}

/** One entry per finding: its finding type (or abbreviation); others than A … C1 are ignored. */
export function qkScore(
  findings: readonly QkCountable[],
  table: readonly QkTableEntry[] = DEFAULT_QK_TABLE,
): QkResult {
  const counts: Record<QkAbbreviation, number> = { A: 0, A1: 0, B: 0, B1: 0, C1: 0 };
  for (const finding of findings) {
    const abbreviation = qkAbbreviationOf(finding);
    if (abbreviation) counts[abbreviation] += 1;
  }
  const classCount = (qkClass: QkClass) =>
    QK_CLASSES[qkClass].reduce((sum, abbreviation) => sum + counts[abbreviation], 0);
  const worstClass = (['A', 'B', 'C'] as const).find((qkClass) => classCount(qkClass) > 0) ?? null;
  const worstClassCount = worstClass ? classCount(worstClass) : 0;
  const { base, row, warning } = qkBaseValue(worstClassCount, table);
  const additions = { a: 3 * classCount('A'), b: classCount('B') };
  const score = (base + additions.b + additions.a) / 10;
  return { score, base, row, worstClass, worstClassCount, counts, additions, warning };
}

/**
 * The QK number of an audit: every finding of the items, counted by its configured type (types
 * are looked up by id; a finding of an unknown type counts nothing).
 */
export function qkScoreOfAuditItems(
  items: readonly Pick<AuditItem, 'deviations'>[],
  findingTypes: readonly Pick<FindingType, 'id' | 'qkClass' | 'short'>[],
  table: readonly QkTableEntry[] = DEFAULT_QK_TABLE,
): QkResult {
  const types = new Map(findingTypes.map((type) => [type.id, type]));
  const findings = items.flatMap((item) =>
    Object.values(item.deviations).flatMap((finding) => {
      const type = types.get(finding.importance);
      return type ? [type] : [];
    }),
  );
  return qkScore(findings, table);
}
