import { DEFAULT_FINDING_TYPES } from '@qa/domain';
import { describe, expect, it } from 'vitest';
import { contrastRatio, findingTypeColour, findingTypeColours } from './finding-type-colours';

describe('finding type colours (issue 34.4)', () => {
  it('give every default type its own fill, with text on it meeting WCAG AA', () => {
    const colours = findingTypeColours(DEFAULT_FINDING_TYPES);
    expect(colours.size).toBe(DEFAULT_FINDING_TYPES.length);
    const fills = [...colours.values()].map((colour) => colour.fill);
    expect(new Set(fills).size).toBe(fills.length);
    for (const { fill, text } of colours.values()) {
      expect(contrastRatio(fill, text)).toBeGreaterThanOrEqual(4.5);
    }
  });

  it('run from the least to the most severe type: remark blue, major deviation red', () => {
    expect(findingTypeColour(DEFAULT_FINDING_TYPES, '0').fill).toBe('#1565c0');
    expect(findingTypeColour(DEFAULT_FINDING_TYPES, '9').fill).toBe('#b71c1c');
    expect(findingTypeColour(DEFAULT_FINDING_TYPES, 'ok').fill).toBe('#2e7d32');
    expect(findingTypeColour(DEFAULT_FINDING_TYPES, 'unknown').fill).toBe('#616161');
  });

  it('measures contrast as WCAG does', () => {
    expect(contrastRatio('#ffffff', '#000000')).toBeCloseTo(21, 5);
    expect(contrastRatio('#777777', '#ffffff')).toBeCloseTo(4.48, 2);
  });
});
