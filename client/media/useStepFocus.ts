import { useEffect, useRef, type RefObject } from 'react';

const FOCUSABLE = 'button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), a[href], [tabindex]:not([tabindex="-1"])';

/**
 * When a step of a dialog replaces the one before, the control that had focus is gone and focus
 * would fall back to the page behind the dialog: it goes to the new step's first control instead,
 * as soon as one is drawn (a step may first wait for its picture).
 */
export function useStepFocus(step: number, within: RefObject<HTMLElement | null>) {
  const shown = useRef(step);
  const pending = useRef(false);
  useEffect(() => {
    if (shown.current !== step) {
      shown.current = step;
      pending.current = true;
    }
    const area = within.current;
    if (!pending.current || !area) return;
    if (area.contains(document.activeElement)) {
      pending.current = false;
      return;
    }
    const first = area.querySelector<HTMLElement>(FOCUSABLE);
    if (!first) return;
    first.focus();
    pending.current = false;
  });
}
