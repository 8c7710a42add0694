import { describe, expect, it } from 'vitest';
import { createI18n } from '../../lib/i18n/i18n';
import { measureCheckerText } from './measure-checker-text';

const people = new Map([
  ['quinn', { displayName: 'Quinn Qualität', roles: ['user', 'qm'] }],
  ['otto', { displayName: 'Otto Auditor', roles: ['user', 'auditor'] }],
]);

describe('measureCheckerText', () => {
  it('names the quality manager who wrote the measure, else the quality department', () => {
    const de = createI18n('de').t;
    const en = createI18n('en').t;
    expect(measureCheckerText({ autor: 'quinn' }, people, de)).toBe(
      'Wirksamkeitsprüfung durch Quinn Qualität',
    );
    expect(measureCheckerText({ autor: 'quinn' }, people, en)).toBe(
      'Effectiveness check by Quinn Qualität',
    );
    expect(measureCheckerText({ autor: 'otto' }, people, de)).toBe(
      'Wirksamkeitsprüfung durch das Qualitätsmanagement',
    );
  });
});
