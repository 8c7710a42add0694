/**
 * The deepest nesting of arrays and objects a message or request body may have. Documents and
 * command args need about ten levels, configuration segments a few more; 64 leaves room while
 * keeping every recursive reader (zod's JSON schema, JSON.stringify, applyOps, jsonEquals) far
 * from the stack limit, which a few thousand levels reach.
 */
export const MAX_JSON_DEPTH = 64;

const OPEN_BRACE = 0x7b; // {
const OPEN_BRACKET = 0x5b; // [
const CLOSE_BRACE = 0x7d; // }
const CLOSE_BRACKET = 0x5d; // ]
const QUOTE = 0x22; // "
const BACKSLASH = 0x5c; // \

/**
 * Whether JSON text nests deeper than `maxDepth`, read before it is parsed: one pass over the
 * characters, counting brackets outside strings, so it cannot overflow the stack itself. Text
 * that is not valid JSON is judged by its brackets alone; the parser refuses it afterwards.
 */
export function jsonTextTooDeep(text: string, maxDepth: number = MAX_JSON_DEPTH): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === BACKSLASH) i++;
      else if (c === QUOTE) inString = false;
    } else if (c === QUOTE) {
      inString = true;
    } else if (c === OPEN_BRACE || c === OPEN_BRACKET) {
      if (++depth > maxDepth) return true;
    } else if (c === CLOSE_BRACE || c === CLOSE_BRACKET) {
      depth--;
    }
  }
  return false;
}
