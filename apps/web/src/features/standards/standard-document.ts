import type { JsonObject } from '@qa/sync';

export interface StandardRow {
  id: string;
  name: string;
  description: string;
  chapters: { id: string; description: string }[];
}

/** A standards document as the screens show it; malformed fields become empty, never a crash. */
export function standardRow(id: string, data: JsonObject): StandardRow {
  const chapters = Array.isArray(data.chapters)
    ? data.chapters.flatMap((chapter) =>
        typeof chapter === 'object' && chapter !== null && !Array.isArray(chapter)
          ? [{ id: String(chapter.id ?? ''), description: String(chapter.description ?? '') }]
          : [],
      )
    : [];
  return {
    id,
    name: typeof data.name === 'string' ? data.name : id,
    description: typeof data.description === 'string' ? data.description : '',
    chapters,
  };
}
