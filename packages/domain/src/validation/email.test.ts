import { describe, expect, it } from 'vitest';
import { importMessages } from '../messages/imports.messages';
import { formatMessage } from '../messages/message';
import { isValidEmail, validateEmail, validateNewPersonFields } from './email';

describe('e-mail and new person', () => {
  it('uses the zod e-mail check', () => {
    expect(isValidEmail(' erika@example.com ')).toBe(true);
    expect(isValidEmail('erika@example')).toBe(false);
    expect(isValidEmail('erika.example.com')).toBe(false);
  });

  it('e-mail is required, then must be valid', () => {
    expect(validateEmail('')).toEqual({ key: 'person.emailRequired' });
    expect(validateEmail(null)).toEqual({ key: 'person.emailRequired' });
    expect(validateEmail('x@')).toEqual({
      key: 'person.emailInvalid',
      params: { example: 'name@example.com' },
    });
    expect(validateEmail('x@example.com')).toBeNull();
  });

  it('new person: name and e-mail required', () => {
    expect(validateNewPersonFields({ displayName: ' ', email: '' })).toEqual({
      displayName: { key: 'person.nameRequired' },
      email: { key: 'person.emailRequired' },
    });
    expect(validateNewPersonFields({ displayName: 'Erika', email: 'e@example.com' })).toEqual({});
  });

  it('has the texts of the spec in both languages', () => {
    expect(formatMessage(importMessages, { key: 'person.nameRequired' }, 'en')).toBe(
      'Name is required',
    );
    expect(formatMessage(importMessages, { key: 'person.emailRequired' }, 'en')).toBe(
      'E-mail is required',
    );
    expect(formatMessage(importMessages, { key: 'person.emailRequired' }, 'de')).toBe(
      'E-Mail ist erforderlich',
    );
  });
});
