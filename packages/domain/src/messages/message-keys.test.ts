import { describe, expect, it } from 'vitest';
import { COMMAND_MESSAGES } from '../commands/commands.messages';
import { ACTIVITY_MESSAGES } from './activity.messages';
import { importMessages } from './imports.messages';
import { REMINDER_MESSAGES } from './reminder.messages';
import { RULES_MESSAGES } from './rules.messages';
import { validationMessages } from './validation.messages';
import { OPERATIONS_MESSAGES } from '../operations/operations.messages';
import { WEBHOOK_MESSAGES } from '../webhooks/webhook.messages';
import { API_MESSAGES } from '../api/api.messages';

declare global {
  interface ImportMeta {
    glob(
      pattern: string | string[],
      options: { query: '?raw'; import: 'default'; eager: true },
    ): Record<string, string>;
  }
}

/**
 * Every message key the package can hand to a user must have a text. The sources are read as
 * text (Vite's import.meta.glob, no file system access) and scanned for key-shaped string
 * literals in the positions where this package produces messages:
 * - properties `key:`, `message:`, `error:` and `...Key:` (DomainMessage objects, zod error
 *   texts, stepper titles), and comparisons `message === '...'`;
 * - the arguments of the helpers that take a key: `importIssue(...)`, `requiredText(...)`.
 * Comments are removed first, so an example in a comment is not mistaken for a key.
 */
const SOURCES = import.meta.glob(['../**/*.ts', '!../**/*.test.ts'], {
  query: '?raw',
  import: 'default',
  eager: true,
});

const KEY = String.raw`[a-z][A-Za-z0-9]*(?:\.[A-Za-z][A-Za-z0-9-]*)+`;
const PROPERTY = new RegExp(
  String.raw`\b(?:key|message|error|\w+Key)\s*(?::|===|!==)\s*'(${KEY})'`,
  'g',
);
const HELPER_CALL = /\b(?:importIssue|requiredText)\s*\(([^()]*)\)/g;
const LITERAL = new RegExp(String.raw`'(${KEY})'`, 'g');

function withoutComments(source: string): string {
  return source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');
}

function producedKeys(): Map<string, string> {
  const keys = new Map<string, string>();
  for (const [path, raw] of Object.entries(SOURCES)) {
    const source = withoutComments(raw);
    for (const match of source.matchAll(PROPERTY)) keys.set(match[1]!, path);
    for (const call of source.matchAll(HELPER_CALL)) {
      for (const match of call[1]!.matchAll(LITERAL)) keys.set(match[1]!, path);
    }
  }
  return keys;
}

const CATALOGS = [
  importMessages,
  validationMessages,
  RULES_MESSAGES,
  COMMAND_MESSAGES,
  ACTIVITY_MESSAGES,
  REMINDER_MESSAGES,
  WEBHOOK_MESSAGES,
  OPERATIONS_MESSAGES,
  API_MESSAGES,
];

describe('message keys', () => {
  const keys = producedKeys();

  it('the scan reads the sources and finds keys in every position it knows', () => {
    expect(Object.keys(SOURCES).length).toBeGreaterThan(50);
    expect(Object.keys(SOURCES).some((path) => path.endsWith('.test.ts'))).toBe(false);
    expect(keys.size).toBeGreaterThan(60);
    for (const sample of [
      'scoring.noCategory', // key:
      'validation.required', // error:
      'qk.table.notAscending', // message:
      'workflow.step.release', // titleKey:
      'import.csv.invalidRow', // importIssue(...)
      'standard.nameLength', // requiredText(...)
      'autocompletion.documentIdInvalid', // message === ...
    ]) {
      expect(keys.has(sample), sample).toBe(true);
    }
  });

  it('every key the package produces has a text in some catalog', () => {
    const missing = [...keys]
      .filter(([key]) => !CATALOGS.some((catalog) => Object.hasOwn(catalog, key)))
      .map(([key, path]) => `${key} (${path})`);
    expect(missing).toEqual([]);
  });
});
