import { DEFAULT_FINDING_TYPES, DEFAULT_IMPORTANCES } from '@qa/domain';
import type { JsonObject } from '@qa/sync';
import { describe, expect, it } from 'vitest';
import { createI18n } from '../../../lib/i18n/i18n';
import type { ViewDocument } from '../../../lib/sync/sync-types';
import { toExecutionRow } from '../execution/execution-rows';
import { findingsExportTable, measuresExportTable } from './report-export-table';

const row = (id: string, data: JsonObject) =>
  toExecutionRow({ collection: 'audititems', id, data, state: 'sync' } as ViewDocument);

const ROWS = [
  row('i1', {
    auditId: 'a1',
    processes: ['Stanzen'],
    question: { no: '1', text: 'Prüfmittel kalibriert?', category: 'Messen', importance: '9' },
    deviations: {
      f1: {
        importance: '3',
        text: 'Lehre ohne Plakette',
        reason: 'Intervall verpasst',
        findingperson: 'Erika Muster',
      },
    },
  }),
  row('i2', {
    auditId: 'a1',
    question: { no: '2', text: 'Lager beschriftet?', importance: '1' },
    // A one-touch answer an earlier version stored with the placeholder.
    deviations: { f2: { importance: 'ok', text: 'Das ist ein Platzhalter' } },
  }),
];

function input(vda: Parameters<typeof findingsExportTable>[0]['vda'] = null) {
  return {
    t: createI18n('de').t,
    language: 'de' as const,
    rows: ROWS,
    findingTypes: DEFAULT_FINDING_TYPES,
    importances: DEFAULT_IMPORTANCES,
    vda,
    supplier: [
      ['Name des Lieferanten', 'Muster Guss GmbH'],
      ['Lieferantennummer', '4711'],
    ] as [string, string][],
  };
}

describe('report exports (issue 34.4)', () => {
  it('give each finding its question importance, process step, finder and supplier', () => {
    const [header, first, second] = findingsExportTable(input());
    expect(header).toEqual([
      'Nr.',
      'Frage',
      'Kategorie',
      'Wichtigkeit der Frage',
      'Prozessschritt',
      'Befundart',
      'Befund',
      'Ursache',
      'Lösung',
      'Gefunden von',
      'Breitengrad',
      'Längengrad',
      'Fotos und Dateien',
      'Name des Lieferanten',
      'Lieferantennummer',
    ]);
    expect(first).toEqual([
      '1',
      'Prüfmittel kalibriert?',
      'Messen',
      'Sehr wichtige Frage',
      'Stanzen',
      'Nebenabweichung',
      'Lehre ohne Plakette',
      'Intervall verpasst',
      '',
      'Erika Muster',
      null,
      null,
      0,
      'Muster Guss GmbH',
      '4711',
    ]);
    // No placeholder as a finding text.
    expect(second?.slice(5, 7)).toEqual(['Keine Abweichung', '']);
  });

  it('add the VDA points and the process steps evaluated for a VDA audit', () => {
    const [header, first] = findingsExportTable(
      input({ i1: { steps: ['Lackieren'], evaluations: 'Stanzen: 8 · Lackieren: n.e.' } }),
    );
    expect(header?.[10]).toBe('VDA-Punkte');
    expect(first?.[4]).toBe('Stanzen, Lackieren');
    expect(first?.[10]).toBe('Stanzen: 8 · Lackieren: n.e.');
  });

  it('give each measure its question, finding, type and priority', () => {
    const [header, measure, loose] = measuresExportTable(input(), [
      {
        text: 'Plakette erneuern',
        itemId: 'i1',
        findingId: 'f1',
        type: 'Korrekturmaßnahme',
        priority: 'Hoch',
        assignees: 'Otto Auditor',
        due: '31.12.2026',
        status: 'Offen',
      },
      {
        text: 'Schulung',
        itemId: null,
        findingId: null,
        type: '',
        priority: '',
        assignees: 'Nicht zugewiesen',
        due: '',
        status: 'Neu',
      },
    ]);
    expect(header).toEqual([
      'Nr.',
      'Frage',
      'Feststellung',
      'Maßnahme',
      'Maßnahmenart',
      'Priorität',
      'Zugewiesen an',
      'Fällig am',
      'Status',
      'Name des Lieferanten',
      'Lieferantennummer',
    ]);
    expect(measure).toEqual([
      '1',
      'Prüfmittel kalibriert?',
      'Nebenabweichung – Lehre ohne Plakette',
      'Plakette erneuern',
      'Korrekturmaßnahme',
      'Hoch',
      'Otto Auditor',
      '31.12.2026',
      'Offen',
      'Muster Guss GmbH',
      '4711',
    ]);
    expect(loose?.slice(0, 4)).toEqual(['', '', '', 'Schulung']);
  });
});
