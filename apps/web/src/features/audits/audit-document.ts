import type { JsonObject, JsonValue } from '@qa/sync';

function text(value: JsonValue | undefined): string | undefined {
  return typeof value === 'string' || typeof value === 'number' ? String(value) : undefined;
}

/** The audit's workflow status (`workflow.status`, SPEC section 3), or the older top-level one. */
export function auditStatus(audit: JsonObject): string | undefined {
  const workflow = audit.workflow;
  const nested =
    typeof workflow === 'object' && workflow !== null && !Array.isArray(workflow)
      ? text(workflow.status)
      : undefined;
  return nested ?? text(audit.status);
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
