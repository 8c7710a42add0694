import { describe, expect, it } from 'vitest';
import { z } from 'zod/mini';
import { findingTypeSchema, importanceSchema, measureTypeSchema } from './configured-types';
import {
  DEFAULT_FINDING_TYPE_LABELS,
  DEFAULT_FINDING_TYPES,
  DEFAULT_IMPORTANCE_LABELS,
  DEFAULT_IMPORTANCES,
  DEFAULT_MEASURE_TYPE_LABELS,
  DEFAULT_MEASURE_TYPES,
} from './default-types';

describe('default configured types', () => {
  it('are valid by the configured-type schemas', () => {
    expect(() => z.array(findingTypeSchema).parse(DEFAULT_FINDING_TYPES)).not.toThrow();
    expect(() => z.array(importanceSchema).parse(DEFAULT_IMPORTANCES)).not.toThrow();
    expect(() => z.array(measureTypeSchema).parse(DEFAULT_MEASURE_TYPES)).not.toThrow();
  });

  it('finding types: 0 remark, 1 note, 3 minor, 9 major plus the two state types', () => {
    const ordinary = DEFAULT_FINDING_TYPES.filter((type) => type.auditItemState === null);
    expect(ordinary.map((type) => [type.id, type.value, type.text])).toEqual([
      ['0', 0, 'Remark'],
      ['1', 1, 'Note'],
      ['3', 3, 'Minor deviation'],
      ['9', 9, 'Major deviation'],
    ]);
    const notApplicable = DEFAULT_FINDING_TYPES.filter((type) => type.is_not_applicable);
    expect(notApplicable.map((type) => type.auditItemState)).toEqual(['deactivated']);
    const conforming = DEFAULT_FINDING_TYPES.filter((type) => type.is_no_deviation);
    expect(conforming.map((type) => type.auditItemState)).toEqual(['completed']);
    for (const type of DEFAULT_FINDING_TYPES) {
      expect(type.short).not.toBe('');
      // Empty: the bilingual fallback applies (see finding-rules).
      expect(type.placeholder_text).toBe('');
    }
  });

  it('the deviation types carry a QK class: major A, minor B, note C1', () => {
    expect(DEFAULT_FINDING_TYPES.map((type) => [type.id, type.qkClass ?? null])).toEqual([
      ['0', null],
      ['1', 'C1'],
      ['3', 'B'],
      ['9', 'A'],
      ['na', null],
      ['ok', null],
    ]);
  });

  it('importances: not defined (null), 0, 1, 3, 9, each with a colour', () => {
    expect(DEFAULT_IMPORTANCES.map((importance) => importance.value)).toEqual([null, 0, 1, 3, 9]);
    expect(DEFAULT_IMPORTANCES.map((importance) => importance.description)).toEqual([
      'Not defined',
      'Note',
      'Remark',
      'Important question',
      'Very important question',
    ]);
    for (const importance of DEFAULT_IMPORTANCES) {
      expect(importance.color).toMatch(/^#[0-9a-f]{6}$/);
    }
  });

  it('measure types include corrective, preventive and immediate', () => {
    expect(DEFAULT_MEASURE_TYPES.map((type) => type.id).sort()).toEqual([
      'corrective',
      'immediate',
      'preventive',
    ]);
  });

  it('every default type has a German and an English label', () => {
    const pairs: [readonly { id: string }[], Record<string, { de: string; en: string }>][] = [
      [DEFAULT_FINDING_TYPES, DEFAULT_FINDING_TYPE_LABELS],
      [DEFAULT_IMPORTANCES, DEFAULT_IMPORTANCE_LABELS],
      [DEFAULT_MEASURE_TYPES, DEFAULT_MEASURE_TYPE_LABELS],
    ];
    for (const [types, labels] of pairs) {
      expect(Object.keys(labels).sort()).toEqual(types.map((type) => type.id).sort());
      for (const label of Object.values(labels)) {
        expect(label.de).not.toBe('');
        expect(label.en).not.toBe('');
      }
    }
  });

  it('the English label is the default text, so a default configuration shows German in German', () => {
    // The web app shows the label in the user's language only while the configured text is
    // still the default (configuredLabel): a label that differs would show English in German.
    for (const type of DEFAULT_FINDING_TYPES) {
      expect(DEFAULT_FINDING_TYPE_LABELS[type.id]?.en, type.id).toBe(type.text);
    }
    for (const importance of DEFAULT_IMPORTANCES) {
      expect(DEFAULT_IMPORTANCE_LABELS[importance.id]?.en, importance.id).toBe(
        importance.description,
      );
    }
    for (const type of DEFAULT_MEASURE_TYPES) {
      expect(DEFAULT_MEASURE_TYPE_LABELS[type.id]?.en, type.id).toBe(type.text);
    }
  });
});
