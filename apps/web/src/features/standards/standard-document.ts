import { chapterDescriptionIn, standardDescriptionIn } from '@qa/domain';
import type { JsonObject } from '@qa/sync';
import type { Language } from '../../lib/i18n/detect-language';

export interface StandardRow {
  id: string;
  name: string;
  description: string;
  chapters: { id: string; description: string }[];
}

/**
 * A standards document as the screens show it; malformed fields become empty, never a crash.
 * With a language, the default standards' texts as shipped are in that language (issue 34.6).
 */
export function standardRow(id: string, data: JsonObject, language?: Language): StandardRow {
  const chapters = Array.isArray(data.chapters)
    ? data.chapters.flatMap((chapter) =>
        typeof chapter === 'object' && chapter !== null && !Array.isArray(chapter)
          ? [{ id: String(chapter.id ?? ''), description: String(chapter.description ?? '') }]
          : [],
      )
    : [];
  const description = typeof data.description === 'string' ? data.description : '';
  return {
    id,
    name: typeof data.name === 'string' ? data.name : id,
    description: language ? standardDescriptionIn(id, description, language) : description,
    chapters: language
      ? chapters.map((chapter) => ({
          id: chapter.id,
          description: chapterDescriptionIn(id, chapter.id, chapter.description, language),
        }))
      : chapters,
  };
}
