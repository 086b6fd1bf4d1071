import { useEffect, useId, useRef, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { Button } from './Button';
import { Icon } from './Icon';
import styles from './Dialog.module.css';

interface DialogProps {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
}

/** A form field of the dialog's body, the first of which takes focus when the dialog opens. */
const FIELD = 'input:not([type="hidden"]):not(:disabled), select:not(:disabled), textarea:not(:disabled)';

/**
 * A modal dialog on the native <dialog> element, which traps focus, closes on Escape and
 * returns focus to the opener by itself. It is placed at the end of the page, so a dialog
 * opened from inside a form may hold a form of its own.
 */
export function Dialog({ open, onClose, title, children, footer }: DialogProps) {
  const { t } = useTranslation();
  const ref = useRef<HTMLDialogElement>(null);
  const body = useRef<HTMLDivElement>(null);
  const titleId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      dialog.showModal();
      // The browser starts at the first control, the close button: a dialog with fields starts at its first field.
      body.current?.querySelector<HTMLElement>(FIELD)?.focus();
    }
    if (!open && dialog.open) dialog.close();
  }, [open]);

  // Drawn on the server (client/firstPaint/render.tsx) a dialog is closed, and there is no page to place it in.
  if (typeof document === 'undefined') return null;
  return createPortal(
    <dialog
      ref={ref}
      className={styles.dialog}
      aria-labelledby={titleId}
      onClose={onClose}
      onClick={(e) => {
        if (e.target === e.currentTarget) onClose();
      }}
    >
      <div className={styles.header}>
        <h2 className={styles.title} id={titleId}>
          {title}
        </h2>
        <Button variant="ghost" size="sm" iconOnly aria-label={t('common.close')} onClick={onClose}>
          <Icon name="close" />
        </Button>
      </div>
      <div className={styles.body} ref={body}>
        {children}
      </div>
      {footer && <div className={styles.footer}>{footer}</div>}
    </dialog>,
    document.body,
  );
}
