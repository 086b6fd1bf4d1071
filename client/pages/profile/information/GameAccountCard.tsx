import { useTranslation } from 'react-i18next';
import type { Me } from '@client/api/types';
import { Badge } from '@client/components/Badge';
import { ButtonLink } from '@client/components/Button';
import { Card } from '@client/components/Card';
import { Icon } from '@client/components/Icon';
import styles from './Details.module.css';

/** The bound platform account, or the call to bind one (the account is locked until then). */
export function GameAccountCard({ me }: { me: Me }) {
  const { t } = useTranslation();
  const origin = me.origin;
  return (
    <Card
      title={t('profile.game.title')}
      id="game-account"
      actions={origin ? <Badge tone="success">{t('profile.game.bound')}</Badge> : <Badge tone="warning">{t('profile.game.unbound')}</Badge>}
    >
      {origin ? (
        <dl className={styles.details}>
          <div>
            <dt>{t('platform.name')}</dt>
            <dd>{origin.originName}</dd>
          </div>
          <div>
            <dt>{t('profile.game.personaId')}</dt>
            <dd className={styles.mono}>{origin.originPersonaId ?? '—'}</dd>
          </div>
          <div>
            <dt>{t('profile.game.userId')}</dt>
            <dd className={styles.mono}>{origin.originUserId}</dd>
          </div>
          <div>
            <dt>{t('platform.email')}</dt>
            <dd>{origin.originEmail ?? '—'}</dd>
          </div>
        </dl>
      ) : (
        <div className={styles.unbound}>
          <p>{t('profile.game.unboundText')}</p>
          <ButtonLink to="/bindOrigin" variant="primary">
            <Icon name="link" size={16} />
            {t('profile.game.bindNow')}
          </ButtonLink>
        </div>
      )}
    </Card>
  );
}
