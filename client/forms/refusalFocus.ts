import { useCallback, useEffect, useRef, useState } from 'react';
import { announce } from '@client/components/announce';

const FOCUSABLE = 'input, select, textarea, button, [contenteditable="true"], [tabindex]';

/** The texts that describe `element` (its error), unless one of them is an alert, which speaks for itself. */
function description(element: HTMLElement): string {
  const parts = (element.getAttribute('aria-describedby') ?? '').split(/\s+/).map((id) => document.getElementById(id)).filter((e) => e !== null);
  if (parts.some((part) => part.closest('[role="alert"]'))) return '';
  return parts.map((part) => part.textContent?.trim() ?? '').filter(Boolean).join(' ');
}

/**
 * After a refused submit: the form's first field marked invalid (or its alert) is brought on screen
 * and, when it can be, focused, so the reason is seen and read out even when the field is far
 * above the button (a phone). A field that had the focus already (Enter pressed in it) is not read
 * again by screen readers: its error is said instead.
 */
export function focusFirstError(form: HTMLFormElement | null) {
  const first = form?.querySelector<HTMLElement>('[aria-invalid="true"], [role="alert"]');
  if (!first) return;
  const target = first.matches(FOCUSABLE) ? first : first.querySelector<HTMLElement>(FOCUSABLE);
  first.scrollIntoView?.({ block: 'center' });
  if (target && target === document.activeElement) {
    const said = description(first);
    if (said) announce(said);
  }
  target?.focus({ preventScroll: true });
}

/**
 * A form's ref, and a call for each refused submit (its own checks or the server's): once the
 * refusal's errors are drawn, the first of them takes the focus (`focusFirstError`).
 */
export function useRefusalFocus() {
  const form = useRef<HTMLFormElement>(null);
  const [refusals, setRefusals] = useState(0);
  useEffect(() => {
    if (refusals) focusFirstError(form.current);
  }, [refusals]);
  const refused = useCallback(() => setRefusals((n) => n + 1), []);
  return { form, refused };
}
