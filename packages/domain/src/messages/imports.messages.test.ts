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
    expect(text('standard.nameLength', 'en')).toBe('Name length invalid 2-32 characters');
    expect(text('autocompletion.noChanges', 'en')).toBe('no changes found');
    expect(text('autocompletion.saved', 'de', { title: 'Teile' })).toBe('Teile gespeichert');
  });

  it('reads correctly in German and English (review of the wording)', () => {
    const text = (key: string, language: 'de' | 'en', params = {}) =>
      formatMessage(importMessages, { key, params }, language);
    // SPEC section 8: '{title} speichern fehlgeschlagen' plus the reason.
    expect(text('autocompletion.saveFailed', 'de', { title: 'Teile', reason: 'offline' })).toBe(
      'Teile speichern fehlgeschlagen: offline',
    );
    expect(text('import.auditItems.chapterUnmappable', 'de', { chapterId: '4.2', row: 3 })).toBe(
      'Kapitel-ID nicht zuordenbar: 4.2 (Zeile 3)',
    );
    expect(text('import.auditItems.chapterUnmappable', 'en', { chapterId: '4.2', row: 3 })).toBe(
      'Chapter Id unmappable: 4.2 (row 3)',
    );
    expect(text('autocompletion.dataInvalid', 'de')).toBe(
      'AutoComplete-Daten ungültig: erwartet wird eine Liste von Einträgen mit ID und Name als Text',
    );
    const params = { row: 2, value: 'x', allowed: '0, 1, 3, 9', fallback: 1 };
    expect(text('import.auditItems.importanceInvalid', 'de', params)).toBe(
      'Zeile 2: Wichtigkeit „x“ ungültig (erlaubt: 0, 1, 3, 9), „nicht definiert“ wird verwendet',
    );
    expect(text('import.auditItems.weightInvalid', 'de', params)).toBe(
      'Zeile 2: Gewichtung „x“ ist keine ganze Zahl ≥ 0, 1 wird verwendet',
    );
    expect(text('import.auditItems.weightInvalid', 'en', params)).toBe(
      'Row 2: weight "x" is not a whole number ≥ 0, 1 is used',
    );
    for (const [key, entry] of Object.entries(importMessages)) {
      // German writes "ID"; English lower-cases "characters" mid-sentence.
      expect(entry.de, key).not.toMatch(/\bId\b/);
      expect(entry.en, key).not.toMatch(/\bCharacters\b/);
    }
  });
});
