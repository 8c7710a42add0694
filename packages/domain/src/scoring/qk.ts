import { z } from 'zod';
import type { DomainMessage } from '../messages/message';

/**
 * The QK quality number (SPEC section 9), used when a report's custom result is 'qk'. Findings
 * are counted by their type abbreviation; A/A1 form the worst class, then B/B1, then C1. The count
 * of the worst class present picks the base value from the table; each A/A1 adds 3 and each B/B1
 * adds 1; the sum divided by 10 is the number (lower is better). Note: the first A finding makes
 * A the worst class and restarts the count, so the number is monotonic only within a class.
 */
export const QK_ABBREVIATIONS = ['A', 'A1', 'B', 'B1', 'C1'] as const;
export type QkAbbreviation = (typeof QK_ABBREVIATIONS)[number];

export const QK_CLASSES = {
  A: ['A', 'A1'],
  B: ['B', 'B1'],
  C: ['C1'],
} as const satisfies Record<string, readonly QkAbbreviation[]>;
export type QkClass = keyof typeof QK_CLASSES;

/** A count up to and including `upTo` gets `base`. */
export const qkTableEntrySchema = z.object({
  upTo: z.number().int().min(0).max(9999),
  base: z.number().min(10).max(120),
});
export type QkTableEntry = z.infer<typeof qkTableEntrySchema>;

export const qkTableSchema = z
  .array(qkTableEntrySchema)
  .min(1)
  // Ascending thresholds with non-decreasing bases: more findings of a class never lower the base.
  .refine(
    (table) =>
      table.every(
        (entry, i) =>
          i === 0 || (entry.upTo > table[i - 1]!.upTo && entry.base >= table[i - 1]!.base),
      ),
    { message: 'qk.table.notAscending' },
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
    ? { base: entry.base, warning: null }
    : { base: last.base, warning: QK_INVALID_VALUE_MESSAGE };
}

export interface QkResult {
  score: number;
  base: number;
  worstClass: QkClass | null;
  worstClassCount: number;
  counts: Record<QkAbbreviation, number>;
  warning: DomainMessage | null;
}

/** `abbreviations`: the `short` of each finding's type; others than A, A1, B, B1, C1 are ignored. */
export function qkScore(
  abbreviations: readonly string[],
  table: readonly QkTableEntry[] = DEFAULT_QK_TABLE,
): QkResult {
  const counts: Record<QkAbbreviation, number> = { A: 0, A1: 0, B: 0, B1: 0, C1: 0 };
  for (const abbreviation of abbreviations) {
    const key = abbreviation.trim().toUpperCase();
    if ((QK_ABBREVIATIONS as readonly string[]).includes(key)) counts[key as QkAbbreviation] += 1;
  }
  const classCount = (qkClass: QkClass) =>
    QK_CLASSES[qkClass].reduce((sum, abbreviation) => sum + counts[abbreviation], 0);
  const worstClass = (['A', 'B', 'C'] as const).find((qkClass) => classCount(qkClass) > 0) ?? null;
  const worstClassCount = worstClass ? classCount(worstClass) : 0;
  const { base, warning } = qkBaseValue(worstClassCount, table);
  const score = (base + classCount('B') + 3 * classCount('A')) / 10;
  return { score, base, worstClass, worstClassCount, counts, warning };
}
