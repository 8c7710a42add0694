import type { Question } from '../audit/audit-item.schema';
import type { CapabilityLimits } from '../config/template.config';
import type { Language } from '../messages/message';
import type { ProcessAuditCatalogue } from './process-audit-catalogue.schema';

export interface CatalogueQuestionOptions {
  /** Fills `{machineCapability}` and `{longTermCapability}` in the texts. */
  capabilityLimits: CapabilityLimits;
  /** When given, each question is assigned the chapter of its category in this standard. */
  standardId?: string;
}

function fillLimits(text: string, limits: CapabilityLimits): string {
  return text
    .replaceAll('{machineCapability}', String(limits.machine))
    .replaceAll('{longTermCapability}', String(limits.longTerm));
}

/**
 * Turns the catalogue into the question data of template (or audit) items in one language, in
 * catalogue order. Category name and id come along so the items group by category; importance
 * stays "not defined" for the quality manager to set; a *-question keeps `specialRisk`.
 */
export function catalogueQuestions(
  catalogue: ProcessAuditCatalogue,
  language: Language,
  options: CatalogueQuestionOptions,
): Question[] {
  return catalogue.flatMap(({ category, questions }) =>
    questions.map((question) => ({
      text: fillLimits(question[language].text, options.capabilityLimits),
      hint: '',
      description: fillLimits(question[language].description, options.capabilityLimits),
      category: category[language],
      category_id: category.id,
      subcategory: '',
      no: question.no,
      importance: '',
      chapters:
        options.standardId === undefined
          ? []
          : [{ id: category.id, standard: options.standardId, description: category[language] }],
      // A *-question (issue 19); its P6 sub-element follows from its number (6.2.x is U2).
      ...(question.specialRisk ? { specialRisk: true } : {}),
    })),
  );
}
