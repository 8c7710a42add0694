import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  generateStandardId,
  standardIdSchema,
  standardInputSchema,
  standardSchema,
  STANDARD_ID_PATTERN,
} from './standard.schema';

const valid = {
  id: 'iso9001',
  name: 'ISO 9001',
  description: 'Quality management',
  chapters: [{ id: '4.1', description: 'Context' }],
};

const keysOf = (input: unknown) => {
  const result = standardSchema.safeParse(input);
  return result.success ? [] : result.error.issues.map((issue) => issue.message);
};

describe('standard schema', () => {
  it('accepts a standard and trims its texts', () => {
    expect(
      standardSchema.parse({
        ...valid,
        name: ' ISO 9001 ',
        chapters: [{ id: ' 4.1 ', description: ' Context ' }],
      }),
    ).toEqual(valid);
  });

  it('id: 2-32 characters, a letter first, then letters, digits, - or _', () => {
    for (const id of ['ab', 'ISO-9001_2015', 'a'.repeat(32), 'x1']) {
      expect(standardIdSchema.safeParse(id).success).toBe(true);
    }
    expect(keysOf({ ...valid, id: 'a' })).toEqual(['standard.idLength']);
    expect(keysOf({ ...valid, id: 'a'.repeat(33) })).toEqual(['standard.idLength']);
    expect(keysOf({ ...valid, id: '9001' })).toEqual(['standard.idPattern']);
    expect(keysOf({ ...valid, id: 'iso 9001' })).toEqual(['standard.idPattern']);
    expect(keysOf({ ...valid, id: 'iso.9001' })).toEqual(['standard.idPattern']);
  });

  it('name 2-32 and description 5-256; empty fields say "No empty field allowed"', () => {
    expect(keysOf({ ...valid, name: 'I' })).toEqual(['standard.nameLength']);
    expect(keysOf({ ...valid, name: 'x'.repeat(33) })).toEqual(['standard.nameLength']);
    expect(keysOf({ ...valid, name: 'x'.repeat(32) })).toEqual([]);
    expect(keysOf({ ...valid, name: '   ' })).toEqual(['standard.emptyField']);
    expect(keysOf({ ...valid, description: 'Qual' })).toEqual(['standard.descriptionLength']);
    expect(keysOf({ ...valid, description: 'Quali' })).toEqual([]);
    expect(keysOf({ ...valid, description: 'x'.repeat(257) })).toEqual([
      'standard.descriptionLength',
    ]);
    expect(keysOf({ ...valid, description: '' })).toEqual(['standard.emptyField']);
    expect(keysOf({ ...valid, name: undefined })).toEqual(['standard.emptyField']);
  });

  it('chapters: a non-empty list of {id, description} strings with unique ids', () => {
    expect(keysOf({ ...valid, chapters: [] })).toEqual(['standard.chaptersRequired']);
    expect(keysOf({ ...valid, chapters: 'x' })).toEqual(['standard.chaptersRequired']);
    expect(keysOf({ ...valid, chapters: [{ id: 4, description: 'x' }] })).toEqual([
      'standard.chapterInvalid',
    ]);
    expect(keysOf({ ...valid, chapters: ['4.1'] })).toEqual(['standard.chapterInvalid']);
    expect(keysOf({ ...valid, chapters: [{ id: '4', description: ' ' }] })).toEqual([
      'standard.emptyField',
    ]);
    expect(
      keysOf({
        ...valid,
        chapters: [
          { id: '4', description: 'a' },
          { id: '4', description: 'b' },
        ],
      }),
    ).toEqual(['standard.chapterDuplicate']);
  });

  it('the input schema leaves an empty id to be generated', () => {
    expect(standardInputSchema.parse({ ...valid, id: '  ' }).id).toBeUndefined();
    expect(standardInputSchema.parse({ ...valid, id: undefined }).id).toBeUndefined();
    expect(standardInputSchema.safeParse({ ...valid, id: '1x' }).success).toBe(false);
  });

  it('generates the id from the name, unique against existing ids', () => {
    expect(generateStandardId('ISO 9001:2015', [])).toBe('iso-9001-2015');
    expect(generateStandardId('ISO 9001:2015', ['ISO-9001-2015'])).toBe('iso-9001-2015-2');
    expect(generateStandardId('Qualität', ['qualitaet', 'qualitaet-2'])).toBe('qualitaet-3');
    expect(generateStandardId('9001', [])).toBe('std-9001');
    expect(generateStandardId('§§', [])).toBe('standard');
    expect(generateStandardId('A', [])).toBe('a-std');
    expect(generateStandardId('x'.repeat(40), ['x'.repeat(32)])).toBe(`${'x'.repeat(30)}-2`);
  });

  it('a generated id is always valid and new', () => {
    fc.assert(
      fc.property(fc.string(), fc.array(fc.string()), (name, existing) => {
        const id = generateStandardId(name, existing);
        expect(standardIdSchema.safeParse(id).success).toBe(true);
        expect(STANDARD_ID_PATTERN.test(id)).toBe(true);
        expect(existing.map((known) => known.toLowerCase())).not.toContain(id.toLowerCase());
      }),
    );
  });
});
