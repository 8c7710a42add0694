/** A nested catalog as dotted key -> value, the way i18next addresses it. */
export function flattenCatalog(catalog: unknown, prefix = ''): Map<string, unknown> {
  const flat = new Map<string, unknown>();
  if (typeof catalog !== 'object' || catalog === null || Array.isArray(catalog)) {
    flat.set(prefix, catalog);
    return flat;
  }
  for (const [key, value] of Object.entries(catalog)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'object' && value !== null && !Array.isArray(value)) {
      for (const [inner, innerValue] of flattenCatalog(value, path)) flat.set(inner, innerValue);
    } else {
      flat.set(path, value);
    }
  }
  return flat;
}

/** i18next plural forms: `key` may be stored as `key_one`, `key_other`, ... */
const PLURAL_SUFFIXES = ['_zero', '_one', '_two', '_few', '_many', '_other'];

export function catalogHasKey(flat: Map<string, unknown>, key: string): boolean {
  return flat.has(key) || PLURAL_SUFFIXES.some((suffix) => flat.has(`${key}${suffix}`));
}

/** The `{{name}}` placeholders of a text, sorted. */
export function placeholdersOf(text: string): string[] {
  return [...text.matchAll(/{{\s*([\w.]+)\s*(?:,[^}]*)?}}/g)].map((m) => m[1]!).sort();
}
