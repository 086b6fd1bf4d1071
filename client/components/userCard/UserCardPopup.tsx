import * as HoverCard from '@radix-ui/react-hover-card';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useFocusOnce, type Approach } from '../onDemand';
import { UserHoverCard } from './UserHoverCard';
import styles from './UserCard.module.css';

/** What UserLink (./UserLink.tsx) takes, before and after this library arrives. */
export interface UserLinkProps {
  id: number;
  className?: string;
  /** Given by <Trans> when the link sits inside a translated sentence. */
  children?: ReactNode;
}

/**
 * Radix's hover card on a user link: opens after a short hover or on keyboard focus, stays while the
 * pointer is on the card, closes on Escape, placed below the link or wherever it fits. It adds to the
 * link and repeats nothing only it holds (the link itself leads to the space), so, as Radix makes it,
 * the card is for sighted pointer and keyboard users and is not in the tab order.
 */
export function UserCardPopup({ id, className, children, startWith }: UserLinkProps & { startWith: ReadonlySet<Approach> }) {
  const focus = useFocusOnce<HTMLAnchorElement>(startWith.has('focus'));
  return (
    <HoverCard.Root openDelay={350} closeDelay={150} defaultOpen={startWith.size > 0}>
      <HoverCard.Trigger asChild>
        <Link ref={focus} to={`/space/${id}`} className={className}>
          {children}
        </Link>
      </HoverCard.Trigger>
      <HoverCard.Portal>
        <HoverCard.Content className={styles.card} side="bottom" align="start" sideOffset={6} collisionPadding={8} data-testid="user-card">
          <UserHoverCard id={id} />
        </HoverCard.Content>
      </HoverCard.Portal>
    </HoverCard.Root>
  );
}
