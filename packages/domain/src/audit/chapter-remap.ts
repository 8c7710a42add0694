import { importIssue, type ImportIssue } from '../imports/import-report';
import { importMessages } from '../messages/imports.messages';
import { formatMessage, type Language } from '../messages/message';
import type { ChapterRef } from './audit-item.schema';

/** A standard the chapters are mapped onto: its id and its chapters. */
export interface ChapterTarget {
  id: string;
  chapters: readonly { id: string; description: string }[];
}

export interface ChapterRemap {
  chapters: ChapterRef[];
  /** 'import.auditItems.chapterUnmappable' per chapter the targets lack, as the CSV reports it. */
  warnings: ImportIssue[];
}

/**
 * Re-maps the chapters of a copied question (a template's or an earlier audit's) onto the
 * standards of the audit it is copied into (issue 14). A chapter id the question's own standard
 * has among the targets keeps that standard; otherwise the first target with the id takes it,
 * with the target's description. A chapter no target has is reported like an unmappable chapter
 * of the CSV import (SPEC section 5) and kept with the generic description ("Kapitel 4.2") under
 * the first target. Without targets (an audit with no standard) the chapters stay as they are.
 * `row` is the 1-based position of the question in what is copied.
 */
export function remapChapters(
  chapters: readonly ChapterRef[],
  targets: readonly ChapterTarget[],
  language: Language,
  row?: number,
): ChapterRemap {
  if (targets.length === 0)
    return { chapters: chapters.map((chapter) => ({ ...chapter })), warnings: [] };
  const out: ChapterRef[] = [];
  const warnings: ImportIssue[] = [];
  const seen = new Set<string>();
  for (const chapter of chapters) {
    if (seen.has(chapter.id)) continue;
    seen.add(chapter.id);
    const own = targets.find(
      (target) =>
        target.id === chapter.standard && target.chapters.some((entry) => entry.id === chapter.id),
    );
    const target = own ?? targets.find((entry) => entry.chapters.some((c) => c.id === chapter.id));
    const known = target?.chapters.find((entry) => entry.id === chapter.id);
    if (target && known) {
      out.push({ id: chapter.id, standard: target.id, description: known.description });
      continue;
    }
    warnings.push(
      importIssue('import.auditItems.chapterUnmappable', row, { chapterId: chapter.id }),
    );
    const generic = formatMessage(
      importMessages,
      { key: 'import.auditItems.chapterGenericDescription', params: { chapterId: chapter.id } },
      language,
    );
    out.push({ id: chapter.id, standard: targets[0]!.id, description: generic });
  }
  return { chapters: out, warnings };
}

/** The standard ids of an audit's `standard` field (one id or a list), without repeats. */
export function standardIdsOf(standard: unknown): string[] {
  const list = Array.isArray(standard) ? standard : [standard];
  return [
    ...new Set(list.filter((entry): entry is string => typeof entry === 'string' && entry !== '')),
  ];
}
