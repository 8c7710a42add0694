import { describe, expect, it } from 'vitest';
import { COMMAND_MESSAGES } from '../commands/commands.messages';
import { formatMessage } from './message';
import { importMessages } from './imports.messages';
import { RULES_MESSAGES } from './rules.messages';
import { validationMessages } from './validation.messages';

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

const ALL_MESSAGES = [
  ...Object.entries(validationMessages),
  ...Object.entries(importMessages),
  ...Object.entries(RULES_MESSAGES),
  ...Object.entries(COMMAND_MESSAGES),
];

describe('all message catalogs', () => {
  it.each(ALL_MESSAGES)('%s has both languages with the same placeholders', (_key, text) => {
    expect(text.de.trim()).not.toBe('');
    expect(text.en.trim()).not.toBe('');
    expect(placeholders(text.de)).toEqual(placeholders(text.en));
  });
});

describe('validation messages', () => {
  it('uses dotted keys that no other catalogue defines', () => {
    for (const key of Object.keys(validationMessages)) {
      expect(key).toMatch(/^[a-z]+(\.[A-Za-z0-9]+)+$/);
      expect(importMessages).not.toHaveProperty(key);
      expect(RULES_MESSAGES).not.toHaveProperty(key);
    }
  });

  it.each([
    ['validation.required', {}, 'Item is required'],
    ['validation.maxLength', { max: 140 }, 'Max 140 characters'],
    ['validation.invalidJson', {}, 'This field requires valid JSON input'],
    ['confirm.deleteMeasure', {}, 'Are you sure you want to delete this measure?'],
    ['confirm.deleteAuditItem', {}, 'Are you sure you want to delete this audit item?'],
    ['confirm.deleteItem', {}, 'Are you sure you want to delete this item?'],
    ['success.auditUpdated', {}, 'Audit updated successfully'],
    ['success.auditItemCreated', {}, 'Audit item successfully created'],
    ['success.auditItemUpdated', {}, 'Audit item update successful'],
    ['success.userCreated', {}, 'User creation successful'],
    ['success.userUpdated', {}, 'User update successful'],
    ['upload.succeeded', { fileName: 'a.pdf' }, 'Upload successful: a.pdf'],
    ['upload.failed', { fileName: 'a.pdf' }, 'Upload failed: a.pdf'],
    ['user.refUnresolved', { id: 'u1' }, 'UserRef (u1) unresolved'],
    ['user.refFallback', { id: 'u1' }, 'User: u1'],
    ['measure.auditMissing', {}, 'Audit not present anymore'],
    ['error.documentNotFound', {}, '404 Document not found'],
  ])('%s reads as the spec says in English', (key, params, text) => {
    expect(formatMessage(validationMessages, { key, params }, 'en')).toBe(text);
  });

  it.each([
    ['app.offline', 'Die Anwendung ist offline.'],
    ['app.online', 'Die Anwendung ist wieder online.'],
    [
      'app.unloadWhileOffline',
      // The spec writes "wieder Online"; corrected to lower case like 'app.online'.
      'Ihre Änderungen werden eventuell nicht gespeichert. Bitte gehen Sie wieder online.',
    ],
  ])('%s reads as the spec says in German', (key, text) => {
    expect(formatMessage(validationMessages, { key }, 'de')).toBe(text);
  });

  it('mentions the code no-audit-active in both languages', () => {
    expect(validationMessages['audit.noAuditActive'].en).toContain('no-audit-active');
    expect(validationMessages['audit.noAuditActive'].de).toContain('no-audit-active');
  });
});
