import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { standardSchema } from '../entities/standard.schema';
import {
  buildStandard,
  parseStandardChaptersCsv,
  parseStandardChaptersJson,
  parseStandardImport,
} from './standard.parser';

const form = { name: 'ISO 9001', description: 'Quality management' };
const context = { existingIds: ['iso14001'] };

describe('standard import', () => {
  it('reads chapters from a JSON array, trimmed; bad entries by position', () => {
    expect(parseStandardChaptersJson('[{"id":" 4 ","description":" Context "}]')).toEqual({
      records: [{ id: '4', description: 'Context' }],
      errors: [],
      warnings: [],
    });
    const report = parseStandardChaptersJson(
      '[{"id":"4","description":"a"},{"id":5,"description":"b"},{"id":"6","description":""},{"id":"4","description":"c"}]',
    );
    expect(report.records).toEqual([
      { id: '4', description: 'a' },
      { id: '4', description: 'c' },
    ]);
    expect(report.errors.map((issue) => [issue.key, issue.row])).toEqual([
      ['standard.chapterInvalid', 2],
      ['standard.emptyField', 3],
    ]);
    expect(parseStandardChaptersJson('[]').errors[0]?.key).toBe('standard.chaptersRequired');
    expect(parseStandardChaptersJson('{"a":1}').errors[0]?.key).toBe('standard.chaptersRequired');
    expect(parseStandardChaptersJson('[oops').errors[0]?.key).toBe('import.json.invalid');
  });

  it('reads chapters from a semicolon CSV with id and description columns', () => {
    const report = parseStandardChaptersCsv(
      'ID;Description\n4.1;"Context; scope"\n4.2;\n\n5;Leadership',
    );
    expect(report.records).toEqual([
      { id: '4.1', description: 'Context; scope' },
      { id: '5', description: 'Leadership' },
    ]);
    expect(report.errors).toEqual([{ key: 'standard.emptyField', row: 3, params: { row: 3 } }]);
    expect(parseStandardChaptersCsv('id;text\n1;a').errors).toEqual([
      { key: 'import.csv.headerMissing', params: { column: 'description' } },
    ]);
    expect(parseStandardChaptersCsv('id;description').errors[0]?.key).toBe(
      'standard.chaptersRequired',
    );
  });

  it('builds the standard from the form and generates a missing id', () => {
    const report = parseStandardImport('id;description\n4;Context', form, context);
    expect(report.errors).toEqual([]);
    expect(report.records).toEqual([
      { id: 'iso-9001', ...form, chapters: [{ id: '4', description: 'Context' }] },
    ]);
  });

  it('accepts a whole standard as a JSON object; its fields win over the form', () => {
    const report = parseStandardImport(
      JSON.stringify({
        id: 'vda63',
        name: 'VDA 6.3',
        chapters: [{ id: 'P2', description: 'Project management' }],
      }),
      form,
      context,
    );
    expect(report.records[0]).toMatchObject({
      id: 'vda63',
      name: 'VDA 6.3',
      description: 'Quality management',
    });
  });

  it('rejects a taken id, bad form fields and any bad chapter', () => {
    expect(
      parseStandardImport('[{"id":"4","description":"x"}]', { ...form, id: 'ISO14001' }, context)
        .errors,
    ).toEqual([{ key: 'standard.idTaken', params: { id: 'ISO14001' } }]);
    expect(
      parseStandardImport('[{"id":"4","description":"x"}]', { ...form, name: 'I' }, context),
    ).toMatchObject({ records: [], errors: [{ key: 'standard.nameLength' }] });
    expect(
      parseStandardImport('[{"id":"4"}]', form, context).errors.map((issue) => issue.key),
    ).toEqual(['standard.chapterInvalid']);
    expect(parseStandardImport('{"chapters": [', form, context).errors[0]?.key).toBe(
      'import.json.invalid',
    );
    expect(buildStandard(null, context).errors.length).toBeGreaterThan(0);
    // A repeated chapter id is reported once, by standardSchema, at its second position.
    const duplicate = {
      key: 'standard.chapterDuplicate',
      params: { chapterId: '4', field: 'chapters.1.id' },
    };
    expect(
      parseStandardImport(
        '[{"id":"4","description":"a"},{"id":"4","description":"b"}]',
        form,
        context,
      ).errors,
    ).toEqual([duplicate]);
    expect(parseStandardImport('id;description\n4;a\n4;b', form, context).errors).toEqual([
      duplicate,
    ]);
    const twice = { id: '4', description: 'x' };
    expect(buildStandard({ ...form, chapters: [twice, twice] }, context).errors).toEqual([
      {
        key: 'standard.chapterDuplicate',
        params: { chapterId: '4', field: 'chapters.1.id' },
      },
    ]);
  });

  it('never throws on any text and never returns an invalid standard', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: 'grapheme' }),
        fc.string(),
        fc.string(),
        (text, name, description) => {
          const report = parseStandardImport(text, { name, description }, context);
          expect(report.records.length + Math.min(report.errors.length, 1)).toBe(1);
          for (const record of report.records) {
            expect(standardSchema.safeParse(record).success).toBe(true);
            expect(context.existingIds).not.toContain(record.id.toLowerCase());
          }
        },
      ),
    );
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        const report = parseStandardImport(JSON.stringify(value) ?? '', form, context);
        expect(report.records.length === 1 || report.errors.length > 0).toBe(true);
        for (const record of report.records) {
          expect(standardSchema.safeParse(record).success).toBe(true);
        }
      }),
    );
    // Inputs mostly valid, so that records do come out (and each must be valid).
    const text = fc.oneof(fc.string({ maxLength: 40 }), fc.constantFrom(' ', 'ab', 'Quality'));
    const chapter = fc.oneof(
      {
        weight: 4,
        arbitrary: fc.record({ id: fc.stringMatching(/^\d(\.\d){0,2}$/), description: text }),
      },
      { weight: 1, arbitrary: fc.record({ id: text, description: text }) },
    );
    const fieldsArb = fc.oneof(
      {
        weight: 4,
        arbitrary: fc.constant({ id: 'iso-x', name: 'Quality', description: 'Quality management' }),
      },
      { weight: 1, arbitrary: fc.record({ id: text, name: text, description: text }) },
    );
    let records = 0;
    fc.assert(
      fc.property(fc.array(chapter, { maxLength: 4 }), fieldsArb, (chapters, fields) => {
        const report = parseStandardImport(JSON.stringify({ ...fields, chapters }), {}, context);
        records += report.records.length;
        for (const record of report.records) {
          expect(standardSchema.safeParse(record).success).toBe(true);
        }
      }),
      { numRuns: 300 },
    );
    expect(records).toBeGreaterThan(0);
  });
});
