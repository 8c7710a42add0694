import { cleanup, render, screen, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it } from 'vitest';
import { createI18n } from '../../../lib/i18n/i18n';
import type { VdaComparisonModel } from './audit-comparison-model';
import { VdaComparisonTable } from './audit-comparison-vda';

afterEach(cleanup);

const model: VdaComparisonModel = {
  earlier: { percent: 84, class: 'B', baseClass: 'B', valid: true, edition: '2016' },
  current: { percent: 94, class: 'B', baseClass: 'A', valid: false, edition: '2016' },
  total: { earlier: 84, current: 94, change: 10 },
  elements: [
    { id: 'P2', earlier: 90, current: 100, change: 10, inEarlier: true, inCurrent: true },
    { id: 'P4', earlier: null, current: 100, change: null, inEarlier: false, inCurrent: true },
  ],
  classChange: 'same',
  labels: { P2: 'P2 Projektmanagement', P4: 'P4 Produkt- und Prozessentwicklung' },
};

function renderTable(vda: VdaComparisonModel) {
  render(
    <I18nextProvider i18n={createI18n('de')}>
      <VdaComparisonTable
        vda={vda}
        percent={(value) => (value === null ? '–' : `${value} %`)}
        change={({ change }) => (change === null ? '–' : String(change))}
      />
    </I18nextProvider>,
  );
}

describe('the VDA comparison table', () => {
  it('shows both classes (with the class by E_G), E_G and E_Pn with their change', () => {
    renderTable(model);
    const table = screen.getByTestId('reporting-comparison-vda');
    expect(within(table).getByRole('columnheader', { name: 'Ebene' })).toBeTruthy();
    expect(screen.getByTestId('reporting-comparison-vda-class-earlier').textContent).toBe('B');
    expect(screen.getByTestId('reporting-comparison-vda-class-current').textContent).toBe(
      'B (nach E_G: A)nicht gültig',
    );
    expect(screen.getByTestId('reporting-comparison-vda-class-change').textContent).toBe(
      '±0gleiche Klasse',
    );
    const cells = (row: HTMLElement) =>
      [...row.querySelectorAll('th, td')].map((cell) => cell.textContent);
    expect(cells(screen.getByTestId('reporting-comparison-vda-total'))).toEqual([
      'E_G gesamt',
      '84 %',
      '94 %',
      '10',
    ]);
    expect(screen.getAllByTestId('reporting-comparison-vda-element').map(cells)).toEqual([
      ['E_P2 P2 Projektmanagement', '90 %', '100 %', '10'],
      ['E_P4 P4 Produkt- und Prozessentwicklung', '–', '100 %', '–'],
    ]);
  });

  it('says which audit is not a VDA audit', () => {
    renderTable({ ...model, earlier: null, classChange: null });
    expect(screen.getByTestId('reporting-comparison-vda-class-earlier').textContent).toBe(
      'kein VDA-Audit',
    );
    expect(screen.queryByTestId('reporting-comparison-vda-class-change')).toBeNull();
  });
});
