const TRANSLITERATION: Record<string, string> = { ä: 'ae', ö: 'oe', ü: 'ue', ß: 'ss' };

/**
 * A readable, stable id part from a display name: "Führung & Strategie" -> "fuehrung-strategie".
 * German umlauts are transliterated, other accents dropped, everything else becomes '-'.
 */
export function slugify(name: string): string {
  return name
    .toLowerCase()
    .replace(/[äöüß]/g, (char) => TRANSLITERATION[char] ?? char)
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/**
 * `base`, or `base-2`, `base-3`, ... whichever is not taken yet; cut so the result stays
 * within `maxLength`.
 */
export function uniqueId(base: string, taken: ReadonlySet<string>, maxLength = 64): string {
  const head = base.slice(0, maxLength).replace(/-+$/, '');
  if (!taken.has(head)) return head;
  for (let n = 2; ; n++) {
    const suffix = `-${n}`;
    const candidate = `${base.slice(0, maxLength - suffix.length).replace(/-+$/, '')}${suffix}`;
    if (!taken.has(candidate)) return candidate;
  }
}
