import { useTranslation } from 'react-i18next';
import type { Me } from '@client/api/types';
import { Avatar } from '@client/components/Avatar';
import { AvatarPicker } from '@client/media/AvatarPicker';
import { Card } from '@client/components/Card';
import { PrivilegeBadges } from '@client/components/PrivilegeBadges';
import { useFormat } from '@client/i18n/format';
import { RichText } from '@client/richText/RichText';
import styles from './Details.module.css';

/** Who the account is: name, id, privileges, and when it joined and was last seen. */
export function AccountCard({ me }: { me: Me }) {
  const { t } = useTranslation();
  const format = useFormat();
  return (
    <Card title={t('profile.account.title')} id="account">
      <div className={styles.identity}>
        <Avatar name={me.username} src={me.userAvatar} size={64} />
        <div className={styles.identityText}>
          <span className={styles.name}>
            {me.username}
            <span className={styles.id}>#{me.id}</span>
          </span>
          <PrivilegeBadges privileges={me.privilege} />
        </div>
        <AvatarPicker />
      </div>
      <dl className={styles.details}>
        <div>
          <dt>{t('profile.account.joined')}</dt>
          <dd>
            <time dateTime={me.joinTime}>{format.date(me.joinTime)}</time>
            <div className={styles.muted}>{format.relative(me.joinTime)}</div>
          </dd>
        </div>
        <div>
          <dt>{t('profile.account.lastOnline')}</dt>
          <dd>
            <time dateTime={me.lastOnlineTime}>{format.dateTime(me.lastOnlineTime)}</time>
            <div className={styles.muted}>{format.relative(me.lastOnlineTime)}</div>
          </dd>
        </div>
        <div>
          <dt>{t('profile.account.reports')}</dt>
          <dd>{format.number(me.reportNum)}</dd>
        </div>
        <div>
          <dt>{t('profile.account.renamesLeft')}</dt>
          <dd>{format.number(me.attr.changeNameLeft ?? 0)}</dd>
        </div>
      </dl>
      <section className={styles.introduction} aria-labelledby="account-introduction">
        <h3 id="account-introduction">{t('profile.preferences.introduction')}</h3>
        {me.attr.introduction ? <RichText html={me.attr.introduction} /> : <p className={styles.muted}>{t('userCard.noIntroduction')}</p>}
      </section>
    </Card>
  );
}
