import { describe, expect, it } from 'vitest';
import { questionSchema } from '../audit/audit-item.schema';
import { DEFAULT_TEMPLATE_CONFIG } from '../config/template.config';
import { catalogueQuestions } from './process-audit-catalogue';
import { PROCESS_AUDIT_CATALOGUE } from './process-audit-catalogue.data';
import { processAuditCatalogueSchema } from './process-audit-catalogue.schema';

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
