import { Link } from 'react-router';
import { onDemand, useOnDemand } from '../onDemand';
import type { UserLinkProps } from './UserCardPopup';

const popup = onDemand(() => import('./UserCardPopup'));

/**
 * A link to a user's space that shows their card (Radix's hover card, ./UserCardPopup.tsx) while
 * hovered or focused. The card's library is fetched when the link is first approached.
 */
export function UserLink(props: UserLinkProps) {
  const { module, startWith, approach, leave } = useOnDemand(popup);
  if (module) return <module.UserCardPopup {...props} startWith={startWith} />;
  return (
    <Link
      to={`/space/${props.id}`}
      className={props.className}
      // A touch opens the link, not a card (as Radix's hover card does).
      onPointerEnter={(e) => e.pointerType !== 'touch' && approach('pointer')}
      onPointerLeave={() => leave('pointer')}
      onFocus={() => approach('focus')}
      onBlur={() => leave('focus')}
    >
      {props.children}
    </Link>
  );
}
