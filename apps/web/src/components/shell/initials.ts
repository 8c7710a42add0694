/** "Erika Muster" -> "EM", "admin" -> "A": first letters of the first and last word. */
export function initialsOf(displayName: string): string {
  const words = displayName.trim().split(/\s+/).filter(Boolean);
  const first = words[0];
  if (!first) return '?';
  const last = words.length > 1 ? words[words.length - 1] : undefined;
  const letter = (word: string) => Array.from(word)[0]?.toLocaleUpperCase() ?? '';
  return `${letter(first)}${last ? letter(last) : ''}`;
}
