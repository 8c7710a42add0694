import { describe, expect, it } from 'vitest';
import { hasDomainMessage, translateDomainMessage } from './domain-message';

describe('translateDomainMessage', () => {
  it('fills the placeholders in both languages', () => {
    const message = { key: 'command.forbidden', params: { command: 'autocompletion.save' } };
    expect(translateDomainMessage(message, 'en')).toBe(
      'You are not allowed to do autocompletion.save',
    );
    expect(translateDomainMessage(message, 'de')).toBe(
      'Sie haben keine Berechtigung für autocompletion.save',
    );
  });

  it('knows the validation and rule catalogs and falls back to the key', () => {
    expect(hasDomainMessage('validation.invalidJson')).toBe(true);
    expect(translateDomainMessage({ key: 'validation.invalidJson' }, 'en')).toBe(
      'This field requires valid JSON input',
    );
    expect(translateDomainMessage({ key: 'no.such.key' }, 'de')).toBe('no.such.key');
  });
});
