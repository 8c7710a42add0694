import type { VdaAnswerContext } from '@qa/domain';
import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useDomainMessage } from '../../../lib/i18n/domain-message';
import { useLanguage } from '../../../lib/i18n/use-language';
import {
  findingTypeLabel,
  importanceLabel,
  NO_CATEGORY,
  preparationComparators,
  preparationFields,
  type PreparationRow,
} from './preparation-rows';
import type { usePreparationConfig } from './use-preparation-config';

/**
 * What the generic list needs to show an audit's questions (list keys 'audititems' and
 * 'reporting'): the computed fields, the orders of importance and category, and the facet values
 * in the user's language (a category the configuration does not know by the name the items
 * store; a chapter with its description when the audit's standards are given).
 */
export function useItemListView(
  rows: readonly PreparationRow[],
  config: ReturnType<typeof usePreparationConfig>,
  chapters: readonly { id: string; description: string }[] = [],
  /** A VDA 6.3 audit's set-up: its questions are answered by their evaluations. */
  vda: VdaAnswerContext | null = null,
) {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const translate = useDomainMessage();
  const fields = useMemo(
    () => preparationFields(config.findingTypes, vda),
    [config.findingTypes, vda],
  );
  const importances = config.audititem.importances;
  const comparators = useMemo(() => preparationComparators(importances), [importances]);
  const categoryNames = useMemo(
    () => new Map(config.categories.map((option) => [option.id, option.label[language]])),
    [config.categories, language],
  );
  const noCategory = useMemo(() => translate({ key: 'scoring.noCategory' }), [translate]);
  const chapterNames = useMemo(
    () => new Map(chapters.map((chapter) => [chapter.id, chapter.description])),
    [chapters],
  );
  // Names of categories the configuration does not know, as the items store them.
  const storedCategoryNames = useMemo(() => {
    const names = new Map<string, string>();
    for (const row of rows) {
      const { category_id: id, category } = row.question;
      if (id !== '' && category !== '' && !names.has(id)) names.set(id, category);
    }
    return names;
  }, [rows]);
  const categoryLabel = useCallback(
    (id: string) =>
      id === NO_CATEGORY || id === ''
        ? noCategory
        : (categoryNames.get(id) ?? storedCategoryNames.get(id) ?? id),
    [categoryNames, storedCategoryNames, noCategory],
  );
  const formatValue = useCallback(
    (field: string, value: string) => {
      switch (field) {
        case 'question.category_id':
          return categoryLabel(value);
        case 'question.importance':
          return importanceLabel(value, importances, language);
        case 'question.chapters.id': {
          const description = chapterNames.get(value);
          return description ? `${value} ${description}` : value;
        }
        case 'answered':
          return value === 'true' ? t('preparation.answered.yes') : t('preparation.answered.no');
        case 'findingImportance':
          return findingTypeLabel(value, config.findingTypes, language);
        default:
          return value;
      }
    },
    [categoryLabel, importances, language, chapterNames, config.findingTypes, t],
  );
  return { fields, comparators, formatValue, categoryLabel };
}
