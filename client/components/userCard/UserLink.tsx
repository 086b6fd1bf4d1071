import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { UserHoverCard } from './UserHoverCard';
import styles from './UserCard.module.css';

const OPEN_DELAY_MS = 350;
const CLOSE_DELAY_MS = 150;
const CARD_WIDTH = 300;

interface UserLinkProps {
  id: number;
  className?: string;
  /** Given by <Trans> when the link sits inside a translated sentence. */
  children?: ReactNode;
}

/**
 * A link to a user's space that shows their card (the user hover card) while hovered or focused.
 * Escape closes the card; it holds links of its own, so focus may move into it.
 */
export function UserLink({ id, className, children }: UserLinkProps) {
  const [open, setOpen] = useState(false);
  const [alignEnd, setAlignEnd] = useState(false);
  const rootRef = useRef<HTMLSpanElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);

  const later = (next: boolean, delay: number) => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      if (next && rootRef.current) setAlignEnd(rootRef.current.getBoundingClientRect().left + CARD_WIDTH > window.innerWidth - 8);
      setOpen(next);
    }, delay);
  };
  useEffect(() => () => clearTimeout(timer.current), []);

  return (
    <span
      ref={rootRef}
      className={styles.root}
      onMouseEnter={() => later(true, OPEN_DELAY_MS)}
      onMouseLeave={() => later(false, CLOSE_DELAY_MS)}
      onFocus={() => later(true, 0)}
      onBlur={(e) => {
        if (!rootRef.current?.contains(e.relatedTarget as Node | null)) later(false, 0);
      }}
      onKeyDown={(e) => {
        if (e.key === 'Escape' && open) {
          e.stopPropagation();
          setOpen(false);
        }
      }}
    >
      <Link to={`/space/${id}`} className={className}>
        {children}
      </Link>
      {open && <UserHoverCard id={id} alignEnd={alignEnd} />}
    </span>
  );
}
