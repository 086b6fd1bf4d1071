import { useTranslation } from 'react-i18next';
import { PRIVILEGE_WEIGHT, type Privilege } from '@shared/privileges';
import { Badge, badgeListClass, type Tone } from './Badge';

/** Staff read as warm colours by rank; restrictions read as danger. */
const TONE: Record<Privilege, Tone> = {
  root: 'danger',
  super: 'warning',
  admin: 'accent',
  dev: 'violet',
  test: 'info',
  volunteer: 'success',
  normal: 'neutral',
  bot: 'info',
  blacklisted: 'danger',
  freezed: 'neutral',
};

const isPrivilege = (p: string): p is Privilege => p in TONE;

/** One privilege as a badge, e.g. written as `{privilege:admin}` in user text. */
export function PrivilegeBadge({ privilege }: { privilege: Privilege }) {
  const { t } = useTranslation();
  return <Badge tone={TONE[privilege]}>{t(`privileges.${privilege}`)}</Badge>;
}

/**
 * A user's privileges as badges, the weightiest first: a list, or (`inline`, where a list may not
 * stand, as in a menu) a run of badges.
 */
export function PrivilegeBadges({ privileges, inline }: { privileges: readonly string[]; inline?: boolean }) {
  const { t } = useTranslation();
  const known = privileges.filter(isPrivilege).sort((a, b) => PRIVILEGE_WEIGHT[b] - PRIVILEGE_WEIGHT[a]);
  if (inline)
    return (
      <span className={badgeListClass}>
        {known.map((p) => (
          <PrivilegeBadge key={p} privilege={p} />
        ))}
      </span>
    );
  return (
    <ul className={badgeListClass} aria-label={t('privileges.label')}>
      {known.map((p) => (
        <li key={p}>
          <Badge tone={TONE[p]}>{t(`privileges.${p}`)}</Badge>
        </li>
      ))}
    </ul>
  );
}
