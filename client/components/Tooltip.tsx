import { useId, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import styles from './Tooltip.module.css';

interface TooltipProps {
  /** The extra information, shown on hover and on keyboard focus. */
  tip: ReactNode;
  children: ReactNode;
}

const EDGE = 8;

/** Text with a tooltip; the text itself takes focus so keyboard users reach the tip too. */
export function Tooltip({ tip, children }: TooltipProps) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [shift, setShift] = useState(0);
  const tipRef = useRef<HTMLSpanElement>(null);

  // Keep the tip inside the viewport: nudge it back from whichever edge it crosses.
  useLayoutEffect(() => {
    if (!open || !tipRef.current) return;
    const rect = tipRef.current.getBoundingClientRect();
    const width = document.documentElement.clientWidth;
    setShift(rect.left < EDGE ? EDGE - rect.left : rect.right > width - EDGE ? width - EDGE - rect.right : 0);
  }, [open]);

  const show = () => {
    setShift(0);
    setOpen(true);
  };
  return (
    <span
      className={styles.anchor}
      tabIndex={0}
      aria-describedby={id}
      onMouseEnter={show}
      onMouseLeave={() => setOpen(false)}
      onFocus={show}
      onBlur={() => setOpen(false)}
      onKeyDown={(e) => e.key === 'Escape' && setOpen(false)}
    >
      {children}
      <span role="tooltip" id={id} ref={tipRef} className={open ? `${styles.tip} ${styles.open}` : styles.tip} style={{ ['--tip-shift' as string]: `${shift}px` }}>
        {tip}
      </span>
    </span>
  );
}
