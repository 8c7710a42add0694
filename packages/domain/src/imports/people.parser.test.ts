import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parsePeopleCsv, parsePeopleJson } from './people.parser';
import { decodeLatin1Csv } from './text-decoding';

const bytes = (...values: number[]) => Uint8Array.from(values);
const ascii = (text: string) => Array.from(text, (char) => char.charCodeAt(0));

describe('people import', () => {
  it('reads a JSON array; displayName required, e-mail lowercased, roles default to user', () => {
    const report = parsePeopleJson(
      JSON.stringify([
        { displayName: ' Erika Muster ', email: ' Erika@Example.COM ', roles: ['auditor', 'qm'] },
        { displayName: 'Max' },
        { displayName: 42 },
        { displayName: 'Bad', email: 'no-at-sign' },
        { displayName: 'Roles', roles: ['root'] },
        { displayName: 'Again', email: 'erika@example.com' },
        'Just a name',
        { displayName: 'Csv roles', roles: 'auditor, admin' },
      ]),
    );
    expect(report.records).toEqual([
      { displayName: 'Erika Muster', email: 'erika@example.com', roles: ['auditor', 'qm'] },
      { displayName: 'Max', email: null, roles: ['user'] },
      { displayName: 'Csv roles', email: null, roles: ['auditor', 'admin'] },
    ]);
    expect(report.errors.map((issue) => [issue.key, issue.row])).toEqual([
      ['person.nameRequired', 3],
      ['person.emailInvalid', 4],
      ['import.people.rolesInvalid', 5],
      ['import.people.duplicateEmail', 6],
      ['import.entryNotObject', 7],
    ]);
  });

  it('needs a JSON array with at least one valid entry', () => {
    expect(parsePeopleJson('[]').errors[0]?.key).toBe('import.notAList');
    expect(parsePeopleJson('{"displayName":"x"}').errors[0]?.key).toBe('import.notAList');
    expect(parsePeopleJson('nope').errors[0]?.key).toBe('import.json.invalid');
    expect(parsePeopleJson('[{}]').errors.map((issue) => issue.key)).toEqual([
      'person.nameRequired',
      'import.noRecords',
    ]);
  });

  it('decodes CSV bytes as ISO-8859-1 so umlauts survive', () => {
    // "displayName;email\nJürgen Öß;j@x.de\nÄnne Mäy;" in ISO-8859-1
    const csv = bytes(
      ...ascii('displayName;email;roles\nJ'),
      0xfc,
      ...ascii('rgen '),
      0xd6,
      0xdf,
      ...ascii(';J@X.de;auditor\n'),
      0xc4,
      ...ascii('nne M'),
      0xe4,
      ...ascii('y;;\n'),
    );
    const report = parsePeopleCsv(csv);
    expect(report.errors).toEqual([]);
    expect(report.records).toEqual([
      { displayName: 'Jürgen Öß', email: 'j@x.de', roles: ['auditor'] },
      { displayName: 'Änne Mäy', email: null, roles: ['user'] },
    ]);
  });

  it('maps 0x80-0x9F like browsers (windows-1252) and honours a UTF-8 byte order mark', () => {
    expect(decodeLatin1Csv(bytes(0xe4, 0xf6, 0xfc, 0xdf, 0xc4, 0xd6, 0xdc))).toBe('äöüßÄÖÜ');
    expect(decodeLatin1Csv(bytes(0x80, 0x84, 0x93, 0x81))).toBe('€„“\u0081');
    expect(decodeLatin1Csv(bytes(0xef, 0xbb, 0xbf, 0xc3, 0xa4))).toBe('ä');
    const long = new Uint8Array(20000).fill(0xe4);
    expect(decodeLatin1Csv(long)).toBe('ä'.repeat(20000));
  });

  it('reports CSV rows by line and needs a name column', () => {
    const report = parsePeopleCsv(bytes(...ascii('name;email\nA;a@x.de\n;b@x.de\nC;bad')));
    expect(report.records.map((person) => person.displayName)).toEqual(['A']);
    expect(report.errors.map((issue) => [issue.key, issue.row])).toEqual([
      ['person.nameRequired', 3],
      ['person.emailInvalid', 4],
    ]);
    expect(parsePeopleCsv(bytes(...ascii('email\na@x.de'))).errors).toEqual([
      { key: 'import.csv.headerMissing', params: { column: 'displayName' } },
    ]);
    expect(parsePeopleCsv(bytes()).errors[0]?.key).toBe('import.csv.empty');
  });

  it('never throws on any bytes or text', () => {
    fc.assert(
      fc.property(fc.uint8Array(), (input) => {
        parsePeopleCsv(input);
      }),
    );
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        const report = parsePeopleJson(JSON.stringify(value) ?? '');
        expect(report.records.length > 0 || report.errors.length > 0).toBe(true);
      }),
    );
  });
});
