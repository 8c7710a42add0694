import { DEFAULT_MEASURE_TYPES } from '@qa/domain';
import { describe, expect, it } from 'vitest';
import { measureTypeLabel } from './measure-model';

describe('a measure type on screen (issue 34.6)', () => {
  it('is a default type in the user’s language and a configured one as written', () => {
    expect(measureTypeLabel(DEFAULT_MEASURE_TYPES, 'corrective', 'de')).toBe('Korrekturmaßnahme');
    expect(measureTypeLabel(DEFAULT_MEASURE_TYPES, 'corrective', 'en')).toBe('Corrective action');
    const own = [{ id: 'corrective', text: 'Abstellmaßnahme', short: 'AM', description: '' }];
    expect(measureTypeLabel(own, 'corrective', 'en')).toBe('Abstellmaßnahme');
    expect(measureTypeLabel(own, 'gone', 'de')).toBe('gone');
  });
});
