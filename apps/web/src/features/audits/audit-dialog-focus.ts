/** What can take focus inside a field: its input, a select's button, a date field's sections. */
const FOCUSABLE = 'input, textarea, select, button, [contenteditable="true"], [tabindex]';

function takesFocus(element: Element): element is HTMLElement {
  if (!(element instanceof HTMLElement)) return false;
  if (element.matches(':disabled') || element.closest('[aria-hidden="true"]')) return false;
  if (element instanceof HTMLInputElement && element.type === 'hidden') return false;
  // Hidden inputs that only carry a value (MUI selects and date fields) have tabindex -1.
  const tabIndex = element.getAttribute('tabindex');
  if (tabIndex !== null) return Number(tabIndex) >= 0;
  return element.matches('input, textarea, select, button, [contenteditable="true"]');
}

/**
 * After a refused save, focus goes where the user has to act (issue 18.5): the first field
 * marked invalid in the order the fields are shown, else `message` (the error), so neither a
 * keyboard nor a screen reader user is left on Save. A field is marked by `aria-invalid` on its
 * input (MUI text fields, selects, autocompletes) or on its input root (MUI X date fields, whose
 * sections take the focus); a field that cannot take focus (read-only) is passed over.
 * Returns what got the focus, or null.
 */
export function focusFirstProblem(
  container: HTMLElement | null,
  message: HTMLElement | null,
): HTMLElement | null {
  for (const invalid of container?.querySelectorAll('[aria-invalid="true"]') ?? []) {
    const field = invalid.closest('.MuiFormControl-root') ?? invalid;
    const target = [invalid, ...field.querySelectorAll(FOCUSABLE)].find(takesFocus);
    if (target) {
      target.focus();
      return target;
    }
  }
  if (!message) return null;
  // Focusable from script only: it is a message, not a stop for Tab.
  message.tabIndex = -1;
  message.focus();
  return message;
}
