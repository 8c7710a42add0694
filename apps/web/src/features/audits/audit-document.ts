import type { JsonValue } from '@qa/sync';

function text(value: JsonValue | undefined): string | undefined {
  return typeof value === 'string' || typeof value === 'number' ? String(value) : undefined;
}

/** A field shown in the header: strings as they are, lists joined, anything else left out. */
export function displayValue(value: JsonValue | undefined): string {
  if (Array.isArray(value))
    return value
      .map((item) => displayValue(item))
      .filter(Boolean)
      .join(', ');
  if (typeof value === 'object' && value !== null) {
    return Object.values(value)
      .map((item) => displayValue(item))
      .filter(Boolean)
      .join(', ');
  }
  return text(value) ?? '';
}
