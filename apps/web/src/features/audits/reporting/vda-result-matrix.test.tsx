import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { DEFAULT_FINDING_TYPES, type AuditItem, type VdaGrade } from '@qa/domain';
import type { JsonObject } from '@qa/sync';
import { useState } from 'react';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { afterEach, describe, expect, it } from 'vitest';
import { createI18n } from '../../../lib/i18n/i18n';
import { useLanguage } from '../../../lib/i18n/use-language';
import { VdaExplanationDialog } from './vda-explanation-dialog';
import { VdaResultMatrix } from './vda-result-matrix';
import { vdaGradeOf, vdaResultModel, type VdaResultRow } from './vda-result-model';

function item(
  no: string,
  vda: Record<string, number | null>,
  { specialRisk = false, category = '' } = {},
): AuditItem {
  const low = Object.values(vda).some((points) => points !== null && points < 10);
  return {
    id: `i${no.replaceAll('.', '-')}`,
    auditId: 'a1',
    processes: [],
    Weight: 1,
    auditItemState: null,
    question: {
      text: `Frage ${no}`,
      hint: '',
      description: '',
      category,
      category_id: no.split('.')[0]!,
      subcategory: '',
      no,
      importance: '',
      chapters: [],
      specialRisk,
    },
    deviations: low ? { [`f${no.replaceAll('.', '-')}`]: { id: 'f', importance: '3' } } : {},
    vda: Object.fromEntries(
      Object.entries(vda).map(([key, points]) => [key, { points, reason: 'fehlt' }]),
    ),
  } as unknown as AuditItem;
}

const AUDIT: JsonObject = {
  reportSchema: { calcSchema: 'vda63' },
  vda: { processSteps: [{ id: 's1', name: 'Stanzen' }], productProcessSplit: false },
};

/**
 * P2 = 10+10+4* = 24/30 = 80 % (yellow); P6 (one step): 6.1.1 = 10, 6.2.1 = 8 -> 18/20 = 90 %.
 * E_G = 42/50 = 84 % -> B; no downgrade beyond B (the *-question at 4 gives B at most).
 */
const ITEMS = [
  item('2.1', { all: 10 }, { category: 'Projektmanagement' }),
  item('2.2', { all: 10 }),
  item('2.3', { all: 4 }, { specialRisk: true }),
  item('6.1.1', { s1: 10 }, { category: 'Prozessanalyse' }),
  item('6.2.1', { s1: 8 }),
];

function Harness({ items, audit }: { items: AuditItem[]; audit: JsonObject }) {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const grade: VdaGrade = vdaGradeOf(items, audit, DEFAULT_FINDING_TYPES);
  const model = vdaResultModel(grade, items, audit, { language, t });
  const [explained, setExplained] = useState<VdaResultRow | null>(null);
  return (
    <>
      <VdaResultMatrix model={model} onExplain={setExplained} />
      {explained && (
        <VdaExplanationDialog row={explained} grade={grade} onClose={() => setExplained(null)} />
      )}
    </>
  );
}

function renderMatrix(language: 'de' | 'en', items = ITEMS, audit = AUDIT) {
  render(
    <I18nextProvider i18n={createI18n(language)}>
      <Harness items={items} audit={audit} />
    </I18nextProvider>,
  );
}

describe('the VDA result matrix (issue 19)', () => {
  afterEach(cleanup);

  it('shows the class, every level with its light in words, and E_G', () => {
    renderMatrix('de');
    expect(screen.getByTestId('reporting-vda-class-text').textContent).toBe('Klasse B');
    // No downgrade: E_G gives B already.
    expect(screen.queryByTestId('reporting-vda-downgraded')).toBeNull();
    const table = screen.getByRole('table', {
      name: 'Erfüllungsgrade je Prozesselement, P6-Unterelement und Prozessschritt',
    });
    const rowNames = within(table)
      .getAllByRole('rowheader')
      .map((cell) => cell.textContent);
    expect(rowNames).toEqual([
      'EP2P2 Projektmanagement3 von 3 bewertet · 24 / 30',
      'EP6P6 Prozessanalyse2 von 2 bewertet · 18 / 20',
      'EU1U1 Prozess-Input1 von 1 bewertet · 10 / 10',
      'EU2U2 Arbeitsinhalte1 von 1 bewertet · 8 / 10',
      'E1Stanzen2 von 2 bewertet · 18 / 20',
      'EGGesamterfüllungsgrad5 von 5 bewertet · 42 / 50',
    ]);
    expect(within(table).getByText('Unterelemente von P6')).toBeTruthy();
    expect(within(table).getByText('Prozessschritte')).toBeTruthy();
    const p2 = screen.getByTestId('reporting-vda-row-element-P2');
    // The light: a shape, the percent and the colour in words (not colour alone).
    expect(within(p2).getByTestId('reporting-vda-light').textContent).toBe('▲80 %, gelb');
    expect(within(p2).getByTestId('reporting-vda-points').textContent).toBe('24 / 30');
    const u2 = screen.getByTestId('reporting-vda-row-subElement-U2');
    expect(within(u2).getByTestId('reporting-vda-light').textContent).toBe('▲80 %, gelb');
    const total = screen.getByTestId('reporting-vda-row-total-G');
    expect(within(total).getByTestId('reporting-vda-light').textContent).toBe('▲84 %, gelb');
    expect(screen.queryByTestId('reporting-vda-not-valid')).toBeNull();
  });

  it('names the downgrading and its reasons, and warns when the grade is not valid', () => {
    // P2: 2.1 = 0, 2.2 to 2.19 = 10, 2.20* = 4 -> 184/200 = 92 %; P6 = 18/20 = 90 % with 6.2.1
    // at 8 points without a finding. E_G = 202/220 = 91.8 -> 92 % -> A by E_G; downgraded to B
    // by the *-question at 4 and by the question at 0.
    const items = [
      item('2.1', { all: 0 }, { category: 'Projektmanagement' }),
      ...Array.from({ length: 18 }, (_, n) => item(`2.${n + 2}`, { all: 10 })),
      item('2.20', { all: 4 }, { specialRisk: true }),
      item('6.1.1', { s1: 10 }),
      { ...item('6.2.1', { s1: 8 }), deviations: {} },
    ];
    const audit = {
      ...AUDIT,
      vdaIncompleteConfirmed: { by: 'p-anna', at: '2026-11-26T14:05:00.000Z', missing: [] },
    };
    renderMatrix('en', items, audit);
    expect(screen.getByTestId('reporting-vda-class-text').textContent).toBe('Class B');
    expect(screen.getByTestId('reporting-vda-downgraded').textContent).toBe(
      'Class by E_G: A; after downgrading: B',
    );
    const reasons = within(screen.getByTestId('reporting-vda-reasons')).getAllByRole('listitem');
    expect(reasons.map((entry) => entry.textContent)).toEqual([
      'Downgraded from A to B: question 2.20* evaluated with 4 points',
      'Downgraded from A to B: question 2.1 evaluated with 0 points',
    ]);
    const warning = screen.getByTestId('reporting-vda-not-valid');
    expect(within(warning).getByText('Grade not valid')).toBeTruthy();
    expect(
      within(warning)
        .getAllByRole('listitem')
        .map((entry) => entry.textContent),
    ).toEqual(['Question 6.2.1 is evaluated below 10 points without a finding']);
    expect(screen.getByTestId('reporting-vda-confirmed').textContent).toMatch(
      /^Completed with a grade that is not valid, confirmed by p-anna on Nov 26, 2026, \d{1,2}:05/,
    );
  });

  it('explains a level down to its questions, with the sum and the percent', async () => {
    renderMatrix('de');
    fireEvent.click(screen.getByRole('button', { name: 'E_P2 P2 Projektmanagement erklären' }));
    const dialog = await screen.findByRole('dialog', {
      name: 'So entsteht E_P2 P2 Projektmanagement',
    });
    const rows = within(dialog)
      .getAllByTestId('reporting-vda-contribution')
      .map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent));
    expect(rows).toEqual([
      ['2.1 Frage 2.1', '10', '10'],
      ['2.2 Frage 2.2', '10', '10'],
      ['2.3* Frage 2.3', '4', '10'],
    ]);
    expect(
      [...within(dialog).getByTestId('reporting-vda-sum').querySelectorAll('th, td')].map(
        (cell) => cell.textContent,
      ),
    ).toEqual(['Summe', '24', '30']);
    expect(within(dialog).getByTestId('reporting-vda-formula').textContent).toBe(
      'Erfüllungsgrad = erreichte Punkte 24 ÷ mögliche Punkte 30 × 100 = 80, gerundet 80 %',
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Schließen' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});
