import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DEFAULT_USER_CONFIG } from '../config/user.config';
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

  it('gives an entry without roles the configured default roles', () => {
    const json = parsePeopleJson('[{"displayName":"A"},{"displayName":"B","roles":"qm"}]', {
      defaultRoles: ['auditor'],
    });
    expect(json.records.map((person) => person.roles)).toEqual([['auditor'], ['qm']]);
    const csv = parsePeopleCsv(bytes(...ascii('name\nA')), { defaultRoles: ['auditor', 'qm'] });
    expect(csv.records[0]?.roles).toEqual(['auditor', 'qm']);
    expect(parsePeopleJson('[{"displayName":"A"}]').records[0]?.roles).toEqual(
      DEFAULT_USER_CONFIG.defaultRoles,
    );
  });

  it('reports every bad JSON entry by its position, and keeps every good one', () => {
    const bad = fc.constantFrom<unknown>(
      'Just a name',
      null,
      42,
      [],
      {},
      { displayName: '   ' },
      { displayName: 7 },
      { displayName: 'X', email: 'no-at-sign' },
      { displayName: 'X', email: 3 },
      { displayName: 'X', roles: ['root'] },
      { displayName: 'X', roles: 'user, user' },
      { displayName: 'X', roles: 5 },
    );
    const good = fc.record(
      {
        displayName: fc.string({ minLength: 1 }).filter((name) => name.trim() !== ''),
        withEmail: fc.boolean(),
        roles: fc.constantFrom(undefined, '', ['auditor'], 'qm, admin'),
      },
      { requiredKeys: ['displayName', 'withEmail'] },
    );
    const entry = fc.oneof(
      bad.map((value) => ({ bad: true as const, value })),
      good.map((value) => ({ bad: false as const, value })),
    );
    fc.assert(
      fc.property(fc.array(entry, { minLength: 1, maxLength: 15 }), (entries) => {
        // A unique e-mail per good entry, so duplicates cannot hide a result.
        const values = entries.map(({ bad: isBad, value }, index) => {
          if (isBad) return value;
          const { withEmail, ...person } = value as { withEmail: boolean; displayName: string };
          return withEmail ? { ...person, email: `p${index}@example.com` } : person;
        });
        const report = parsePeopleJson(JSON.stringify(values));
        const badRows = entries.flatMap(({ bad: isBad }, index) => (isBad ? [index + 1] : []));
        const rowErrors = report.errors.filter((issue) => issue.row !== undefined);
        expect(rowErrors.map((issue) => issue.row)).toEqual(badRows);
        expect(report.records).toHaveLength(entries.length - badRows.length);
        expect(report.errors.some((issue) => issue.key === 'import.noRecords')).toBe(
          badRows.length === entries.length,
        );
      }),
    );
  });

  it('reports every bad CSV row by its line, and keeps every good one', () => {
    const name = fc.stringMatching(/^[A-Za-z\u00c0-\u00ff][A-Za-z\u00c0-\u00ff ]{0,10}$/);
    const row = fc.oneof(
      fc.record({
        bad: fc.constant(false),
        name,
        email: fc.boolean(),
        roles: fc.constantFrom('', 'auditor', 'qm,admin'),
      }),
      fc.record({
        bad: fc.constant(true),
        name: fc.constantFrom('', 'Bad'),
        email: fc.boolean(),
        roles: fc.constantFrom('root', 'user,user'),
      }),
      fc.record({
        bad: fc.constant(true),
        name: fc.constant(''),
        email: fc.constant(true),
        roles: fc.constant(''),
      }),
    );
    fc.assert(
      fc.property(fc.array(row, { minLength: 1, maxLength: 15 }), (rows) => {
        const lines = rows.map(({ name: displayName, email, roles }, index) =>
          [displayName, email ? `p${index}@example.com` : '', roles].join(';'),
        );
        const text = ['displayName;email;roles', ...lines].join('\n');
        const report = parsePeopleCsv(Uint8Array.from(text, (char) => char.charCodeAt(0)));
        const badLines = rows.flatMap(({ bad: isBad }, index) => (isBad ? [index + 2] : []));
        const rowErrors = report.errors.filter((issue) => issue.row !== undefined);
        expect(rowErrors.map((issue) => issue.row)).toEqual(badLines);
        expect(report.records.map((person) => person.displayName)).toEqual(
          rows
            .filter(({ bad: isBad }) => !isBad)
            .map(({ name: displayName }) => displayName.trim()),
        );
      }),
    );
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
