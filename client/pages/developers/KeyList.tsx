import { useTranslation } from 'react-i18next';
import type { AppKey } from '@shared/schemas/applications';
import { Badge } from '@client/components/Badge';
import { Button } from '@client/components/Button';
import { DateTime } from '@client/components/DateTime';
import styles from './DevelopersPage.module.css';

interface KeyListProps {
  keys: readonly AppKey[];
  busy: boolean;
  onRotate?: (key: AppKey) => void;
  onRevoke?: (key: AppKey) => void;
}

/** An application's keys: name, first characters, scopes, times; rotate and revoke where offered (the owner's view). */
export function KeyList({ keys, busy, onRotate, onRevoke }: KeyListProps) {
  const { t } = useTranslation();
  if (keys.length === 0) return <p className={styles.muted}>{t('developers.keys.none')}</p>;
  return (
    <ul className={styles.keys} aria-label={t('developers.keys.title')}>
      {keys.map((key) => (
        <li key={key.id} className={styles.key} data-key-id={key.id}>
          <div className={styles.itemHead}>
            <strong dir="auto">{key.name}</strong>
            <code>{key.prefix}…</code>
            {key.revokedTime ? (
              <Badge tone="danger">{t('developers.keys.revoked')}</Badge>
            ) : !key.live ? (
              <Badge>{t('developers.keys.expired')}</Badge>
            ) : key.expiresTime ? (
              <Badge tone="warning">{t('developers.keys.rotating')}</Badge>
            ) : (
              <Badge tone="success">{t('developers.keys.live')}</Badge>
            )}
          </div>
          <p className={styles.meta}>{key.scopes.map((s) => t(`developers.scope.${s}`)).join(' · ')}</p>
          <p className={styles.meta}>
            {t('developers.keys.created')} <DateTime value={key.createTime} /> ·{' '}
            {key.lastUsedTime ? (
              <>
                {t('developers.keys.lastUsed')} <DateTime value={key.lastUsedTime} />
              </>
            ) : (
              t('developers.keys.neverUsed')
            )}
            {key.live && key.expiresTime && (
              <>
                {' · '}
                {t('developers.keys.endsAt')} <DateTime value={key.expiresTime} />
              </>
            )}
          </p>
          {key.live && (onRotate || onRevoke) && (
            <div className={styles.actions}>
              {onRotate && !key.expiresTime && (
                <Button size="sm" disabled={busy} onClick={() => onRotate(key)}>
                  {t('developers.keys.rotate')}
                </Button>
              )}
              {onRevoke && (
                <Button size="sm" variant="danger" disabled={busy} onClick={() => onRevoke(key)}>
                  {t('developers.keys.revoke')}
                </Button>
              )}
            </div>
          )}
        </li>
      ))}
    </ul>
  );
}
