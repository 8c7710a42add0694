import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { questionSchema } from '../audit/audit-item.schema';
import { DEFAULT_AUDITITEM_CONFIG } from '../config/audititem.config';
import { formatMessage } from '../messages/message';
import { importMessages } from '../messages/imports.messages';
import { parseAuditItemCsv, type AuditItemCsvContext } from './audit-item-csv.parser';
import { decodeLatin1Csv } from './text-decoding';

const context: AuditItemCsvContext = {
  standard: {
    id: 'iso9001',
    chapters: [
      { id: '4.1', description: 'Context of the organisation' },
      { id: 'A.1', description: 'Annex' },
    ],
  },
  categories: [
    { id: 'leadership', name: 'Führung' },
    { id: 'support', name: 'Unterstützung' },
  ],
};

const HEADER =
  'text;hint;description;category;category_id;subcategory;no;importance;chapter_id;weight';

describe('audit item CSV import', () => {
  it('imports a full row as question data plus weight', () => {
    const report = parseAuditItemCsv(
      `${HEADER}\n Is there a policy? ; see 5.2 ;"Policy; signed";Führung;leadership;Policy;2.1.3a;9;4.1, A.1;3\n`,
      context,
    );
    expect(report.errors).toEqual([]);
    expect(report.warnings).toEqual([]);
    expect(report.records).toEqual([
      {
        question: {
          text: 'Is there a policy?',
          hint: 'see 5.2',
          description: 'Policy; signed',
          category: 'Führung',
          category_id: 'leadership',
          subcategory: 'Policy',
          no: '2.1.3a',
          importance: '9',
          chapters: [
            { id: '4.1', standard: 'iso9001', description: 'Context of the organisation' },
            { id: 'A.1', standard: 'iso9001', description: 'Annex' },
          ],
        },
        Weight: 3,
      },
    ]);
    expect(questionSchema.safeParse(report.records[0]?.question).success).toBe(true);
  });

  it('requires a header row with a text column', () => {
    expect(parseAuditItemCsv('question;no\nA;1').errors).toEqual([
      { key: 'import.csv.headerMissing', params: { column: 'text' } },
    ]);
    expect(parseAuditItemCsv('').errors[0]?.key).toBe('import.csv.empty');
  });

  it('matches header names case-insensitively and warns about unknown columns', () => {
    const report = parseAuditItemCsv('Text;Weight;Comment\nA;2;x');
    expect(report.records[0]?.Weight).toBe(2);
    expect(report.warnings).toEqual([
      { key: 'import.csv.unknownColumn', params: { column: 'Comment' } },
    ]);
  });

  it('ignores a row without text and reports it with its line number', () => {
    const report = parseAuditItemCsv('text;no\nA;1\n\n;2\nB;3');
    expect(report.records.map((item) => item.question.text)).toEqual(['A', 'B']);
    expect(report.errors).toEqual([{ key: 'import.csv.invalidRow', row: 4, params: { row: 4 } }]);
  });

  it('needs at least one valid item', () => {
    const report = parseAuditItemCsv('text;no\n;1');
    expect(report.records).toEqual([]);
    expect(report.errors.map((issue) => issue.key)).toEqual([
      'import.csv.invalidRow',
      'import.auditItems.noValidItem',
    ]);
    expect(parseAuditItemCsv('text').errors.map((issue) => issue.key)).toEqual([
      'import.auditItems.noValidItem',
    ]);
  });

  it('weight: digits only, else 1 (the default import weight)', () => {
    const report = parseAuditItemCsv('text;weight\nA;7\nB;\nC;2.5\nD;-1\nE;0');
    expect(report.records.map((item) => item.Weight)).toEqual([7, 1, 1, 1, 0]);
    expect(report.warnings.map((issue) => [issue.row, issue.params?.value])).toEqual([
      [4, '2.5'],
      [5, '-1'],
    ]);
  });

  it('no: digits with dotted parts and trailing letters, else the data-row index', () => {
    const report = parseAuditItemCsv('text;no\nA;2\nB;2.1\nC;2.1.3a\nD;x1\nE;\nF;2.\nG;1.a');
    expect(report.records.map((item) => item.question.no)).toEqual([
      '2',
      '2.1',
      '2.1.3a',
      '4',
      '5',
      '6',
      '7',
    ]);
    expect(report.warnings.map((issue) => issue.key)).toEqual([
      'import.auditItems.noInvalid',
      'import.auditItems.noInvalid',
      'import.auditItems.noInvalid',
    ]);
  });

  it("importance: '0', '1', '3', '9' or empty (not defined); others become not defined", () => {
    const report = parseAuditItemCsv('text;importance\nA;0\nB;1\nC;3\nD;9\nE;\nF;2\nG;high');
    expect(report.records.map((item) => item.question.importance)).toEqual([
      '0',
      '1',
      '3',
      '9',
      '',
      '',
      '',
    ]);
    expect(report.warnings.map((issue) => issue.row)).toEqual([7, 8]);
  });

  it('splits chapter ids on commas; unknown chapter numbers are kept as unmappable', () => {
    const report = parseAuditItemCsv('text;chapter_id\nA;"4.1, 8.5.1,,4.1"\nB;Z9', context);
    expect(report.records[0]?.question.chapters).toEqual([
      { id: '4.1', standard: 'iso9001', description: 'Context of the organisation' },
      { id: '8.5.1', standard: 'iso9001', description: 'Kapitel 8.5.1' },
    ]);
    expect(report.records[1]?.question.chapters).toEqual([]);
    expect(report.warnings).toEqual([
      {
        key: 'import.auditItems.chapterUnmappable',
        row: 2,
        params: { row: 2, chapterId: '8.5.1' },
      },
      { key: 'import.auditItems.chapterInvalid', row: 3, params: { row: 3, chapterId: 'Z9' } },
    ]);
    const english = parseAuditItemCsv('text;chapter_id\nA;7', { language: 'en' });
    expect(english.records[0]?.question.chapters).toEqual([
      { id: '7', standard: '', description: 'Chapter 7' },
    ]);
  });

  it('category: id and name matched; a different name for a known id is only asserted', () => {
    const report = parseAuditItemCsv(
      'text;category;category_id\nA;Führung;leadership\nB;Leitung;leadership\nC;;support\nD;unterstützung;',
      context,
    );
    expect(
      report.records.map((item) => [item.question.category_id, item.question.category]),
    ).toEqual([
      ['leadership', 'Führung'],
      ['leadership', 'Führung'],
      ['support', 'Unterstützung'],
      ['support', 'Unterstützung'],
    ]);
    expect(report.warnings).toEqual([
      {
        key: 'import.auditItems.categoryNameMismatch',
        row: 3,
        params: { row: 3, categoryId: 'leadership', name: 'Leitung', knownName: 'Führung' },
      },
    ]);
    expect(report.newCategories).toEqual([]);
  });

  it('category: a name only generates a stable, unique id', () => {
    const report = parseAuditItemCsv(
      'text;category;category_id\nA;Messmittel & Prüfung;\nB;Messmittel & Prüfung;\nC;Support;\nD;Neu;neu\nE;;ghost\nF;;ghost\nG;!!!;',
      { categories: [{ id: 'support', name: 'Unterstützung' }] },
    );
    expect(report.records.map((item) => item.question.category_id)).toEqual([
      'messmittel-pruefung',
      'messmittel-pruefung',
      'support-2',
      'neu',
      'ghost',
      'ghost',
      'category',
    ]);
    expect(report.newCategories).toEqual([
      { id: 'messmittel-pruefung', name: 'Messmittel & Prüfung' },
      { id: 'support-2', name: 'Support' },
      { id: 'neu', name: 'Neu' },
      { id: 'category', name: '!!!' },
    ]);
    // An unknown bare id is reported once.
    expect(
      report.warnings.filter((issue) => issue.key === 'import.auditItems.categoryUnknown'),
    ).toHaveLength(1);
  });

  it('never throws, and every row without text is reported by its line', () => {
    const cell = fc.string().map((value) => value.replace(/[;"\r\n]/g, ''));
    fc.assert(
      fc.property(fc.array(fc.tuple(cell, cell, cell, cell)), (rows) => {
        const lines = rows.map((cells) => cells.join(';'));
        const report = parseAuditItemCsv(['text;no;weight;importance', ...lines].join('\n'));
        const expectedInvalid = lines.flatMap((line, index) => {
          const blank = line.split(';').every((value) => value.trim() === '');
          return !blank && line.split(';')[0]?.trim() === '' ? [index + 2] : [];
        });
        const reported = report.errors
          .filter((issue) => issue.key === 'import.csv.invalidRow')
          .map((issue) => issue.row);
        expect(reported).toEqual(expectedInvalid);
        for (const item of report.records) {
          expect(questionSchema.safeParse(item.question).success).toBe(true);
          expect(Number.isInteger(item.Weight) && item.Weight >= 0).toBe(true);
        }
        expect(report.records.length === 0).toBe(
          report.errors.some((issue) => issue.key === 'import.auditItems.noValidItem'),
        );
      }),
    );
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme' }), (text) => {
        parseAuditItemCsv(text, context);
      }),
    );
  });

  it('each bad weight, no or importance cell gives exactly one warning with its row', () => {
    const cell = fc.string({ maxLength: 6 }).map((value) => value.replace(/[;"\r\n]/g, '').trim());
    const weight = fc.oneof(cell, fc.nat(99).map(String));
    const no = fc.oneof(cell, fc.constantFrom('2', '2.1', '2.1.3a', '10b'));
    const importance = fc.oneof(cell, fc.constantFrom('0', '1', '3', '9'));
    const row = fc.record({ text: fc.constantFrom('Q', 'Frage'), weight, no, importance });
    fc.assert(
      fc.property(fc.array(row, { minLength: 1, maxLength: 12 }), (rows) => {
        const lines = rows.map((r) => [r.text, r.weight, r.no, r.importance].join(';'));
        const report = parseAuditItemCsv(['text;weight;no;importance', ...lines].join('\n'));
        expect(report.errors).toEqual([]);
        const rowsOf = (key: string) =>
          report.warnings.filter((issue) => issue.key === key).map((issue) => issue.row);
        const bad = (test: (r: (typeof rows)[number]) => boolean) =>
          rows.flatMap((r, index) => (test(r) ? [index + 2] : []));
        expect(rowsOf('import.auditItems.weightInvalid')).toEqual(
          bad((r) => r.weight !== '' && !/^\d+$/.test(r.weight)),
        );
        expect(rowsOf('import.auditItems.noInvalid')).toEqual(
          bad((r) => r.no !== '' && !/^\d+(\.\d+)*[A-Za-z]*$/.test(r.no)),
        );
        expect(rowsOf('import.auditItems.importanceInvalid')).toEqual(
          bad((r) => r.importance !== '' && !['0', '1', '3', '9'].includes(r.importance)),
        );
        expect(report.warnings).toHaveLength(
          rowsOf('import.auditItems.weightInvalid').length +
            rowsOf('import.auditItems.noInvalid').length +
            rowsOf('import.auditItems.importanceInvalid').length,
        );
      }),
    );
  });

  it('takes the import importances and the default weight from the configuration', () => {
    const text = 'text;weight;importance\nA;x;5\nB;;1\nC;2;9';
    const report = parseAuditItemCsv(text, {
      importImportances: ['5', '9'],
      defaultImportWeight: 3,
    });
    expect(report.records.map((item) => [item.question.importance, item.Weight])).toEqual([
      ['5', 3],
      ['', 3],
      ['9', 2],
    ]);
    expect(report.warnings.map((issue) => [issue.key, issue.row, issue.params])).toEqual([
      ['import.auditItems.weightInvalid', 2, { row: 2, value: 'x', fallback: 3 }],
      ['import.auditItems.importanceInvalid', 3, { row: 3, value: '1', allowed: '5, 9' }],
    ]);
    // Without a context: the default configuration's '0', '1', '3', '9' and weight 1.
    const defaults = parseAuditItemCsv(text);
    expect(defaults.records.map((item) => [item.question.importance, item.Weight])).toEqual([
      ['', DEFAULT_AUDITITEM_CONFIG.defaultImportWeight],
      ['1', 1],
      ['9', 2],
    ]);
    expect(DEFAULT_AUDITITEM_CONFIG.importImportances).toEqual(['0', '1', '3', '9']);
  });
});

describe('audit item CSV import: VDA 6.3 columns (issue 19)', () => {
  const rows = (lines: string[]) =>
    parseAuditItemCsv(['text;no;category_id;special_risk;sub_element', ...lines].join('\n'));

  it('special_risk: 1, ja, yes, x, *, true (any case) mark a *-question; 0, nein, no, false, empty do not', () => {
    const yes = ['1', 'ja', 'JA', 'yes', 'Yes', 'x', 'X', '*', 'true', 'TRUE'];
    const no = ['0', 'nein', 'Nein', 'no', 'NO', 'false', ''];
    const report = rows(
      [...yes, ...no].map((value, index) => `Q${index};6.1.${index};6;${value};`),
    );
    expect(report.errors).toEqual([]);
    expect(report.records.map((record) => record.question.specialRisk === true)).toEqual([
      ...yes.map(() => true),
      ...no.map(() => false),
    ]);
    // An ordinary question carries no flag at all.
    expect(report.records.at(-1)!.question).not.toHaveProperty('specialRisk');
  });

  it('special_risk: anything else is a row error with its line, the row ignored', () => {
    const report = rows(['Good;6.1.1;6;x;', 'Bad;6.1.2;6;vielleicht;', 'Also bad;6.1.3;6;2;']);
    expect(report.records.map((record) => record.question.text)).toEqual(['Good']);
    expect(report.errors).toEqual([
      {
        key: 'import.auditItems.specialRiskInvalid',
        row: 3,
        params: { row: 3, value: 'vielleicht' },
      },
      { key: 'import.auditItems.specialRiskInvalid', row: 4, params: { row: 4, value: '2' } },
    ]);
    expect(formatMessage(importMessages, report.errors[0]!, 'de')).toContain(
      'Zeile 3: „vielleicht“ in der Spalte special_risk',
    );
    expect(formatMessage(importMessages, report.errors[0]!, 'en')).toContain(
      'Row 3: "vielleicht" in the column special_risk is neither yes nor no',
    );
  });

  it('sub_element: U1 to U6 (any case) or empty; anything else is a row error', () => {
    const report = rows([
      'A;6.1.1;6;;U3',
      'B;6.1.2;6;;u6',
      'C;6.1.3;6;;',
      'D;6.1.4;6;;U7',
      'E;6;6;;P6',
    ]);
    expect(report.records.map((record) => record.question.vdaSubElement)).toEqual([
      'U3',
      'U6',
      undefined,
    ]);
    expect(report.records[2]!.question).not.toHaveProperty('vdaSubElement');
    expect(report.errors).toEqual([
      { key: 'import.auditItems.subElementInvalid', row: 5, params: { row: 5, value: 'U7' } },
      { key: 'import.auditItems.subElementInvalid', row: 6, params: { row: 6, value: 'P6' } },
    ]);
    for (const record of report.records) {
      expect(questionSchema.safeParse(record.question).success).toBe(true);
    }
    // The columns are known: no "unknown column" warning.
    expect(report.warnings.map((warning) => warning.key)).not.toContain('import.csv.unknownColumn');
  });

  it('reads an ISO-8859-1 file with umlauts and the new columns', () => {
    const latin1 = Uint8Array.from(
      'text;no;category;category_id;special_risk;sub_element\r\n' +
        'Werden fehlerhafte Teile sicher gekennzeichnet?;6.2.4;Serienproduktion;6;ja;\r\n' +
        'Ist die Übergabe in die Serie geregelt?;6.1.1;Serienproduktion;6;nein;U1\r\n' +
        'Größe ändern?;6.4.1;Serienproduktion;6;jä;\r\n',
      (char) => char.charCodeAt(0),
    );
    const report = parseAuditItemCsv(decodeLatin1Csv(latin1));
    expect(report.records.map((record) => record.question)).toMatchObject([
      { text: 'Werden fehlerhafte Teile sicher gekennzeichnet?', no: '6.2.4', specialRisk: true },
      { text: 'Ist die Übergabe in die Serie geregelt?', no: '6.1.1', vdaSubElement: 'U1' },
    ]);
    expect(report.records[1]!.question).not.toHaveProperty('specialRisk');
    expect(report.errors).toEqual([
      { key: 'import.auditItems.specialRiskInvalid', row: 4, params: { row: 4, value: 'jä' } },
    ]);
  });
});
