import { onDemand, useOnDemand } from './onDemand';
import type { TooltipProps } from './TooltipPopup';
import styles from './Tooltip.module.css';

const popup = onDemand(() => import('./TooltipPopup'));

/**
 * Text with a tooltip (Radix's, client/components/TooltipPopup.tsx); the text itself takes focus so
 * keyboard users reach the tip too. Until the library is approached the text is drawn the same way,
 * without its tip.
 */
export function Tooltip(props: TooltipProps) {
  const { module, startWith, approach, leave } = useOnDemand(popup);
  if (module) return <module.TooltipPopup {...props} startWith={startWith} />;
  return (
    <span
      className={styles.anchor}
      tabIndex={0}
      onPointerEnter={(e) => e.pointerType !== 'touch' && approach('pointer')}
      onPointerLeave={() => leave('pointer')}
      onFocus={() => approach('focus')}
      onBlur={() => leave('focus')}
    >
      {props.children}
    </span>
  );
}
