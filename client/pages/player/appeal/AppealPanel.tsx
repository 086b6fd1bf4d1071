import { useTranslation } from 'react-i18next';
import type { CaseRecord } from '@shared/types/cases';
import { casePath } from '@client/app/casePaths';
import { ButtonLink } from '@client/components/Button';
import { Card } from '@client/components/Card';
import { Icon } from '@client/components/Icon';
import { useViewer } from '@client/state/session';
import { mayAppeal } from './appealRules';
import styles from './Appeal.module.css';

/** On the case page: the way to appeal, for the owner of the game account (or high staff) while the case is appealable. */
export function AppealPanel({ record }: { record: CaseRecord }) {
  const { t } = useTranslation();
  const viewer = useViewer();
  if (!mayAppeal({ signedIn: viewer.signedIn, privileges: viewer.privileges, originUserId: viewer.me?.origin?.originUserId }, record)) return null;
  const own = !!viewer.me?.origin?.originUserId && viewer.me.origin.originUserId === record.originUserId;
  return (
    <Card title={t('appeal.panel.title')} id="appeal">
      <div className={styles.panel}>
        <p className={styles.panelText}>{t(own ? 'appeal.panel.own' : 'appeal.panel.staff')}</p>
        <ButtonLink variant="primary" to={`${casePath(record.originPersonaId)}/appeal`}>
          <Icon name="scale" size={16} />
          {t('appeal.panel.button')}
        </ButtonLink>
      </div>
    </Card>
  );
}
