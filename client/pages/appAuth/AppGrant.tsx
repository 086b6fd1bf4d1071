import { useTranslation } from 'react-i18next';
import type { AppAuthorizationView } from '@client/api/apps';
import { useFormat } from '@client/i18n/format';
import styles from './AppAuthPage.module.css';

/** Hours of a token's life, as the page says it ("24 hours", "30 days" shown in hours). */
const hoursOf = (ms: number) => Math.max(1, Math.round(ms / 3_600_000));

/** What the user is asked to give: the app, its site, who asked, what the app may do, and for how long. */
export function AppGrant({ request }: { request: AppAuthorizationView }) {
  const { t } = useTranslation();
  const format = useFormat();
  return (
    <div className={styles.grant}>
      <dl className={styles.facts}>
        <dt>{t('appAuth.app')}</dt>
        <dd>
          <strong>{request.appName}</strong> <span className={styles.muted}>({request.appId})</span>
        </dd>
        <dt>{t('appAuth.site')}</dt>
        <dd>
          <code>{request.domain}</code>
        </dd>
        <dt>{t('appAuth.askedBy')}</dt>
        <dd>{request.requestedBy.username ?? `#${request.requestedBy.id}`}</dd>
        <dt>{t('appAuth.lifetime')}</dt>
        <dd>{t('appAuth.hours', { count: hoursOf(request.tokenTtl) })}</dd>
        {request.state === 'pending' && (
          <>
            <dt>{t('appAuth.answerBy')}</dt>
            <dd>{format.dateTime(request.codeExpires)}</dd>
          </>
        )}
      </dl>
      <h2 className={styles.heading}>{t('appAuth.mayTitle')}</h2>
      <ul className={styles.may}>
        <li>{t('appAuth.mayRead')}</li>
        <li>{t('appAuth.mayReport')}</li>
      </ul>
      <h2 className={styles.heading}>{t('appAuth.mayNotTitle')}</h2>
      <ul className={styles.mayNot}>
        <li>{t('appAuth.mayNotAccount')}</li>
        <li>{t('appAuth.mayNotWrite')}</li>
        <li>{t('appAuth.mayNotPassword')}</li>
      </ul>
    </div>
  );
}
