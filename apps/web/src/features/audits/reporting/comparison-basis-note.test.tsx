import { auditComparability } from '@qa/domain';
import { cleanup, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it } from 'vitest';
import { createI18n } from '../../../lib/i18n/i18n';
import { ComparisonBasisNote } from './comparison-basis-note';

afterEach(cleanup);

const deviation = { reportSchema: { calcSchema: 'deviation' } };
const compliance = { reportSchema: { calcSchema: 'compliance' } };
const vda = { reportSchema: { calcSchema: 'vda63' }, vdaEdition: '2016' };

function renderNote(language: 'de' | 'en', earlier: object, current: object) {
  render(
    <I18nextProvider i18n={createI18n(language)}>
      <ComparisonBasisNote comparability={auditComparability(earlier, current)} />
    </I18nextProvider>,
  );
}

describe('what the comparison grades both audits by', () => {
  it('names the one schema, and says the earlier audit was rescored for it', () => {
    renderNote('de', deviation, compliance);
    expect(screen.getByTestId('reporting-comparison-basis').textContent).toBe(
      'Beide Audits bewertet nach: Erfüllungsgrad',
    );
    expect(screen.getByTestId('reporting-comparison-rescored').textContent).toContain(
      'nach „Abweichungsschema“ gespeichert',
    );
    expect(screen.queryByTestId('reporting-comparison-not-comparable')).toBeNull();
  });

  it('marks a VDA grade beside a scored result as not directly comparable', () => {
    renderNote('en', compliance, vda);
    expect(screen.getByTestId('reporting-comparison-not-comparable').textContent).toBe(
      'Not directly comparable: the earlier audit is graded by “Degree of fulfilment”, this one by “VDA 6.3, 2016 edition”.',
    );
    expect(screen.queryByTestId('reporting-comparison-basis')).toBeNull();
  });

  it('says nothing more than the basis for two audits of one schema', () => {
    renderNote('en', deviation, deviation);
    expect(screen.getByTestId('reporting-comparison-basis').textContent).toBe(
      'Both audits scored by: Deviation scheme',
    );
    expect(screen.queryByTestId('reporting-comparison-rescored')).toBeNull();
  });
});
