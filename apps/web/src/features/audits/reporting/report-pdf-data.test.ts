import {
  explainAuditScore,
  DEFAULT_FINDING_TYPES,
  DEFAULT_IMPORTANCES,
  auditItemSchema,
  type AuditItem,
  type Language,
} from '@qa/domain';
import type { JsonObject } from '@qa/sync';
import { describe, expect, it } from 'vitest';
import { createI18n } from '../../../lib/i18n/i18n';
import { explanationRows, reportFileName, runsOf, vdaPdfData } from './report-pdf-data';
import { vdaGradeOf, vdaResultModel } from './vda-result-model';

describe('the PDF report data', () => {
  it('names the file after the audit, without characters file systems refuse', () => {
    expect(reportFileName('Auditbericht', 'Lieferant Styr 2026')).toBe(
      'Auditbericht Lieferant Styr 2026.pdf',
    );
    expect(reportFileName('Audit report', 'A/B: "Hall 3"\u0007?')).toBe(
      'Audit report A B Hall 3.pdf',
    );
    expect(reportFileName('Audit report', '  ')).toBe('Audit report.pdf');
  });

  it('lists the counted questions of a scope in their numbers order', () => {
    const item = (id: string, no: string, type: string) =>
      auditItemSchema.parse({
        id,
        auditId: 'a1',
        question: { text: `Frage ${no}`, no, importance: '3' },
        deviations: { [`${id}f`]: { id: `${id}f`, importance: type } },
      });
    const { total } = explainAuditScore(
      [item('a', '10', '3'), item('b', '2', '9'), item('c', '1', 'na')],
      {
        calcSchema: 'deviation',
        findingTypes: DEFAULT_FINDING_TYPES,
        importances: DEFAULT_IMPORTANCES,
      },
    );
    const rows = explanationRows(total, {
      question: (entry) => entry.no,
      weight: (entry) => String(entry.weight),
      finding: (entry) => entry.findingTypeId!,
      points: (entry) => String(entry.contribution),
    });
    expect(rows).toEqual([
      { question: '2', weight: '3', finding: '9', points: '27' },
      { question: '10', weight: '3', finding: '3', points: '9' },
    ]);
  });
});

describe('the runs the report is laid out in', () => {
  it('groups consecutive entries up to the budget, each run holding at least one', () => {
    expect(runsOf([3, 4, 2, 9, 1, 1], (n) => n, 8)).toEqual([[3, 4], [2], [9], [1, 1]]);
    expect(runsOf([], (n: number) => n, 8)).toEqual([]);
  });
});

describe('the PDF data of a VDA 6.3 audit', () => {
  const steps = [
    { id: 's1', name: 'Stanzen' },
    { id: 's2', name: 'Lackieren' },
  ];
  const audit: JsonObject = {
    reportSchema: { calcSchema: 'vda63' },
    vda: { processSteps: steps, productProcessSplit: false },
    vdaEdition: '2016',
  };
  /** A question with its evaluations; a score below 10 is documented by a finding. */
  function question(
    no: string,
    category: string,
    evaluations: Record<string, number | null>,
    star = false,
  ): AuditItem {
    const id = `q${no.replace(/\./g, '_')}`;
    const documented = Object.values(evaluations).some((points) => points !== null && points < 10);
    return auditItemSchema.parse({
      id,
      auditId: 'a1',
      question: { no, text: `Frage ${no}`, category, category_id: no[0], specialRisk: star },
      deviations: documented ? { [`${id}f`]: { id: `${id}f`, importance: '3' } } : {},
      vda: Object.fromEntries(
        Object.entries(evaluations).map(([key, points]) => [
          key,
          { points, reason: points === null ? 'Anlage steht still' : '' },
        ]),
      ),
    });
  }
  const pdfData = (items: AuditItem[], language: Language = 'de') => {
    const t = createI18n(language).t;
    const grade = vdaGradeOf(items, audit, DEFAULT_FINDING_TYPES);
    const model = vdaResultModel(grade, items, audit, { t, language });
    return vdaPdfData(model, grade, { t, language });
  };

  it('holds the matrix, E_G, both classes, every downgrading reason and the evaluations', () => {
    // P2: 10 + 10 = 100 %. P6: 6.1.1 10 / 10 -> 10; 6.2.1 10 / n.e. -> 10; 6.2.3* 4 / 10 -> 7.
    // P6 27 / 30 = 90 %; U1 100 %; U2 17 / 20 = 85 %; Stanzen 24 / 30 = 80 %, Lackieren
    // 20 / 20 = 100 %. E_G 47 / 50 = 94 % -> A, downgraded to B by the *-question at 4.
    const vda = pdfData([
      question('2.1', 'Projektmanagement', { all: 10 }),
      question('2.2', 'Projektmanagement', { all: 10 }),
      question('6.1.1', 'Prozessanalyse Produktion', { s1: 10, s2: 10 }),
      question('6.2.1', 'Prozessanalyse Produktion', { s1: 10, s2: null }),
      question('6.2.3', 'Prozessanalyse Produktion', { s1: 4, s2: 10 }, true),
    ]);
    expect(vda.rows.map((row) => [row.code, row.label, row.percent, row.colour])).toEqual([
      ['E_P2', 'P2 Projektmanagement', '100 %', 'green'],
      ['E_P6', 'P6 Prozessanalyse Produktion', '90 %', 'green'],
      ['E_U1', 'U1 Prozess-Input', '100 %', 'green'],
      ['E_U2', 'U2 Arbeitsinhalte', '85 %', 'yellow'],
      ['E_1', 'Stanzen', '80 %', 'yellow'],
      ['E_2', 'Lackieren', '100 %', 'green'],
      ['E_G', expect.any(String), '94 %', 'green'],
    ]);
    // Every traffic light is also written out, so the matrix reads in black and white.
    expect(vda.rows.every((row) => row.colourText !== '')).toBe(true);
    expect(vda.rows.filter((row) => row.nested).map((row) => row.code)).toEqual([
      'E_U1',
      'E_U2',
      'E_1',
      'E_2',
    ]);
    expect(vda.classText).toBe('Klasse B');
    expect(vda.total).toBe('Gesamterfüllungsgrad E_G: 94 %');
    expect(vda.classes).toBe('Klasse nach E_G: A / nach Abstufung: B');
    expect(vda.edition).toBe('Bewertet nach VDA 6.3, Ausgabe 2016');
    expect(vda.reasons).toEqual([
      'Abgestuft von A auf B: Frage 6.2.3* im Prozessschritt Stanzen mit 4 Punkten bewertet',
    ]);
    expect(vda.valid).toBe(true);
    expect(vda.missing).toEqual([]);
    expect(vda.questions).toEqual([
      { question: '2.1 Frage 2.1', evaluations: '10', points: '10' },
      { question: '2.2 Frage 2.2', evaluations: '10', points: '10' },
      {
        question: '6.1.1 Frage 6.1.1',
        evaluations: 'Stanzen: 10 \u00b7 Lackieren: 10',
        points: '10',
      },
      {
        question: '6.2.1 Frage 6.2.1',
        // n.e. as the execution tab writes it (issue 34.4).
        evaluations: 'Stanzen: 10 \u00b7 Lackieren: n.e.: Anlage steht still',
        points: '10',
      },
      {
        question: '6.2.3* Frage 6.2.3',
        evaluations: 'Stanzen: 4 \u00b7 Lackieren: 10',
        points: '7',
      },
    ]);
    // A finding of 6.2.3 carries the question's evaluations.
    expect(vda.evaluationsByItem.q6_2_3).toBe('Stanzen: 4 \u00b7 Lackieren: 10');
  });

  it('warns that the grade is not valid and names what is missing', () => {
    // P2: one of three questions evaluated (two needed); 2.2 n.e. counts nowhere: 8 / 10 = 80 %.
    const vda = pdfData(
      [
        question('2.1', 'Projektmanagement', { all: 8 }),
        question('2.2', 'Projektmanagement', { all: null }),
        question('2.3', 'Projektmanagement', {}),
      ],
      'en',
    );
    expect(vda.valid).toBe(false);
    expect(vda.validity).toBe('The grade is not valid. Missing:');
    expect(vda.missing).toEqual([
      'Process element P2: 1 of 3 questions evaluated, at least 2 needed',
    ]);
    expect(vda.classes).toBe('Class by E_G: B / after downgrading: B');
    expect(vda.reasons).toEqual([]);
    expect(vda.noReasons).toBe('No downgrading rule applies.');
    expect(vda.questions.map((entry) => [entry.evaluations, entry.points])).toEqual([
      ['8', '8'],
      ['n.e.: Anlage steht still', 'n.e.'],
      ['not yet evaluated', '\u2013'],
    ]);
  });
});
