import {
  chapterDescriptionIn,
  configSegmentOrDefault,
  STANDARDS_COLLECTION,
  type AudititemConfig,
  type CategoriesConfig,
  type ChapterRef,
  type FindingConfig,
} from '@qa/domain';
import type { JsonValue } from '@qa/sync';
import { useMemo } from 'react';
import { useLanguage } from '../../../lib/i18n/use-language';
import { useDocument } from '../../../lib/sync/use-document';
import { useQuery } from '../../../lib/sync/use-query';

export interface PreparationConfig {
  categories: CategoriesConfig['categories'];
  audititem: AudititemConfig;
  findingTypes: FindingConfig['types'];
}

/** The configuration the preparation tab reads: categories, importances, finding types. */
export function usePreparationConfig(): PreparationConfig {
  const categories = useDocument('configuration', 'categories').document?.data;
  const audititem = useDocument('configuration', 'audititem').document?.data;
  const finding = useDocument('configuration', 'finding').document?.data;
  return useMemo(
    () => ({
      // Each segment as stored, or its default while missing or invalid; parsed once per
      // document for every component that reads it (configSegmentOrDefault).
      categories: configSegmentOrDefault('categories', categories).categories,
      audititem: configSegmentOrDefault('audititem', audititem),
      findingTypes: configSegmentOrDefault('finding', finding).types,
    }),
    [categories, audititem, finding],
  );
}

export interface AuditStandard {
  id: string;
  name: string;
  chapters: { id: string; description: string }[];
}

const STANDARDS_QUERY = { collection: STANDARDS_COLLECTION, filters: [] };

/** The audit's standard ids: a single id or a list (a combined audit). */
export function auditStandardIds(value: JsonValue | undefined): string[] {
  if (typeof value === 'string') return value === '' ? [] : [value];
  return Array.isArray(value)
    ? value.filter((entry): entry is string => typeof entry === 'string' && entry !== '')
    : [];
}

/**
 * The audit's standards as this device has them (the standards collection is small and
 * replicated whole) and their chapters as the references a question stores, a default
 * standard's chapter titles in the user's language.
 */
export function useAuditStandards(standardIds: readonly string[]): {
  standards: AuditStandard[];
  chapters: ChapterRef[];
} {
  const { documents } = useQuery(STANDARDS_QUERY);
  const { language } = useLanguage();
  const key = standardIds.join('\n');
  return useMemo(() => {
    const ids = key === '' ? [] : key.split('\n');
    const standards = ids.flatMap((id) => {
      const doc = documents.find((entry) => entry.id === id);
      if (!doc) return [];
      const chapters = Array.isArray(doc.data.chapters) ? doc.data.chapters : [];
      return [
        {
          id,
          name: typeof doc.data.name === 'string' ? doc.data.name : id,
          chapters: chapters.flatMap((chapter) =>
            chapter !== null &&
            typeof chapter === 'object' &&
            !Array.isArray(chapter) &&
            typeof chapter.id === 'string'
              ? [
                  {
                    id: chapter.id,
                    description: chapterDescriptionIn(
                      id,
                      chapter.id,
                      typeof chapter.description === 'string' ? chapter.description : '',
                      language,
                    ),
                  },
                ]
              : [],
          ),
        },
      ];
    });
    const chapters = standards.flatMap((standard) =>
      standard.chapters.map((chapter) => ({ ...chapter, standard: standard.id })),
    );
    return { standards, chapters };
  }, [documents, key, language]);
}
