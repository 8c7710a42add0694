import { describe, expect, it } from 'vitest';
import { AUDIT_STEPPER_STEPS } from '../workflow/audit-workflow';
import { formatMessage } from './message';
import { RULES_MESSAGES } from './rules.messages';

describe('rules messages', () => {
  it('every key has a German and an English text, dotted and namespaced', () => {
    for (const [key, text] of Object.entries(RULES_MESSAGES)) {
      expect(key).toMatch(/^[a-zA-Z]+(\.[a-zA-Z]+)+$/);
      expect(text.de.trim()).not.toBe('');
      expect(text.en.trim()).not.toBe('');
    }
  });

  it('quoted texts exist in both languages', () => {
    expect(RULES_MESSAGES['scoring.noCategory']).toEqual({
      de: 'Keine Kategorie',
      en: 'No category',
    });
    expect(RULES_MESSAGES['finding.placeholder']).toEqual({
      de: 'Das ist ein Platzhalter',
      en: 'This is a placeholder',
    });
    expect(
      formatMessage(
        RULES_MESSAGES,
        { key: 'workflow.invalid', params: { component: 'audit' } },
        'en',
      ),
    ).toBe('Invalid workflow for audit');
  });

  it('every stepper step title is a message', () => {
    for (const step of AUDIT_STEPPER_STEPS) expect(RULES_MESSAGES).toHaveProperty([step.titleKey]);
  });
});
