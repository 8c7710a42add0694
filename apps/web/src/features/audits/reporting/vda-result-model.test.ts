import { DEFAULT_FINDING_TYPES, RULES_MESSAGES, type AuditItem } from '@qa/domain';
import type { JsonObject } from '@qa/sync';
import { describe, expect, it } from 'vitest';
import { createI18n } from '../../../lib/i18n/i18n';
import {
  isVdaReport,
  VDA_COMPLETE_NOT_VALID,
  vdaGradeOf,
  vdaChartLevels,
  vdaLevelExplanation,
  vdaResultModel,
  type VdaModelContext,
} from './vda-result-model';

const CATEGORIES: Record<string, string> = {
  '2': 'Projektmanagement',
  '3': 'Planung der Produkt- und Prozessentwicklung',
  '4': 'Realisierung der Produkt- und Prozessentwicklung',
  '6': 'Prozessanalyse Produktion',
  '7': 'Kundenbetreuung',
};

/** A question evaluated under its keys; below 10 it carries a documenting finding ('3'). */
function item(
  no: string,
  vda: Record<string, number | null> | null,
  { specialRisk = false, documented = true }: { specialRisk?: boolean; documented?: boolean } = {},
): AuditItem {
  const category = no.split('.')[0]!;
  const low = Object.values(vda ?? {}).some((points) => points !== null && points < 10);
  return {
    id: `i${no}`,
    auditId: 'a1',
    processes: [],
    Weight: 1,
    auditItemState: null,
    question: {
      text: `Frage ${no}`,
      hint: '',
      description: '',
      category: CATEGORIES[category] ?? '',
      category_id: category,
      subcategory: '',
      no,
      importance: '',
      chapters: [],
      specialRisk,
    },
    deviations:
      low && documented ? { [`f${no}`]: { id: `f${no}`, importance: '3', text: 'belegt' } } : {},
    vda:
      vda === null
        ? undefined
        : Object.fromEntries(
            Object.entries(vda).map(([key, points]) => [
              key,
              { points, reason: points === null ? 'Nicht vorhanden' : '' },
            ]),
          ),
  } as unknown as AuditItem;
}

const AUDIT: JsonObject = {
  reportSchema: { calcSchema: 'vda63' },
  vda: {
    processSteps: [
      { id: 's1', name: 'Stanzen' },
      { id: 's2', name: 'Lackieren' },
    ],
    productProcessSplit: false,
  },
};

/**
 * By hand: P2 = 10+10+10+4 = 34 / 40 = 85 % (yellow); P3 = 10+4 = 14 / 20 = 70 % (red);
 * P6: 6.1.1 = (10+8)/2 = 9, 6.2.1 = 10 -> 19 / 20 = 95 % (green); U1 = 9/10 = 90 %, U2 = 100 %;
 * Stanzen 20/20 = 100 %, Lackieren 18/20 = 90 %; P7 = 6 x 10 = 60 / 60 = 100 %.
 * E_G = (34+14+19+60) / 140 = 127/140 = 90.71 -> 91 % -> A by E_G; downgraded to B by P3 below
 * 80 % and by the *-question 2.4 at 4 points.
 */
const GRADED: AuditItem[] = [
  item('2.1', { all: 10 }),
  item('2.2', { all: 10 }),
  item('2.3', { all: 10 }),
  item('2.4', { all: 4 }, { specialRisk: true }),
  item('3.1', { all: 10 }),
  item('3.2', { all: 4 }),
  item('6.1.1', { s1: 10, s2: 8 }),
  item('6.2.1', { s1: 10, s2: 10 }),
  ...[1, 2, 3, 4, 5, 6].map((n) => item(`7.${n}`, { all: 10 })),
];

function context(language: 'de' | 'en'): VdaModelContext {
  const i18n = createI18n(language);
  return {
    language,
    t: i18n.t,
    personName: (id) => (id === 'p-anna' ? 'Anna Muster' : id),
  };
}

describe('the VDA result model', () => {
  it('recognises a VDA audit by its report schema', () => {
    expect(isVdaReport(AUDIT)).toBe(true);
    expect(isVdaReport({ reportSchema: { calcSchema: 'deviation' } })).toBe(false);
    expect(isVdaReport(undefined)).toBe(false);
    expect(Object.hasOwn(RULES_MESSAGES, VDA_COMPLETE_NOT_VALID)).toBe(true);
  });

  it('lists the elements, under P6 its sub-elements and the steps, with levels and colours', () => {
    const grade = vdaGradeOf(GRADED, AUDIT, DEFAULT_FINDING_TYPES);
    const model = vdaResultModel(grade, GRADED, AUDIT, context('de'));
    expect(
      model.rows.map((row) => [row.code, row.label, row.nested, row.percent, row.colour]),
    ).toEqual([
      ['E_P2', 'P2 Projektmanagement', false, 85, 'yellow'],
      ['E_P3', 'P3 Planung der Produkt- und Prozessentwicklung', false, 70, 'red'],
      ['E_P6', 'P6 Prozessanalyse Produktion', false, 95, 'green'],
      ['E_U1', 'U1 Prozess-Input', true, 90, 'green'],
      ['E_U2', 'U2 Arbeitsinhalte', true, 100, 'green'],
      ['E_1', 'Stanzen', true, 100, 'green'],
      ['E_2', 'Lackieren', true, 90, 'green'],
      ['E_P7', 'P7 Kundenbetreuung', false, 100, 'green'],
    ]);
    const p3 = model.rows[1]!;
    expect(p3).toMatchObject({
      percentText: '70 %',
      pointsText: '14 / 20',
      coverageText: '2 von 2 bewertet',
      coverageOk: true,
      colourText: 'rot',
    });
    expect(model.total).toMatchObject({ code: 'E_G', percent: 91, colour: 'green' });
    expect(model.total.pointsText).toBe('127 / 140');
  });

  it('charts E_Pn per process element and E_n per process step (issue 34.4)', () => {
    const grade = vdaGradeOf(GRADED, AUDIT, DEFAULT_FINDING_TYPES);
    const model = vdaResultModel(grade, GRADED, AUDIT, context('de'));
    expect(vdaChartLevels(model).map((level) => [level.name, level.percent, level.colour])).toEqual(
      [
        ['E_P2 Projektmanagement', 85, 'yellow'],
        ['E_P3 Planung der Produkt- und Prozessentwicklung', 70, 'red'],
        ['E_P6 Prozessanalyse Produktion', 95, 'green'],
        ['E_1 Stanzen', 100, 'green'],
        ['E_2 Lackieren', 90, 'green'],
        ['E_P7 Kundenbetreuung', 100, 'green'],
      ],
    );
  });

  it('names the class, the class by E_G and every downgrading reason in words', () => {
    const grade = vdaGradeOf(GRADED, AUDIT, DEFAULT_FINDING_TYPES);
    const de = vdaResultModel(grade, GRADED, AUDIT, context('de'));
    expect(de).toMatchObject({ className: 'B', baseClass: 'A', valid: true, missing: [] });
    expect(de.classText).toBe('Klasse B');
    expect(de.downgradeText).toBe('Klasse nach E_G: A; nach Abstufung: B');
    expect(de.reasons).toEqual([
      'Abgestuft von A auf B: Prozesselement P3 mit 70 % unter 80 %',
      'Abgestuft von A auf B: Frage 2.4* mit 4 Punkten bewertet',
    ]);
    const en = vdaResultModel(grade, GRADED, AUDIT, context('en'));
    expect(en.classText).toBe('Class B');
    expect(en.downgradeText).toBe('Class by E_G: A; after downgrading: B');
    expect(en.reasons[1]).toBe('Downgraded from A to B: question 2.4* evaluated with 4 points');
    expect(en.rows[3]!.label).toBe('U1 Process input');
  });

  it('gives C for a step below 70 % and names the step', () => {
    // Lackieren: 6.1.1 = 4, 6.2.1 = 8 -> 12/20 = 60 % (red) -> C. P6: 6.1.1 = 7, 6.2.1 = 9;
    // E_G = (34+14+16+60) / 140 = 88.57 -> 89 % -> B by E_G.
    const items = [
      ...GRADED.filter((entry) => !entry.question.no.startsWith('6.')),
      item('6.1.1', { s1: 10, s2: 4 }),
      item('6.2.1', { s1: 10, s2: 8 }),
    ];
    const grade = vdaGradeOf(items, AUDIT, DEFAULT_FINDING_TYPES);
    const model = vdaResultModel(grade, items, AUDIT, context('de'));
    expect(model).toMatchObject({ className: 'C', baseClass: 'B' });
    expect(model.rows.find((row) => row.label === 'Lackieren')).toMatchObject({
      percent: 60,
      colour: 'red',
    });
    expect(model.reasons).toContain(
      'Abgestuft von B auf C: Prozessschritt Lackieren mit 60 % unter 70 %',
    );
  });

  it('names what is missing for a valid grade and who confirmed completing anyway', () => {
    // P4: 1 of 3 evaluated (2 needed); 3.2 at 4 points without a finding.
    const items = [
      ...GRADED.filter((entry) => entry.question.no !== '3.2'),
      item('3.2', { all: 4 }, { documented: false }),
      item('4.1', { all: 10 }),
      item('4.2', null),
      item('4.3', { all: null }),
    ];
    const audit: JsonObject = {
      ...AUDIT,
      vdaIncompleteConfirmed: { by: 'p-anna', at: '2026-11-26T14:05:00.000Z', missing: [] },
    };
    const grade = vdaGradeOf(items, audit, DEFAULT_FINDING_TYPES);
    const model = vdaResultModel(grade, items, audit, context('de'));
    expect(model.valid).toBe(false);
    expect(model.missing).toEqual([
      'Prozesselement P4: 1 von 3 Fragen bewertet, mindestens 2 nötig',
      'Frage 3.2 ist unter 10 Punkten bewertet, ohne Feststellung',
    ]);
    expect(model.rows.find((row) => row.code === 'E_P4')).toMatchObject({
      coverageText: '1 von 3 bewertet',
      coverageOk: false,
    });
    expect(model.confirmation?.by).toBe('Anna Muster');
    expect(model.confirmation?.text).toMatch(
      /^Mit ungültiger Bewertung abgeschlossen, bestätigt von Anna Muster am 26\.11\.2026, \d{2}:05$/,
    );
  });

  it('explains a level by its own contributions, which recompute the shown level', () => {
    const grade = vdaGradeOf(GRADED, AUDIT, DEFAULT_FINDING_TYPES);
    const model = vdaResultModel(grade, GRADED, AUDIT, context('de'));
    const p2 = vdaLevelExplanation(model.rows[0]!, grade, context('de'));
    expect(p2.title).toBe('So entsteht E_P2 P2 Projektmanagement');
    expect(p2.counted.map((entry) => [entry.no, entry.points, entry.possible])).toEqual([
      ['2.1', '10', '10'],
      ['2.2', '10', '10'],
      ['2.3', '10', '10'],
      ['2.4*', '4', '10'],
    ]);
    expect(p2.formula).toBe(
      'Erfüllungsgrad = erreichte Punkte 34 ÷ mögliche Punkte 40 × 100 = 85, gerundet 85 %',
    );
    // P6 counts the mean of the steps; a step counts its own evaluation.
    const p6 = vdaLevelExplanation(model.rows[2]!, grade, context('de'));
    expect(p6.counted.map((entry) => entry.points)).toEqual(['9', '10']);
    const lackieren = vdaLevelExplanation(model.rows[6]!, grade, context('en'));
    expect(lackieren.counted.map((entry) => entry.points)).toEqual(['8', '10']);
    expect(lackieren.formula).toBe(
      'Level = points awarded 18 ÷ points possible 20 × 100 = 90, rounded 90 %',
    );
    // Every level: the listed points add up to the awarded points and give the percent.
    for (const row of [...model.rows, model.total]) {
      const sum = row.level.contributions.reduce((total, c) => total + (c.points ?? 0), 0);
      expect(sum).toBeCloseTo(row.level.awarded, 10);
      expect(Math.round((sum / row.level.possible) * 100)).toBe(row.percent);
    }
  });

  it('lists the questions not evaluated in a level with the n.e. reason', () => {
    const items = [...GRADED, item('4.1', { all: 10 }), item('4.2', { all: null })];
    const grade = vdaGradeOf(items, AUDIT, DEFAULT_FINDING_TYPES);
    const model = vdaResultModel(grade, items, AUDIT, context('de'));
    const p4 = model.rows.find((row) => row.code === 'E_P4')!;
    const explanation = vdaLevelExplanation(p4, grade, context('de'));
    expect(explanation.counted).toHaveLength(1);
    expect(explanation.notEvaluated).toEqual([
      expect.objectContaining({ no: '4.2', reason: 'Nicht vorhanden' }),
    ]);
  });
});
