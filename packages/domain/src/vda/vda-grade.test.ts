import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { auditItemSchema, type AuditItem } from '../audit/audit-item.schema';
import type { VdaSetup } from '../entities/audit.schema';
import { formatMessage } from '../messages/message';
import { RULES_MESSAGES } from '../messages/rules.messages';
import { gradeVdaAudit, vdaEvaluationKeys, type VdaGrade } from './vda-grade';
import { VDA63_2016 } from './vda-rules';

/**
 * The expected values below are computed by hand in the comments, never by the code under test.
 * `q('5.1', 8)` is a question of P5 evaluated once with 8 points; `q('6.1.1', {s1: 8, s2: 10})`
 * a P6 question evaluated per process step; `null` is "not evaluated" (with a reason).
 */
type Given = number | null | undefined | Record<string, number | null>;

let counter = 0;
function q(no: string, given: Given | undefined, options: { star?: boolean } = {}): AuditItem {
  counter += 1;
  const evaluations =
    given === undefined ? {} : typeof given === 'object' && given !== null ? given : { all: given };
  const vda = Object.fromEntries(
    Object.entries(evaluations).map(([key, points]) => [
      key,
      { points, reason: points === null ? 'not shown' : '' },
    ]),
  );
  const low = Object.values(evaluations).some((points) => points !== null && points < 10);
  return auditItemSchema.parse({
    id: `i${counter}`,
    auditId: 'a1',
    question: {
      text: `Question ${no}`,
      no,
      category_id: no.split('.')[0],
      ...(options.star ? { specialRisk: true } : {}),
    },
    deviations: low ? { [`f${counter}`]: { id: `f${counter}`, importance: '3' } } : {},
    vda,
  });
}

/** `count` questions of an element numbered from `from`, all with the same points. */
function many(element: string, count: number, points: Given, from = 1): AuditItem[] {
  return Array.from({ length: count }, (_, index) => q(`${element}.${from + index}`, points));
}

const en = (grade: VdaGrade) =>
  grade.downgrades.map((entry) => formatMessage(RULES_MESSAGES, entry.message, 'en'));
const de = (grade: VdaGrade) =>
  grade.downgrades.map((entry) => formatMessage(RULES_MESSAGES, entry.message, 'de'));

const grade = (items: AuditItem[], setup?: VdaSetup) => gradeVdaAudit({ items, setup });

describe('VDA 6.3 class and downgrading (edition 2016)', () => {
  it('E_G exactly 90 % with a *-question at 4 points gives B', () => {
    // P5: 4* + 7 x 10 + 2 x 8 = 4 + 70 + 16 = 90 of 100 = 90 % -> A, then the *-question -> B.
    const items = [q('5.1', 4, { star: true }), ...many('5', 7, 10, 2), ...many('5', 2, 8, 9)];
    const result = grade(items);
    expect(result.total.percent).toBe(90);
    expect(result.baseClass).toBe('A');
    expect(result.class).toBe('B');
    expect(de(result)).toEqual(['Abgestuft von A auf B: Frage 5.1* mit 4 Punkten bewertet']);
  });

  it('E_G 95 % with one element at 78 % gives B', () => {
    // P5: 2 x 10 + 5 x 8 + 3 x 6 = 20 + 40 + 18 = 78 of 100 = 78 %.
    const p5 = [...many('5', 2, 10), ...many('5', 5, 8, 3), ...many('5', 3, 6, 8)];
    // P7: 34 x 10 = 340. E_G = (78 + 340) / (100 + 340) = 418 / 440 = 95 %.
    const p7 = many('7', 34, 10);
    const result = grade([...p5, ...p7]);
    expect(result.elements.map((entry) => [entry.id, entry.percent])).toEqual([
      ['P5', 78],
      ['P7', 100],
    ]);
    expect(result.total.percent).toBe(95);
    expect(result.class).toBe('B');
    expect(en(result)).toEqual([
      'Downgraded from A to B: process element P5 at 78 % is below 80 %',
    ]);
  });

  it('one element at 69 % gives C even with E_G at 90 %', () => {
    // P5: 9 x 8 + 11 x 6 = 72 + 66 = 138 of 200 = 69 %. P7: 42 x 10 = 420.
    // E_G = 558 / 620 = 90 % -> A; P5 < 70 -> C (and < 80 -> B, also named).
    const items = [...many('5', 9, 8), ...many('5', 11, 6, 10), ...many('7', 42, 10)];
    const result = grade(items);
    expect(result.elements.find((entry) => entry.id === 'P5')!.percent).toBe(69);
    expect(result.total.percent).toBe(90);
    expect(result.class).toBe('C');
    expect(en(result)).toEqual([
      'Downgraded from A to C: process element P5 at 69 % is below 70 %',
      'Downgraded from A to B: process element P5 at 69 % is below 80 %',
    ]);
  });

  it('one process step at 69 % gives C', () => {
    const setup: VdaSetup = {
      processSteps: [
        { id: 's1', name: 'Stanzen' },
        { id: 's2', name: 'Lackieren' },
      ],
      productProcessSplit: false,
    };
    // P6, 13 questions: Stanzen 6 x 8 + 7 x 6 = 48 + 42 = 90 of 130 = 69.2 % -> 69;
    // Lackieren 13 x 10 = 100 %. Question means 9 (6 x) and 8 (7 x): 54 + 56 = 110 of 130
    // = 84.6 % -> 85. P7: 10 x 10. E_G = 210 / 230 = 91.3 % -> 91 -> A; Stanzen < 70 -> C.
    const p6 = [
      ...Array.from({ length: 6 }, (_, i) => q(`6.1.${i + 1}`, { s1: 8, s2: 10 })),
      ...Array.from({ length: 7 }, (_, i) => q(`6.2.${i + 1}`, { s1: 6, s2: 10 })),
    ];
    const result = grade([...p6, ...many('7', 10, 10)], setup);
    expect(result.steps.map((entry) => [entry.name, entry.percent])).toEqual([
      ['Stanzen', 69],
      ['Lackieren', 100],
    ]);
    expect(result.elements.find((entry) => entry.id === 'P6')!.percent).toBe(85);
    expect(result.subElements.map((entry) => [entry.id, entry.percent])).toEqual([
      ['U1', 90], // 6 x 9 = 54 of 60
      ['U2', 80], // 7 x 8 = 56 of 70
    ]);
    expect(result.total.percent).toBe(91);
    expect(result.class).toBe('C');
    expect(de(result)[0]).toBe('Abgestuft von A auf C: Prozessschritt Stanzen mit 69 % unter 70 %');
  });

  it('a *-question at 0 points gives C', () => {
    // P7: 0* + 9 x 10 = 90 of 100 = 90 % -> A -> C.
    const result = grade([q('7.1', 0, { star: true }), ...many('7', 9, 10, 2)]);
    expect(result.total.percent).toBe(90);
    expect(result.class).toBe('C');
    expect(en(result)).toEqual(['Downgraded from A to C: question 7.1* evaluated with 0 points']);
  });

  it('one ordinary question at 0 points with E_G 93 % gives B', () => {
    // P7: 0 + 13 x 10 = 130 of 140 = 92.86 % -> 93 -> A -> B.
    const result = grade([q('7.1', 0), ...many('7', 13, 10, 2)]);
    expect(result.total.percent).toBe(93);
    expect(result.class).toBe('B');
    expect(en(result)).toEqual(['Downgraded from A to B: question 7.1 evaluated with 0 points']);
  });

  it('names the process step of an evaluation that downgrades', () => {
    const setup: VdaSetup = {
      processSteps: [
        { id: 's1', name: 'Stanzen' },
        { id: 's2', name: 'Montage' },
      ],
      productProcessSplit: false,
    };
    const items = [
      q('6.2.3', { s1: 10, s2: 4 }, { star: true }),
      ...Array.from({ length: 30 }, (_, i) => q(`6.2.${i + 4}`, { s1: 10, s2: 10 })),
    ];
    const result = grade(items, setup);
    expect(de(result)).toEqual([
      'Abgestuft von A auf B: Frage 6.2.3* im Prozessschritt Montage mit 4 Punkten bewertet',
    ]);
  });

  it('an element at 79.5 % rounds to 80 and is not downgraded', () => {
    // P3 split by product and process: (10 + 8) / 2 = 9, 18 x 8 = 144, 1 x 6: 159 of 200 =
    // 79.5 % -> 80. P7: 20 x 10. E_G = 359 / 400 = 89.75 % -> 90 -> A, nothing below 80.
    const setup: VdaSetup = { processSteps: [], productProcessSplit: true };
    const items = [
      q('3.1', { product: 10, process: 8 }),
      ...Array.from({ length: 18 }, (_, i) => q(`3.${i + 2}`, { product: 8, process: 8 })),
      q('3.20', { product: 6 }),
      ...many('7', 20, 10),
    ];
    const result = grade(items, setup);
    const p3 = result.elements.find((entry) => entry.id === 'P3')!;
    expect(p3.awarded).toBe(159);
    expect(p3.exact).toBe(79.5);
    expect(p3.percent).toBe(80);
    expect(result.total.percent).toBe(90);
    expect(result.class).toBe('A');
    expect(result.downgrades).toEqual([]);
  });
});

describe('VDA 6.3 points of a question', () => {
  const setup: VdaSetup = {
    processSteps: [
      { id: 's1', name: 'Stanzen' },
      { id: 's2', name: 'Lackieren' },
      { id: 's3', name: 'Montage' },
    ],
    productProcessSplit: false,
  };

  it('a P6 question evaluated 10, 8 and 6 in three steps counts 8.00 of 10', () => {
    const result = grade([q('6.1.1', { s1: 10, s2: 8, s3: 6 })], setup);
    expect(result.questions[0]!.points).toBe(8);
    expect(result.elements[0]).toMatchObject({ id: 'P6', awarded: 8, possible: 10, percent: 80 });
    expect(result.steps.map((entry) => entry.percent)).toEqual([100, 80, 60]);
  });

  it('averages to two decimals: 10, 10, 6 counts 8.67', () => {
    // 26 / 3 = 8.666... -> 8.67; the element's level is 86.7 % -> 87.
    const result = grade([q('6.1.1', { s1: 10, s2: 10, s3: 6 })], setup);
    expect(result.questions[0]!.points).toBe(8.67);
    expect(result.elements[0]!.percent).toBe(87);
  });

  it('an n.e. question counts in neither the points awarded nor the points possible', () => {
    // 8 of 10; the n.e. question adds nothing to either.
    const result = grade([q('7.1', 8), q('7.2', null)]);
    expect(result.total).toMatchObject({ awarded: 8, possible: 10, percent: 80, evaluated: 1 });
    expect(result.questions[1]!.evaluations).toEqual([
      { key: 'all', stepName: null, points: null, reason: 'not shown' },
    ]);
  });

  it('a deactivated question is not part of the audit', () => {
    const off = { ...q('7.2', 0), auditItemState: 'deactivated' as const };
    expect(grade([q('7.1', 10), off]).total).toMatchObject({ questions: 1, percent: 100 });
  });

  it('P6 is evaluated per process step, P3 and P4 by product and process when split', () => {
    const rules = VDA63_2016;
    const question = q('6.3.1', undefined).question;
    expect(vdaEvaluationKeys(question, setup, rules)).toEqual(['s1', 's2', 's3']);
    expect(vdaEvaluationKeys(question, null, rules)).toEqual(['all']);
    const p4 = q('4.2', undefined).question;
    expect(vdaEvaluationKeys(p4, { processSteps: [], productProcessSplit: true }, rules)).toEqual([
      'product',
      'process',
    ]);
    expect(vdaEvaluationKeys(p4, setup, rules)).toEqual(['all']);
  });

  it('the sub-element comes from the number unless the question names one', () => {
    const byNumber = q('6.4.2', 10);
    const named = q('6.4.3', 10);
    named.question.vdaSubElement = 'U6';
    const result = grade([byNumber, named]);
    expect(result.subElements.map((entry) => [entry.id, entry.questions])).toEqual([
      ['U4', 1],
      ['U6', 1],
    ]);
  });
});

describe('VDA 6.3 validity', () => {
  it('6 of 9 questions evaluated is valid, 5 of 9 is not', () => {
    const six = [...many('5', 6, 10), ...many('5', 3, undefined, 7)];
    expect(grade(six)).toMatchObject({ valid: true, missing: [] });
    const five = [...many('5', 5, 10), ...many('5', 4, undefined, 6)];
    const result = grade(five);
    expect(result.valid).toBe(false);
    expect(result.missing.map((m) => formatMessage(RULES_MESSAGES, m, 'en'))).toEqual([
      'Process element P5: 5 of 9 questions evaluated, at least 6 needed',
    ]);
  });

  it('n.e. counts as not evaluated for the two thirds', () => {
    const items = [...many('5', 2, 10), q('5.3', null)];
    expect(grade(items).valid).toBe(true);
    expect(grade([...many('5', 1, 10), q('5.2', null), q('5.3', null)]).valid).toBe(false);
  });

  it('a process step needs two thirds of the P6 questions evaluated in it', () => {
    const setup: VdaSetup = {
      processSteps: [
        { id: 's1', name: 'Stanzen' },
        { id: 's2', name: 'Montage' },
      ],
      productProcessSplit: false,
    };
    const items = [q('6.1.1', { s1: 10, s2: 10 }), q('6.1.2', { s1: 10 }), q('6.1.3', { s1: 10 })];
    const result = grade(items, setup);
    expect(result.missing).toEqual([
      {
        key: 'vda.missing.step',
        params: { level: 'Montage', evaluated: 1, total: 3, needed: 2 },
      },
    ]);
  });

  it('a score below 10 without a finding makes the grade not valid', () => {
    const item = q('7.1', 8);
    item.deviations = {};
    expect(grade([item]).missing).toEqual([
      { key: 'vda.missing.undocumented', params: { no: '7.1' } },
    ]);
  });

  it('nothing evaluated has no class and is not valid', () => {
    const result = grade(many('7', 3, undefined));
    expect(result).toMatchObject({ class: null, baseClass: null, valid: false });
    expect(result.total.percent).toBeNull();
  });
});

describe('VDA 6.3 properties', () => {
  const SCALE = VDA63_2016.points;
  const steps = [
    { id: 's1', name: 'Stanzen' },
    { id: 's2', name: 'Montage' },
  ];
  const point = fc.constantFrom<number | null>(...SCALE, null);
  const question = fc.record({
    element: fc.constantFrom('2', '3', '4', '5', '6', '7'),
    sub: fc.integer({ min: 1, max: 6 }),
    star: fc.boolean(),
    s1: point,
    s2: point,
    all: point,
  });
  const audit = fc.array(question, { minLength: 1, maxLength: 30 });

  type Row = typeof question extends fc.Arbitrary<infer R> ? R : never;
  function build(rows: Row[]): AuditItem[] {
    return rows.map((row, index) =>
      row.element === '6'
        ? q(`6.${row.sub}.${index + 1}`, { s1: row.s1, s2: row.s2 }, { star: row.star })
        : q(`${row.element}.${index + 1}`, row.all, { star: row.star }),
    );
  }
  const setup: VdaSetup = { processSteps: steps, productProcessSplit: false };
  const rank = (grade: VdaGrade) =>
    grade.class === null ? -1 : VDA63_2016.classes.findIndex((entry) => entry.id === grade.class);

  it('giving any question fewer points never raises the class', () => {
    fc.assert(
      fc.property(audit, fc.nat(), fc.nat(), (rows, pick, lower) => {
        const items = build(rows);
        const before = grade(items, setup);
        const item = items[pick % items.length]!;
        const keys = Object.keys(item.vda ?? {}).filter((key) => item.vda![key]!.points !== null);
        if (keys.length === 0) return;
        const key = keys[pick % keys.length]!;
        const current = item.vda![key]!.points!;
        const lowerValues = SCALE.filter((value) => value < current);
        if (lowerValues.length === 0) return;
        const changed = JSON.parse(JSON.stringify(items)) as AuditItem[];
        changed[pick % items.length]!.vda![key]!.points = lowerValues[lower % lowerValues.length]!;
        const after = grade(changed, setup);
        expect(rank(after)).toBeGreaterThanOrEqual(rank(before));
      }),
      { numRuns: 300 },
    );
  });

  it("the explanation's numbers recompute every shown level exactly", () => {
    fc.assert(
      fc.property(audit, (rows) => {
        const result = grade(build(rows), setup);
        for (const level of [
          ...result.elements,
          ...result.subElements,
          ...result.steps,
          result.total,
        ]) {
          const counted = level.contributions.filter((entry) => entry.points !== null);
          // Hundredths, so the sums are integers.
          const awardedH = counted.reduce((sum, entry) => sum + Math.round(entry.points! * 100), 0);
          const possibleH = counted.reduce((sum, entry) => sum + entry.possible * 100, 0);
          expect(Math.round(level.awarded * 100)).toBe(awardedH);
          expect(level.possible * 100).toBe(possibleH);
          expect(level.evaluated).toBe(counted.length);
          if (possibleH === 0) {
            expect(level.percent).toBeNull();
          } else {
            // Half up: floor(x + 1/2) with x = awarded / possible * 100, in integers.
            expect(level.percent).toBe(Math.floor((200 * awardedH + possibleH) / (2 * possibleH)));
          }
        }
      }),
      { numRuns: 300 },
    );
  });
});
