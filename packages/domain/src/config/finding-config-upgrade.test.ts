import { describe, expect, it } from 'vitest';
import { parseConfigSegment } from './configuration';
import { DEFAULT_FINDING_TYPES } from './default-types';
import { DEFAULT_FINDING_CONFIG } from './finding.config';
import { fillFindingFulfilment } from './finding-config-upgrade';

const withoutFulfilment = DEFAULT_FINDING_TYPES.map(({ fulfilment: _fulfilment, ...type }) => type);

describe('filling the fulfilment into a stored finding segment', () => {
  it('gives the shipped types the shipped degrees', () => {
    const filled = fillFindingFulfilment({ ...DEFAULT_FINDING_CONFIG, types: withoutFulfilment });
    expect(filled).toEqual({ ...DEFAULT_FINDING_CONFIG, types: DEFAULT_FINDING_TYPES });
  });

  it('derives every degree from the severity once the types are the admin’s own', () => {
    const types = [
      ...withoutFulfilment,
      { ...withoutFulfilment[0]!, id: 'x', value: 4, text: 'Own', short: 'O' },
    ];
    const filled = fillFindingFulfilment({ ...DEFAULT_FINDING_CONFIG, types }) as {
      types: { id: string; fulfilment?: number }[];
    };
    expect(filled.types.map((type) => [type.id, type.fulfilment])).toEqual([
      ['0', 100],
      ['1', 89],
      ['3', 67],
      ['9', 0],
      ['na', undefined],
      ['ok', undefined],
      ['x', 56],
    ]);
    expect(parseConfigSegment('finding', filled).ok).toBe(true);
  });

  it('leaves alone what has it, and what it cannot read', () => {
    expect(fillFindingFulfilment(DEFAULT_FINDING_CONFIG)).toBeNull();
    expect(fillFindingFulfilment(null)).toBeNull();
    expect(fillFindingFulfilment({ types: 'none' })).toBeNull();
    expect(fillFindingFulfilment({ types: [{ id: 'x' }] })).toBeNull();
  });
});
