import { describe, expect, it } from 'vitest';
import { questionSchema } from '../audit/audit-item.schema';
import { DEFAULT_TEMPLATE_CONFIG } from '../config/template.config';
import { catalogueQuestions } from './process-audit-catalogue';
import { PROCESS_AUDIT_CATALOGUE } from './process-audit-catalogue.data';
import { processAuditCatalogueSchema } from './process-audit-catalogue.schema';
import { vdaElementOf, vdaSubElementOf } from '../vda/vda-grade';
import { VDA63_2016 } from '../vda/vda-rules';

const limits = DEFAULT_TEMPLATE_CONFIG.catalogue.capabilityLimits;

describe('process-audit catalogue', () => {
  it('is valid: unique category ids and question numbers, no empty text', () => {
    expect(processAuditCatalogueSchema.parse(PROCESS_AUDIT_CATALOGUE)).toEqual(
      PROCESS_AUDIT_CATALOGUE,
    );
  });

  it('has categories 2 to 7 with at least five questions each', () => {
    expect(PROCESS_AUDIT_CATALOGUE.map((entry) => entry.category.id)).toEqual([
      '2',
      '3',
      '4',
      '5',
      '6',
      '7',
    ]);
    for (const entry of PROCESS_AUDIT_CATALOGUE)
      expect(entry.questions.length).toBeGreaterThanOrEqual(5);
  });

  it('has question numbers unique across the catalogue, each in its category', () => {
    const numbers = PROCESS_AUDIT_CATALOGUE.flatMap((entry) => entry.questions.map((q) => q.no));
    expect(new Set(numbers).size).toBe(numbers.length);
    for (const entry of PROCESS_AUDIT_CATALOGUE) {
      for (const q of entry.questions) expect(q.no.startsWith(`${entry.category.id}.`)).toBe(true);
    }
  });

  it('gives every text in both languages, and they differ', () => {
    for (const q of PROCESS_AUDIT_CATALOGUE.flatMap((entry) => entry.questions)) {
      for (const language of ['de', 'en'] as const) {
        expect(q[language].text.trim()).not.toBe('');
        expect(q[language].description.trim()).not.toBe('');
      }
      expect(q.de.text).not.toBe(q.en.text);
    }
  });

  it('numbers P6 by its six sub-elements, about three questions each (issue 19)', () => {
    const p6 = PROCESS_AUDIT_CATALOGUE.find((entry) => entry.category.id === '6')!;
    expect(p6.questions.length).toBeGreaterThanOrEqual(18);
    expect(p6.questions.length).toBeLessThanOrEqual(20);
    const bySubElement = new Map<string, number>();
    for (const q of p6.questions) {
      expect(q.no).toMatch(/^6\.[1-6]\.\d+$/);
      const question = catalogueQuestions([{ ...p6, questions: [q] }], 'de', {
        capabilityLimits: limits,
      })[0]!;
      expect(vdaElementOf(question, VDA63_2016)).toBe('P6');
      const sub = vdaSubElementOf(question, VDA63_2016)!;
      bySubElement.set(sub, (bySubElement.get(sub) ?? 0) + 1);
    }
    expect([...bySubElement.keys()].sort()).toEqual(['U1', 'U2', 'U3', 'U4', 'U5', 'U6']);
    for (const count of bySubElement.values()) expect(count).toBeGreaterThanOrEqual(3);
    // The other elements keep two-part numbers.
    for (const entry of PROCESS_AUDIT_CATALOGUE.filter((e) => e.category.id !== '6')) {
      for (const q of entry.questions) expect(q.no).toMatch(/^\d\.\d+$/);
    }
  });

  it('marks the questions with a special risk, spread over P2 to P7 (issue 19)', () => {
    const starred = PROCESS_AUDIT_CATALOGUE.flatMap((entry) =>
      entry.questions.filter((q) => q.specialRisk === true).map((q) => q.no),
    );
    expect(starred.length).toBeGreaterThanOrEqual(8);
    expect(starred.length).toBeLessThanOrEqual(12);
    expect(new Set(starred.map((no) => no.split('.')[0]))).toEqual(
      new Set(['2', '3', '4', '5', '6', '7']),
    );
    // Capability, nonconforming parts and traceability in series production are among them.
    expect(starred).toEqual(expect.arrayContaining(['6.2.4', '6.4.2', '6.6.1']));
  });

  it('accepts three-part numbers and refuses other shapes', () => {
    const [first] = PROCESS_AUDIT_CATALOGUE;
    const withNo = (no: string) =>
      processAuditCatalogueSchema.safeParse([
        { ...first!, questions: [{ ...first!.questions[0]!, no }] },
      ]).success;
    expect(withNo('2.1.3')).toBe(true);
    expect(withNo('2.1')).toBe(true);
    expect(withNo('2')).toBe(false);
    expect(withNo('2.1.3.4')).toBe(false);
    expect(withNo('2.x')).toBe(false);
  });

  it('rejects duplicate numbers and questions outside their category', () => {
    const [first] = PROCESS_AUDIT_CATALOGUE;
    const twice = processAuditCatalogueSchema.safeParse([first, first]);
    expect(twice.success).toBe(false);
    expect(twice.error!.issues[0]).toMatchObject({
      message: 'config.duplicateId',
      params: { value: first!.category.id },
    });
    const moved = { ...first!, category: { ...first!.category, id: '9' } };
    expect(processAuditCatalogueSchema.safeParse([moved]).success).toBe(false);
  });
});

describe('catalogueQuestions', () => {
  it('turns the catalogue into valid question data in the chosen language', () => {
    const questions = catalogueQuestions(PROCESS_AUDIT_CATALOGUE, 'en', {
      capabilityLimits: limits,
    });
    const count = PROCESS_AUDIT_CATALOGUE.reduce((sum, entry) => sum + entry.questions.length, 0);
    expect(questions).toHaveLength(count);
    for (const question of questions) expect(questionSchema.parse(question)).toEqual(question);
    expect(questions[0]).toMatchObject({
      no: '2.1',
      category: 'Project control',
      category_id: '2',
      importance: '',
      chapters: [],
    });
    const german = catalogueQuestions(PROCESS_AUDIT_CATALOGUE, 'de', { capabilityLimits: limits });
    expect(german[0]?.category).toBe('Projektsteuerung');
    expect(german[0]?.text).toBe(PROCESS_AUDIT_CATALOGUE[0]?.questions[0]?.de.text);
  });

  it('carries the *-flag and no sub-element (the number says it)', () => {
    const questions = catalogueQuestions(PROCESS_AUDIT_CATALOGUE, 'de', {
      capabilityLimits: limits,
    });
    const byNo = new Map(questions.map((q) => [q.no, q]));
    expect(byNo.get('6.6.1')?.specialRisk).toBe(true);
    expect(byNo.get('6.1.1')).not.toHaveProperty('specialRisk');
    expect(byNo.get('3.4')?.specialRisk).toBe(true);
    for (const question of questions) expect(question).not.toHaveProperty('vdaSubElement');
    expect(questions.filter((q) => q.specialRisk).length).toBe(
      PROCESS_AUDIT_CATALOGUE.flatMap((e) => e.questions).filter((q) => q.specialRisk).length,
    );
  });

  it('fills in the configured capability limits', () => {
    const text = (machine: number, longTerm: number) =>
      catalogueQuestions(PROCESS_AUDIT_CATALOGUE, 'en', { capabilityLimits: { machine, longTerm } })
        .map((q) => q.text)
        .join('\n');
    expect(text(1.67, 1.33)).toContain('machines above 1.67, the process long-term above 1.33');
    expect(text(2, 1.5)).toContain('machines above 2, the process long-term above 1.5');
    expect(text(1.67, 1.33)).not.toMatch(/\{\w+\}/);
  });

  it('links each question to its category chapter when a standard is given', () => {
    const [question] = catalogueQuestions(PROCESS_AUDIT_CATALOGUE, 'de', {
      capabilityLimits: limits,
      standardId: 'vda-6-3',
    });
    expect(question?.chapters).toEqual([
      { id: '2', standard: 'vda-6-3', description: 'Projektsteuerung' },
    ]);
  });
});
