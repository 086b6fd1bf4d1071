import type { ReactNode } from 'react';
import styles from './Card.module.css';

interface CardProps {
  title?: ReactNode;
  description?: ReactNode;
  /** Controls placed at the end of the header. */
  actions?: ReactNode;
  id?: string;
  /** The content runs to the card's edges (tables, lists). */
  flush?: boolean;
  children: ReactNode;
}

/** A bordered surface that groups one piece of a page, with an optional header. */
export function Card({ title, description, actions, id, flush, children }: CardProps) {
  return (
    <section className={styles.card} id={id} aria-labelledby={title && id ? `${id}-title` : undefined}>
      {title && (
        <header className={styles.header}>
          <div>
            <h2 className={styles.title} id={id ? `${id}-title` : undefined}>
              {title}
            </h2>
            {description && <p className={styles.description}>{description}</p>}
          </div>
          {actions}
        </header>
      )}
      <div className={flush ? undefined : styles.body}>{children}</div>
    </section>
  );
}
