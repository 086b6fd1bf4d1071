const FOCUSABLE = 'input, select, textarea, button, [contenteditable="true"], [tabindex]';

/**
 * After a refused submit: the form's first field marked invalid (or its alert) is brought on screen
 * and, when it can be, focused, so the reason is seen and read out even when the field is far
 * above the button (a phone). Returns whether there was one.
 */
export function focusFirstError(form: HTMLFormElement | null): boolean {
  const first = form?.querySelector<HTMLElement>('[aria-invalid="true"], [role="alert"]');
  if (!first) return false;
  const target = first.matches(FOCUSABLE) ? first : first.querySelector<HTMLElement>(FOCUSABLE);
  first.scrollIntoView?.({ block: 'center' });
  target?.focus({ preventScroll: true });
  return true;
}
