import { decodeLatin1Csv, MAX_DOCUMENTS_PER_COMMAND, type ImportedAuditItem } from '@qa/domain';
import { MAX_ARGS_JSON_LENGTH, type JsonObject, type JsonValue } from '@qa/sync';

/** One item of `auditItem.import`: the parsed question with the client's id. */
export interface ImportItem extends JsonObject {
  id: string;
  question: JsonObject;
  Weight: number;
}

/**
 * The valid records as command items. `importance` (the dialog's choice, '' = none) is given to
 * the questions the file left without importance; a row's own valid importance wins.
 */
export function importItems(
  records: readonly ImportedAuditItem[],
  importance: string,
  newId: () => string,
): ImportItem[] {
  return records.map((record) => ({
    id: newId(),
    question: JSON.parse(
      JSON.stringify({
        ...record.question,
        importance: record.question.importance || importance,
      }),
    ) as JsonObject,
    Weight: record.Weight,
  }));
}

/** Room left in one command's args for the audit id and the JSON around the list. */
const ARGS_OVERHEAD = 1_024;

/**
 * The items cut into batches that each fit one command: the protocol limits a command's args
 * to 256 KiB of JSON and the command to 2,000 documents. Order is kept.
 */
export function importBatches(
  items: readonly ImportItem[],
  maxChars = MAX_ARGS_JSON_LENGTH - ARGS_OVERHEAD,
  maxCount = MAX_DOCUMENTS_PER_COMMAND,
): ImportItem[][] {
  const batches: ImportItem[][] = [];
  let current: ImportItem[] = [];
  let size = 0;
  for (const item of items) {
    const itemSize = JSON.stringify(item as JsonValue).length + 1;
    if (current.length > 0 && (size + itemSize > maxChars || current.length >= maxCount)) {
      batches.push(current);
      current = [];
      size = 0;
    }
    current.push(item);
    size += itemSize;
  }
  if (current.length > 0) batches.push(current);
  return batches;
}

/**
 * A file's text: UTF-8 when it is valid UTF-8 (with or without BOM), else Windows-1252, as
 * spreadsheet programs write CSV on German systems.
 */
export function decodeCsvBytes(bytes: Uint8Array): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes).replace(/^\uFEFF/, '');
  } catch {
    return decodeLatin1Csv(bytes);
  }
}
