import * as RadixTooltip from '@radix-ui/react-tooltip';
import type { ReactNode } from 'react';
import { useFocusOnce, type Approach } from './onDemand';
import styles from './Tooltip.module.css';

/** What Tooltip (./Tooltip.tsx) takes, before and after this library arrives. */
export interface TooltipProps {
  /** The extra information, shown on hover and on keyboard focus. */
  tip: ReactNode;
  children: ReactNode;
}

/**
 * Radix's tooltip: opens on hover and focus, stays while the pointer moves onto it, closes on Escape,
 * placed above the text or wherever it fits inside the viewport; screen readers hear it as the text's description.
 */
export function TooltipPopup({ tip, children, startWith }: TooltipProps & { startWith: ReadonlySet<Approach> }) {
  const focus = useFocusOnce<HTMLSpanElement>(startWith.has('focus'));
  return (
    <RadixTooltip.Provider delayDuration={300}>
      <RadixTooltip.Root defaultOpen={startWith.size > 0}>
        <RadixTooltip.Trigger asChild>
          <span ref={focus} className={styles.anchor} tabIndex={0}>
            {children}
          </span>
        </RadixTooltip.Trigger>
        <RadixTooltip.Portal>
          <RadixTooltip.Content className={styles.tip} side="top" sideOffset={6} collisionPadding={8}>
            {tip}
          </RadixTooltip.Content>
        </RadixTooltip.Portal>
      </RadixTooltip.Root>
    </RadixTooltip.Provider>
  );
}
