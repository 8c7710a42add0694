import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readSemicolonCsv, splitCsvRecords } from './semicolon-csv.parser';

describe('semicolon CSV', () => {
  it('splits on semicolons; quoted fields keep ; line breaks and doubled quotes', () => {
    const records = splitCsvRecords('a;"b;c";"say ""hi"""\r\n"x\ny";z\n');
    expect(records.map((record) => record.fields)).toEqual([
      ['a', 'b;c', 'say "hi"'],
      ['x\ny', 'z'],
    ]);
    expect(records.map((record) => record.line)).toEqual([1, 2]);
  });

  it('counts lines across a quoted line break and accepts \\r line ends', () => {
    const records = splitCsvRecords('h\r"1\r\n2"\rnext');
    expect(records.map((record) => record.line)).toEqual([1, 2, 4]);
  });

  it('keeps a quote in the middle of an unquoted field and text after a closing quote', () => {
    expect(splitCsvRecords('5" screen;"a"b')[0]?.fields).toEqual(['5" screen', 'ab']);
  });

  it('reads the header, trims values, skips blank lines, pads missing fields', () => {
    const table = readSemicolonCsv('\uFEFF Text ;No\n\n ;;\n  hello ; 2 \nonly\n');
    expect(table.header).toEqual(['Text', 'No']);
    expect(table.rows).toEqual([
      {
        line: 4,
        values: new Map([
          ['text', 'hello'],
          ['no', '2'],
        ]),
      },
      {
        line: 5,
        values: new Map([
          ['text', 'only'],
          ['no', ''],
        ]),
      },
    ]);
    expect(table.errors).toEqual([]);
  });

  it('reports an unterminated quote and drops that record', () => {
    const table = readSemicolonCsv('text\nok\n"broken\nrest');
    expect(table.rows.map((row) => row.values.get('text'))).toEqual(['ok']);
    expect(table.errors).toEqual([
      { key: 'import.csv.unterminatedQuote', row: 3, params: { row: 3 } },
    ]);
  });

  it('reports an empty file', () => {
    expect(readSemicolonCsv(' \n\n').errors[0]?.key).toBe('import.csv.empty');
  });

  it('treats columns named like object members as plain data', () => {
    const table = readSemicolonCsv('constructor;__proto__\na;b');
    expect(table.rows[0]?.values.get('constructor')).toBe('a');
    expect(table.rows[0]?.values.get('__proto__')).toBe('b');
  });

  it('round-trips any fields written with quoting', () => {
    const field = fc.string();
    fc.assert(
      fc.property(
        fc.array(fc.array(field, { minLength: 1, maxLength: 4 }), { minLength: 1 }),
        (rows) => {
          const text = rows
            .map((row) => row.map((value) => `"${value.replace(/"/g, '""')}"`).join(';'))
            .join('\n');
          const parsed = splitCsvRecords(text).map((record) => record.fields);
          // A lone "" record at the end is indistinguishable from nothing.
          expect(parsed).toEqual(
            rows.length && rows.at(-1)?.join('') === '' && rows.at(-1)?.length === 1
              ? rows.slice(0, -1)
              : rows,
          );
        },
      ),
    );
  });

  it('never throws on any text', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme' }), (text) => {
        readSemicolonCsv(text);
      }),
    );
  });
});
