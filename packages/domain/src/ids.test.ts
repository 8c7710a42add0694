import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MAX_DOCUMENTS_PER_COMMAND } from './commands/audit-access';
import { CONFIG_SEGMENTS } from './config/configuration';
import { DEFAULT_STANDARDS } from './config/default-standards';
import { validationIssueMessages } from './entities/validation-issue';
import { isFileId } from './files/attachment-rules';
import { idSchema, isId, MAX_ID_LENGTH } from './ids';
import { validationMessages } from './messages/validation.messages';
import { formatMessage } from './messages/message';

/** The ids issue 10 found accepted: each must be refused. */
const BAD_IDS = ['\ud800', 'a\udc00b', 'a\u0000b', 'a/b', '..', '.', '<b>x</b>', 'a b', ' a', 'ä'];

const keysOf = (value: unknown) => {
  const parsed = idSchema.safeParse(value);
  return parsed.success ? [] : validationIssueMessages(parsed.error).map((issue) => issue.key);
};

describe('idSchema', () => {
  it.each(BAD_IDS)('refuses %j as an id, saying which characters an id may have', (bad) => {
    expect(keysOf(bad)).toEqual(['validation.id']);
    expect(isId(bad)).toBe(false);
  });

  it('refuses an empty id as missing and a long one with its limit', () => {
    expect(keysOf('')).toEqual(['validation.required']);
    const parsed = idSchema.safeParse('x'.repeat(MAX_ID_LENGTH + 1));
    expect(parsed.success ? [] : validationIssueMessages(parsed.error)).toEqual([
      { key: 'validation.maxLength', params: { field: '', max: 128 } },
    ]);
    expect(keysOf(42)).toEqual(['validation.invalid']);
  });

  it('accepts the ids the code generates', () => {
    const clientId = '0b9e7c4e-6f1c-4d7e-9c1a-2f5d8e3b1a00';
    const longestClientId = 'c'.repeat(64);
    const generated = [
      clientId,
      'F47AC10B-58CC-4372-A567-0E02B2C3D479',
      // apps/web/src/lib/sync/command-ids.ts and the server's newId: clientId-mutationId-n.
      `${clientId}-1-1`,
      `${longestClientId}-${Number.MAX_SAFE_INTEGER}-${MAX_DOCUMENTS_PER_COMMAND}`,
      'x'.repeat(MAX_ID_LENGTH),
      'a_B-9',
      ...DEFAULT_STANDARDS.map((standard) => standard.id),
      ...CONFIG_SEGMENTS,
    ];
    for (const id of generated) expect(keysOf(id), id).toEqual([]);
  });

  it('is exactly ID_PATTERN, the pattern file ids are checked with', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string({ unit: fc.constantFrom(...'aZ09-_./ <>\u0000\ud800é'), maxLength: 140 }),
          fc.string({
            unit: fc.integer({ min: 0, max: 0xffff }).map((code) => String.fromCharCode(code)),
            maxLength: 10,
          }),
        ),
        (value) => {
          const valid = /^[A-Za-z0-9_-]{1,128}$/.test(value);
          expect(idSchema.safeParse(value).success).toBe(valid);
          expect(isId(value)).toBe(valid);
          expect(isFileId(value)).toBe(valid);
        },
      ),
    );
  });

  it('has a message in both languages', () => {
    const message = { key: 'validation.id' };
    expect(formatMessage(validationMessages, message, 'en')).toContain('letters');
    expect(formatMessage(validationMessages, message, 'de')).toContain('Buchstaben');
  });
});
