/**
 * Reading the configured fields of a list item. The lists segment names fields as document paths
 * ('question.chapters.id'); a screen may pass its own reader for a field, for computed fields
 * such as 'answered' or when its items are shaped differently from the documents.
 */

/** Per configured field path, how to read it from an item (overrides the path lookup). */
export type ListFieldReaders<T> = Readonly<Record<string, (item: T) => unknown>>;

const MAX_SEARCH_DEPTH = 6;

/**
 * The values at a dotted path. Arrays on the way are walked element by element, so
 * 'chapters.id' on `{ chapters: [{ id: '4.1' }, { id: '5' }] }` gives ['4.1', '5'].
 */
export function readPath(value: unknown, path: string): unknown[] {
  let current: unknown[] = [value];
  for (const part of path.split('.')) {
    const next: unknown[] = [];
    for (const entry of current) step(entry, part, next);
    current = next;
  }
  return current;
}

function step(entry: unknown, part: string, out: unknown[]): void {
  if (Array.isArray(entry)) {
    for (const element of entry) step(element, part, out);
    return;
  }
  if (entry !== null && typeof entry === 'object') {
    const value = (entry as Record<string, unknown>)[part];
    if (value !== undefined && value !== null) out.push(value);
  }
}

/** The raw value of a field: the screen's reader, or the path's values. */
export function readField<T>(item: T, field: string, readers?: ListFieldReaders<T>): unknown {
  const reader = readers?.[field];
  return reader ? reader(item) : readPath(item, field);
}

/**
 * Facet and group values as text, each once: arrays are flattened, numbers and booleans become
 * their text, empty texts and objects are no value (an item without a value is in no bucket).
 */
export function normalizeValues(raw: unknown): string[] {
  const out = new Set<string>();
  collectValues(raw, out);
  return [...out];
}

function collectValues(raw: unknown, out: Set<string>): void {
  if (Array.isArray(raw)) {
    for (const entry of raw) collectValues(entry, out);
  } else if (typeof raw === 'string') {
    if (raw.trim() !== '') out.add(raw);
  } else if ((typeof raw === 'number' && Number.isFinite(raw)) || typeof raw === 'boolean') {
    out.add(String(raw));
  }
}

export function fieldValues<T>(item: T, field: string, readers?: ListFieldReaders<T>): string[] {
  return normalizeValues(readField(item, field, readers));
}

/** Every text and number inside an item: the full-text search's default haystack. */
export function defaultSearchText(item: unknown): string {
  const parts: string[] = [];
  collectText(item, parts, 0);
  return parts.join(' ');
}

function collectText(value: unknown, parts: string[], depth: number): void {
  if (typeof value === 'string') parts.push(value);
  else if (typeof value === 'number' && Number.isFinite(value)) parts.push(String(value));
  else if (depth < MAX_SEARCH_DEPTH && value !== null && typeof value === 'object') {
    for (const entry of Array.isArray(value) ? value : Object.values(value)) {
      collectText(entry, parts, depth + 1);
    }
  }
}
