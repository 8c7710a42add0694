import { describe, expect, it } from 'vitest';
import { importMessages } from './imports.messages';
import { formatMessage } from './message';
import { validationMessages } from './validation.messages';

describe('import messages', () => {
  it('every key has a German and an English text', () => {
    for (const [key, text] of Object.entries(importMessages)) {
      expect(text.de.trim(), key).not.toBe('');
      expect(text.en.trim(), key).not.toBe('');
    }
  });

  it('the keys the schemas use as zod messages exist', () => {
    const schemaKeys = [
      'standard.idPattern',
      'standard.idLength',
      'standard.nameLength',
      'standard.descriptionLength',
      'standard.emptyField',
      'standard.chaptersRequired',
      'standard.chapterInvalid',
      'standard.chapterDuplicate',
      'autocompletion.documentIdInvalid',
      'autocompletion.titleRequired',
      'autocompletion.dataInvalid',
      'autocompletion.duplicateEntry',
    ];
    for (const key of schemaKeys) expect(Object.keys(importMessages)).toContain(key);
  });

  it('shares no key with the validation messages', () => {
    const shared = Object.keys(importMessages).filter((key) => key in validationMessages);
    expect(shared).toEqual([]);
  });

  it('gives the spec texts in both languages', () => {
    const text = (key: string, language: 'de' | 'en', params = {}) =>
      formatMessage(importMessages, { key, params }, language);
    expect(text('import.fieldRequired', 'de')).toBe('Feld darf nicht leer sein');
    expect(text('import.fieldRequired', 'en')).toBe('Field must not be empty');
    expect(text('import.csv.invalidRow', 'en', { row: 4 })).toBe('Invalid CSV Row ignored (row 4)');
    expect(text('import.csv.invalidRow', 'de', { row: 4 })).toBe(
      'Ungültige CSV-Zeile ignoriert (Zeile 4)',
    );
    expect(text('attachment.extensionRequired', 'en')).toBe('Filename requires extension');
    expect(text('standard.emptyField', 'en')).toBe('No empty field allowed');
    expect(text('standard.nameLength', 'en')).toBe('Name length invalid 2-32 Characters');
    expect(text('autocompletion.noChanges', 'en')).toBe('no changes found');
    expect(text('autocompletion.saved', 'de', { title: 'Teile' })).toBe('Teile gespeichert');
  });
});
