import type { ChapterRef, Question } from '../audit/audit-item.schema';
import { DEFAULT_AUDITITEM_CONFIG } from '../config/audititem.config';
import { formatMessage, type Language } from '../messages/message';
import { importMessages } from '../messages/imports.messages';
import { importIssue, type ImportIssue, type ImportReport } from './import-report';
import { readSemicolonCsv, type CsvRow } from './semicolon-csv.parser';
import { slugify, uniqueId } from './slug';

/** Columns of the audit-item CSV (header names are matched case-insensitively). */
export const AUDIT_ITEM_CSV_COLUMNS = [
  'text',
  'hint',
  'description',
  'category',
  'category_id',
  'subcategory',
  'no',
  'importance',
  'chapter_id',
  'weight',
  // VDA 6.3 (issue 19): the *-flag and the P6 sub-element when not the one the number says.
  'special_risk',
  'sub_element',
] as const;

/** `special_risk` cells meaning yes / no (compared case-insensitively; empty = no). */
const SPECIAL_RISK_YES = ['1', 'ja', 'yes', 'x', '*', 'true'];
const SPECIAL_RISK_NO = ['0', 'nein', 'no', 'false'];
/** `sub_element` cells: U1 to U6 (any case) or empty (by number). */
const SUB_ELEMENT_PATTERN = /^U[1-6]$/;

const WEIGHT_PATTERN = /^\d+$/;
/** "2", "2.1", "2.1.3a": digits, optional dotted digit parts, optional trailing letters. */
const NO_PATTERN = /^\d+(\.\d+)*[A-Za-z]*$/;
/** Chapter ids that look like chapter numbers: "4", "4.2", "8.5.1". */
const CHAPTER_NUMBER_PATTERN = /^\d+(\.\d+)*$/;

export interface ImportCategory {
  id: string;
  name: string;
}

export interface AuditItemCsvContext {
  /** The standard the items belong to; chapters are mapped against its chapters. */
  standard?: { id: string; chapters: readonly { id: string; description: string }[] };
  /** Categories already configured; matched by id, and by name when only a name is given. */
  categories?: readonly ImportCategory[];
  /** Language of the generic description of an unmappable chapter ("Kapitel 4.2"). */
  language?: Language;
  /**
   * Importance ids a row may give (configuration `audititem.importImportances`; default '0',
   * '1', '3', '9'); anything else becomes '' = not defined.
   */
  importImportances?: readonly string[];
  /** Weight of a row without a valid one (configuration `audititem.defaultImportWeight`; 1). */
  defaultImportWeight?: number;
}

/** The import settings a row needs, from the context or the default configuration. */
interface RowSettings {
  importances: readonly string[];
  defaultWeight: number;
}

/** One imported item: question data for `questionSchema` plus its weight. */
export interface ImportedAuditItem {
  question: Question;
  Weight: number;
}

export interface AuditItemCsvReport extends ImportReport<ImportedAuditItem> {
  /** Categories that a name-only row introduced, with their generated ids. */
  newCategories: ImportCategory[];
}

/**
 * Parses the audit-item CSV import (SPEC section 5). Rows are reported by their 1-based line
 * number in the file (header = line 1). Errors: missing header or `text` column, rows without
 * text ("Invalid CSV Row ignored"), unterminated quotes, no valid item at all. Warnings (row
 * imported with a repair): weight not digits (-> the default import weight, 1), bad `no` (-> the
 * data-row index), bad
 * importance (-> '' = not defined), unmappable or invalid chapter ids, category conflicts.
 * Row errors (row ignored): a `special_risk` that is no yes/no value, a `sub_element` other than
 * U1 to U6 (issue 19).
 */
export function parseAuditItemCsv(
  text: string,
  context: AuditItemCsvContext = {},
): AuditItemCsvReport {
  const table = readSemicolonCsv(text);
  const report: AuditItemCsvReport = {
    records: [],
    errors: [...table.errors],
    warnings: [],
    newCategories: [],
  };
  const keys = table.header.map((name) => name.toLowerCase());
  if (table.header.length > 0 && !keys.includes('text')) {
    report.errors.push(importIssue('import.csv.headerMissing', undefined, { column: 'text' }));
  }
  if (report.errors.some((issue) => issue.row === undefined)) return report;
  for (const column of table.header) {
    if (!(AUDIT_ITEM_CSV_COLUMNS as readonly string[]).includes(column.toLowerCase())) {
      report.warnings.push(importIssue('import.csv.unknownColumn', undefined, { column }));
    }
  }

  const categories = new CategoryResolver(context.categories ?? []);
  const chapters = new ChapterResolver(context);
  const settings: RowSettings = {
    importances: context.importImportances ?? DEFAULT_AUDITITEM_CONFIG.importImportances,
    defaultWeight: context.defaultImportWeight ?? DEFAULT_AUDITITEM_CONFIG.defaultImportWeight,
  };
  table.rows.forEach((row, index) => {
    const item = parseRow(row, index + 1, settings, categories, chapters, report.warnings);
    if (item === null) report.errors.push(importIssue('import.csv.invalidRow', row.line));
    else if ('question' in item) report.records.push(item);
    else report.errors.push(item.error);
  });
  report.newCategories = categories.created;
  for (const category of categories.created) {
    report.warnings.push(
      importIssue('import.auditItems.categoryCreated', undefined, {
        categoryId: category.id,
        name: category.name,
      }),
    );
  }
  if (report.records.length === 0) report.errors.push(importIssue('import.auditItems.noValidItem'));
  return report;
}

function parseRow(
  row: CsvRow,
  dataIndex: number,
  settings: RowSettings,
  categories: CategoryResolver,
  chapters: ChapterResolver,
  warnings: ImportIssue[],
): ImportedAuditItem | { error: ImportIssue } | null {
  const get = (column: string) => row.values.get(column) ?? '';
  const text = get('text');
  if (text === '') return null;

  const specialRiskText = get('special_risk');
  const specialRiskKey = specialRiskText.toLowerCase();
  if (
    specialRiskText !== '' &&
    !SPECIAL_RISK_YES.includes(specialRiskKey) &&
    !SPECIAL_RISK_NO.includes(specialRiskKey)
  ) {
    return {
      error: importIssue('import.auditItems.specialRiskInvalid', row.line, {
        value: specialRiskText,
      }),
    };
  }
  const subElement = get('sub_element').toUpperCase();
  if (subElement !== '' && !SUB_ELEMENT_PATTERN.test(subElement)) {
    return {
      error: importIssue('import.auditItems.subElementInvalid', row.line, {
        value: get('sub_element'),
      }),
    };
  }

  const weightText = get('weight');
  let Weight = settings.defaultWeight;
  if (WEIGHT_PATTERN.test(weightText)) Weight = Number(weightText);
  else if (weightText !== '') {
    warnings.push(
      importIssue('import.auditItems.weightInvalid', row.line, {
        value: weightText,
        fallback: settings.defaultWeight,
      }),
    );
  }

  // "Row index" = position among the data rows (1-based), so items without a number keep
  // the order of the file.
  let no = get('no');
  if (!NO_PATTERN.test(no)) {
    if (no !== '') {
      warnings.push(
        importIssue('import.auditItems.noInvalid', row.line, { value: no, fallback: dataIndex }),
      );
    }
    no = String(dataIndex);
  }

  let importance = get('importance');
  if (!settings.importances.includes(importance)) {
    if (importance !== '') {
      warnings.push(
        importIssue('import.auditItems.importanceInvalid', row.line, {
          value: importance,
          allowed: settings.importances.join(', '),
        }),
      );
    }
    importance = '';
  }

  const category = categories.resolve(get('category_id'), get('category'), row.line, warnings);
  return {
    question: {
      text,
      hint: get('hint'),
      description: get('description'),
      category: category.name,
      category_id: category.id,
      subcategory: get('subcategory'),
      no,
      importance,
      chapters: chapters.resolve(get('chapter_id'), row.line, warnings),
      ...(SPECIAL_RISK_YES.includes(specialRiskKey) ? { specialRisk: true } : {}),
      ...(subElement !== '' ? { vdaSubElement: subElement as Question['vdaSubElement'] } : {}),
    },
    Weight,
  };
}

class ChapterResolver {
  private readonly known = new Map<string, string>();
  private readonly standardId: string;
  private readonly language: Language;

  constructor(context: AuditItemCsvContext) {
    this.standardId = context.standard?.id ?? '';
    this.language = context.language ?? 'de';
    for (const chapter of context.standard?.chapters ?? []) {
      this.known.set(chapter.id, chapter.description);
    }
  }

  resolve(cell: string, line: number, warnings: ImportIssue[]): ChapterRef[] {
    const refs: ChapterRef[] = [];
    const ids = cell
      .split(',')
      .map((id) => id.trim())
      .filter((id) => id !== '');
    for (const id of new Set(ids)) {
      const description = this.known.get(id);
      if (description !== undefined) {
        refs.push({ id, standard: this.standardId, description });
      } else if (CHAPTER_NUMBER_PATTERN.test(id)) {
        warnings.push(importIssue('import.auditItems.chapterUnmappable', line, { chapterId: id }));
        const generic = formatMessage(
          importMessages,
          { key: 'import.auditItems.chapterGenericDescription', params: { chapterId: id } },
          this.language,
        );
        refs.push({ id, standard: this.standardId, description: generic });
      } else {
        warnings.push(importIssue('import.auditItems.chapterInvalid', line, { chapterId: id }));
      }
    }
    return refs;
  }
}

class CategoryResolver {
  readonly created: ImportCategory[] = [];
  private readonly byId = new Map<string, string>();
  private readonly byName = new Map<string, string>();
  private readonly reportedUnknown = new Set<string>();

  constructor(known: readonly ImportCategory[]) {
    for (const category of known) this.remember(category);
  }

  private remember(category: ImportCategory): void {
    if (!this.byId.has(category.id)) this.byId.set(category.id, category.name);
    const nameKey = category.name.trim().toLowerCase();
    if (nameKey !== '' && !this.byName.has(nameKey)) this.byName.set(nameKey, category.id);
  }

  resolve(id: string, name: string, line: number, warnings: ImportIssue[]): ImportCategory {
    if (id !== '') {
      const knownName = this.byId.get(id);
      if (knownName === undefined) {
        // An unknown id with a name introduces the category; an unknown bare id is kept but
        // reported once, since nothing can name it.
        if (name !== '') {
          const category = { id, name };
          this.remember(category);
          this.created.push(category);
          return category;
        }
        if (!this.reportedUnknown.has(id)) {
          this.reportedUnknown.add(id);
          warnings.push(importIssue('import.auditItems.categoryUnknown', line, { categoryId: id }));
        }
        return { id, name: '' };
      }
      if (name !== '' && name.toLowerCase() !== knownName.toLowerCase()) {
        warnings.push(
          importIssue('import.auditItems.categoryNameMismatch', line, {
            categoryId: id,
            name,
            knownName,
          }),
        );
      }
      return { id, name: knownName };
    }
    if (name === '') return { id: '', name: '' };
    const knownId = this.byName.get(name.toLowerCase());
    if (knownId !== undefined) return { id: knownId, name: this.byId.get(knownId) ?? name };
    const category = {
      id: uniqueId(slugify(name) || 'category', new Set(this.byId.keys())),
      name,
    };
    this.remember(category);
    this.created.push(category);
    return category;
  }
}

/**
 * The CSV field of an import dialog (the template page's "import audit items", issue 14): an
 * empty field is refused with 'Field must not be empty' (SPEC section 5, template import);
 * anything else is parsed with `parseAuditItemCsv`, report and all.
 */
export function parseItemImportField(
  text: string,
  context: AuditItemCsvContext = {},
): AuditItemCsvReport {
  if (text.trim() === '') {
    return {
      records: [],
      errors: [importIssue('import.fieldRequired')],
      warnings: [],
      newCategories: [],
    };
  }
  return parseAuditItemCsv(text, context);
}
