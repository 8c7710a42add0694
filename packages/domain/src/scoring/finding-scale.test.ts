import { describe, expect, it } from 'vitest';
import { parseConfigSegment } from '../config/configuration';
import { DEFAULT_FINDING_CONFIG } from '../config/finding.config';
import { DEFAULT_FINDING_TYPES } from '../config/default-types';
import {
  findingFulfilment,
  findingSeverity,
  findingWeightRange,
  fulfilmentOrderViolations,
} from './finding-scale';

/** The default types as a configuration stored before `fulfilment` existed has them. */
const stored = DEFAULT_FINDING_TYPES.map(({ fulfilment: _fulfilment, ...type }) => type);

describe('a finding type on both scales', () => {
  it('scored value range: min and max of the values, else 0..3', () => {
    const flat = DEFAULT_FINDING_TYPES.map((type) => ({ ...type, value: 5 }));
    expect(findingWeightRange(flat)).toEqual({ min: 0, max: 3 });
    expect(findingWeightRange([])).toEqual({ min: 0, max: 3 });
    expect(findingWeightRange(DEFAULT_FINDING_TYPES)).toEqual({ min: 0, max: 9 });
  });

  it('severity: the value clamped into the range, no deviation the least', () => {
    const range = { min: 0, max: 3 };
    const major = DEFAULT_FINDING_TYPES.find((type) => type.id === '9')!;
    const ok = DEFAULT_FINDING_TYPES.find((type) => type.id === 'ok')!;
    expect(findingSeverity(major, range)).toBe(3);
    expect(findingSeverity({ ...ok, value: 9 }, range)).toBe(0);
  });

  it('fulfilment: configured, else mirrored from the severity (a stored old configuration)', () => {
    const range = findingWeightRange(stored);
    expect(stored.map((type) => findingFulfilment(type, range))).toEqual([
      100, 89, 67, 0, 100, 100,
    ]);
    expect(DEFAULT_FINDING_TYPES.map((type) => findingFulfilment(type, range))).toEqual([
      100, 90, 50, 0, 100, 100,
    ]);
  });

  it('a more severe type may not fulfil more than a less severe one', () => {
    expect(fulfilmentOrderViolations(DEFAULT_FINDING_TYPES)).toEqual([]);
    expect(fulfilmentOrderViolations(stored)).toEqual([]);
    const inverted = DEFAULT_FINDING_TYPES.map((type) =>
      type.id === '9' ? { ...type, fulfilment: 60 } : type,
    );
    expect(fulfilmentOrderViolations(inverted)).toEqual([{ index: 3, lessSevere: '3' }]);
  });
});

describe('the finding segment’s fulfilment', () => {
  it('accepts a configuration stored without it', () => {
    expect(parseConfigSegment('finding', { ...DEFAULT_FINDING_CONFIG, types: stored }).ok).toBe(
      true,
    );
  });

  it('refuses a value outside 0..100 and a worse type fulfilling more, with translated keys', () => {
    const types = (change: (type: (typeof DEFAULT_FINDING_TYPES)[number]) => object) =>
      DEFAULT_FINDING_TYPES.map((type) => (type.id === '9' ? change(type) : type));
    expect(
      parseConfigSegment('finding', {
        ...DEFAULT_FINDING_CONFIG,
        types: types((type) => ({ ...type, fulfilment: 120 })),
      }),
    ).toEqual({
      ok: false,
      errors: [
        {
          key: 'config.finding.fulfilmentRange',
          params: { field: 'types.3.fulfilment', max: 100 },
        },
      ],
    });
    expect(
      parseConfigSegment('finding', {
        ...DEFAULT_FINDING_CONFIG,
        types: types((type) => ({ ...type, fulfilment: '50' })),
      }),
    ).toMatchObject({ ok: false, errors: [{ key: 'config.finding.fulfilmentRange' }] });
    expect(
      parseConfigSegment('finding', {
        ...DEFAULT_FINDING_CONFIG,
        types: types((type) => ({ ...type, fulfilment: 95 })),
      }),
    ).toEqual({
      ok: false,
      errors: [
        {
          key: 'config.finding.fulfilmentOrder',
          params: { field: 'types.3.fulfilment', value: '9', other: '1' },
        },
      ],
    });
  });
});
