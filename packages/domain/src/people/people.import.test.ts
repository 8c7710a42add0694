import { describe, expect, it } from 'vitest';
import { importRowsByEmail } from './people.import';

describe('importRowsByEmail', () => {
  it('gives the CSV line of each e-mail (ISO-8859-1, header on line 1)', () => {
    const text = 'name;email\nJürgen;J@Example.com\nÖzlem;\nAnna;anna@example.com\n';
    // ISO-8859-1: one byte per character (ü = 0xFC).
    const csv = Uint8Array.from(text, (char) => char.charCodeAt(0));
    expect(importRowsByEmail({ csv })).toEqual(
      new Map([
        ['j@example.com', 2],
        ['anna@example.com', 4],
      ]),
    );
  });

  it('gives the 1-based entry of a JSON list, the first of repeats', () => {
    const json = JSON.stringify([
      { displayName: 'A', email: 'a@example.com' },
      { displayName: 'B' },
      { displayName: 'C', email: 'A@example.com' },
    ]);
    expect(importRowsByEmail({ json })).toEqual(new Map([['a@example.com', 1]]));
    expect(importRowsByEmail({ json: 'not json' })).toEqual(new Map());
  });
});
