// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { locateJsonProblem } from './json-problem-location';

const TEXT = `{
  "title": "x",
  "types": [
    { "id": "a", "name": "A" },
    { "id": 7, "name": "B" }
  ],
  "nested": { "deep": { "value": null } }
}`;

function marked(text: string, field: string | undefined): string {
  const { from, to } = locateJsonProblem(text, field);
  return text.slice(from, to);
}

describe('locateJsonProblem', () => {
  it('finds the value at a dotted path, through objects and lists', () => {
    expect(marked(TEXT, 'title')).toBe('"x"');
    expect(marked(TEXT, 'types.1.id')).toBe('7');
    expect(marked(TEXT, 'nested.deep.value')).toBe('null');
  });

  it('marks the key of an object or list that is at fault as a whole', () => {
    expect(marked(TEXT, 'types')).toBe('"types"');
    expect(marked(TEXT, 'nested.deep')).toBe('"deep"');
  });

  it('marks the object that lacks a required key, or the list too short for an index', () => {
    const { from } = locateJsonProblem(TEXT, 'types.0.missing');
    expect(TEXT.slice(from, from + 1)).toBe('{');
    expect(TEXT.indexOf('{ "id": "a"')).toBe(from);
    expect(marked(TEXT, 'types.5')).toBe('[');
  });

  it('marks the start of the document for a problem of the whole document', () => {
    expect(locateJsonProblem(TEXT, '')).toEqual({ from: 0, to: 1 });
    expect(locateJsonProblem('[]', 'anything')).toEqual({ from: 0, to: 1 });
  });

  it('points at the first syntax error of text that is not JSON', () => {
    const broken = '{ "a": 1, "b": nul }';
    const { from } = locateJsonProblem(broken, undefined);
    expect(from).toBeGreaterThanOrEqual(broken.indexOf('nul'));
    expect(from).toBeLessThanOrEqual(broken.indexOf('}'));
  });

  it('points at the end of text that stops early, and never outside the text', () => {
    const cut = '{ "a": [1, 2';
    const range = locateJsonProblem(cut, undefined);
    expect(range.from).toBeLessThanOrEqual(cut.length);
    expect(range.to).toBeLessThanOrEqual(cut.length);
    expect(locateJsonProblem('', undefined)).toEqual({ from: 0, to: 0 });
    expect(locateJsonProblem('', 'a')).toEqual({ from: 0, to: 0 });
  });
});
