import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { jsonTextTooDeep, MAX_JSON_DEPTH } from './json-depth';

const nested = (depth: number, open = '[', close = ']') =>
  `${open.repeat(depth)}${close.repeat(depth)}`;

/** The nesting depth of a parsed value, for comparison. */
function depthOf(value: unknown): number {
  if (Array.isArray(value)) return 1 + Math.max(0, ...value.map(depthOf));
  if (value !== null && typeof value === 'object') {
    return 1 + Math.max(0, ...Object.values(value).map(depthOf));
  }
  return 0;
}

describe('jsonTextTooDeep', () => {
  it('allows the limit and refuses one level more, for arrays and objects', () => {
    expect(jsonTextTooDeep(nested(MAX_JSON_DEPTH))).toBe(false);
    expect(jsonTextTooDeep(nested(MAX_JSON_DEPTH + 1))).toBe(true);
    const objects = '{"a":'.repeat(MAX_JSON_DEPTH + 1) + '1' + '}'.repeat(MAX_JSON_DEPTH + 1);
    expect(jsonTextTooDeep(objects)).toBe(true);
    expect(jsonTextTooDeep(objects, MAX_JSON_DEPTH + 1)).toBe(false);
  });

  it('reads a million levels without recursion', () => {
    expect(jsonTextTooDeep(nested(1_000_000))).toBe(true);
  });

  it('ignores brackets inside strings, also after escaped quotes and backslashes', () => {
    const text = JSON.stringify({ a: '[[[[{{{{', b: 'say \\"[[[[', c: ['\\', '[[[['] });
    expect(jsonTextTooDeep(text, 2)).toBe(false);
    expect(jsonTextTooDeep(JSON.stringify([['"[']]), 2)).toBe(false);
    expect(jsonTextTooDeep(JSON.stringify([[['"[']]]), 2)).toBe(true);
  });

  it('agrees with the depth of the parsed value', () => {
    // Strings full of brackets, quotes and backslashes, which the scan must skip.
    const trickyString = fc.stringMatching(/^[[\]{}"\\a]{0,6}$/);
    const { value } = fc.letrec<{ value: unknown }>((tie) => ({
      value: fc.oneof(
        { depthSize: 'small' },
        fc.constant(null),
        fc.integer(),
        trickyString,
        fc.array(tie('value'), { maxLength: 3 }),
        fc.dictionary(trickyString, tie('value'), { maxKeys: 3 }),
      ),
    }));
    fc.assert(
      fc.property(value, fc.integer({ min: 0, max: 6 }), (value, max) => {
        const text = JSON.stringify(value);
        expect(jsonTextTooDeep(text, max)).toBe(depthOf(JSON.parse(text)) > max);
      }),
    );
  });
});
