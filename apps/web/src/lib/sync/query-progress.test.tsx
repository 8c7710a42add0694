import { cleanup, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it } from 'vitest';
import type { Language } from '../i18n/detect-language';
import { createI18n } from '../i18n/i18n';
import { QueryProgress } from './query-progress';

function show(language: Language, progress: Parameters<typeof QueryProgress>[0]['progress']) {
  return render(
    <I18nextProvider i18n={createI18n(language)}>
      <QueryProgress progress={progress} />
    </I18nextProvider>,
  );
}

describe('QueryProgress', () => {
  afterEach(cleanup);

  it.each([
    ['en', 'Loading more entries… 2,000 of 50,000'],
    ['de', 'Weitere Einträge werden geladen … 2.000 von 50.000'],
  ] as const)('says how much of a large result came, in %s', (language, text) => {
    show(language, { loaded: 2_000, total: 50_000 });
    expect(screen.getByRole('status').textContent).toBe(text);
    expect(screen.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('4');
  });

  it('without a total counts what came', () => {
    show('en', { loaded: 500 });
    expect(screen.getByRole('status').textContent).toBe('Loading more entries… 500 so far');
  });

  it('shows nothing for a complete result', () => {
    const { container } = show('en', undefined);
    expect(container.innerHTML).toBe('');
  });
});
