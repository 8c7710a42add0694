import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readSemicolonCsv } from './semicolon-csv.parser';
import { formatSemicolonCsv } from './semicolon-csv.writer';

describe('formatSemicolonCsv', () => {
  it('quotes what needs it, keeps umlauts behind a byte order mark, ends lines with CRLF', () => {
    expect(
      formatSemicolonCsv([
        ['Frage', 'Befund', 'Fotos'],
        ['Lagerplätze; beschriftet?', 'Ein "loses" Kabel\nam Regal', 2],
        ['Maß', null, 0],
      ]),
    ).toBe(
      '\uFEFFFrage;Befund;Fotos\r\n"Lagerplätze; beschriftet?";"Ein ""loses"" Kabel\nam Regal";2\r\nMaß;;0\r\n',
    );
  });

  it('never hands a spreadsheet a formula', () => {
    expect(formatSemicolonCsv([['=HYPERLINK("x")', '+1', '-2', '@SUM(A1)', 'a=b']])).toBe(
      '\uFEFF"\'=HYPERLINK(""x"")";\'+1;\'-2;\'@SUM(A1);a=b\r\n',
    );
  });

  it('reads back through the importers’ parser as written', () => {
    const text = fc.string({ unit: fc.constantFrom('a', 'ä', ';', '"', '\n', ' ', 'x') });
    fc.assert(
      fc.property(fc.array(fc.tuple(text, text), { maxLength: 5 }), (rows) => {
        const safe = rows.map(([a, b]) => [`k${a}`, `k${b}`]);
        const table = readSemicolonCsv(formatSemicolonCsv([['one', 'two'], ...safe]));
        expect(table.rows.map((row) => [row.values.get('one'), row.values.get('two')])).toEqual(
          safe.map(([a, b]) => [a!.trim(), b!.trim()]),
        );
      }),
    );
  });
});
