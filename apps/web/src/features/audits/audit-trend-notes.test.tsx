import type { AuditTrend } from '@qa/domain';
import { cleanup, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it } from 'vitest';
import { createI18n } from '../../lib/i18n/i18n';
import { AuditTrendNotes } from './audit-trend-notes';

afterEach(cleanup);

const vda = (edition: string) => ({
  percent: 90,
  class: 'A',
  baseClass: 'A',
  valid: true,
  edition,
});

const trend: AuditTrend = {
  schema: 'compliance',
  points: [
    {
      year: 2024,
      audits: [
        { id: 'a', year: 2024, percent: 50, qk: 1.1, rescored: true },
        { id: 'v', year: 2024, percent: null, qk: 1, vda: vda('2016') },
      ],
      percent: 50,
      qk: 1.05,
    },
    {
      year: 2025,
      audits: [{ id: 'w', year: 2025, percent: null, qk: 1, vda: vda('2030') }],
      percent: null,
      qk: 1,
    },
  ],
  vdaEditions: ['2016', '2030'],
  undated: 0,
};

function renderNotes(language: 'de' | 'en', shown: AuditTrend) {
  render(
    <I18nextProvider i18n={createI18n(language)}>
      <AuditTrendNotes trend={shown} />
    </I18nextProvider>,
  );
}

describe('what the trend is scored by', () => {
  it('names the schema, the rescored audits, and marks VDA audits of different editions', () => {
    renderNotes('de', trend);
    expect(screen.getByTestId('audit-trend-basis').textContent).toBe(
      'Ergebnis bewertet nach: Erfüllungsgrad',
    );
    expect(screen.getByTestId('audit-trend-rescored').textContent).toContain('1 Audit ist');
    expect(screen.getByTestId('audit-trend-vda-apart')).toBeTruthy();
    expect(screen.getByTestId('audit-trend-vda-editions').textContent).toBe(
      'Nicht direkt vergleichbar: Die VDA-6.3-Audits sind nach verschiedenen Ausgaben bewertet (2016, 2030).',
    );
  });

  it('says only the schema when every audit was scored by it', () => {
    renderNotes('en', {
      schema: 'deviation',
      points: [
        {
          year: 2024,
          audits: [{ id: 'a', year: 2024, percent: 67, qk: 1.1 }],
          percent: 67,
          qk: 1.1,
        },
      ],
      vdaEditions: [],
      undated: 0,
    });
    expect(screen.getByTestId('audit-trend-basis').textContent).toBe(
      'Result scored by: Deviation scheme',
    );
    expect(screen.queryByTestId('audit-trend-rescored')).toBeNull();
    expect(screen.queryByTestId('audit-trend-vda-apart')).toBeNull();
    expect(screen.queryByTestId('audit-trend-vda-editions')).toBeNull();
  });
});
