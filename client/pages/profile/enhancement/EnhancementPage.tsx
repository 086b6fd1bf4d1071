import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Button } from '@client/components/Button';
import { Card } from '@client/components/Card';
import { Switch } from '@client/components/Toggle';
import { toast } from '@client/components/toast';
import { DEFAULT_FLAGS, localFlags, setLocalFlag, useLocalFlags, type LocalFlag } from '@client/state/localFlags';
import { useViewer } from '@client/state/session';
import { DesktopNotificationSetting } from '../appearance/DesktopNotificationSetting';
import { LocalOnlyNotice } from '../LocalOnlyNotice';
import { SectionHeader } from '../SectionHeader';
import styles from './EnhancementPage.module.css';

/** Flags for everyone, then the staff ones; each with a link to where it acts when there is a page for it. */
const GENERAL: readonly LocalFlag[] = ['history', 'subscribes', 'autoUpdatePlayerList', 'footerBar', 'detailLeftAppealPanel', 'voice'];
const STAFF: readonly LocalFlag[] = ['judgementTip', 'enhance'];
const LINKS: Partial<Record<LocalFlag, string>> = { history: '/profile/history', voice: '/profile/voice', subscribes: '/profile/subscribes', autoUpdatePlayerList: '/player', footerBar: '/app' };

function FlagSwitch({ flag }: { flag: LocalFlag }) {
  const { t } = useTranslation();
  const flags = useLocalFlags();
  const link = LINKS[flag];
  return (
    <div className={styles.flag} data-flag={flag}>
      <Switch
        checked={flags[flag]}
        onChange={(on) => setLocalFlag(flag, on)}
        label={t(`enhancement.flags.${flag}`)}
        description={t(`enhancement.flags.${flag}Hint`)}
      />
      {link && (
        <Link className={styles.link} to={link}>
          {t(`enhancement.links.${flag}`)}
        </Link>
      )}
    </div>
  );
}

/** /profile/enhancement — the local configuration flags (client/state/localFlags.ts), applied at once in this browser. */
export function EnhancementPage() {
  const { t } = useTranslation();
  const { isAdmin } = useViewer();
  const flags = useLocalFlags();
  const isDefault = (Object.keys(DEFAULT_FLAGS) as LocalFlag[]).every((flag) => flags[flag] === DEFAULT_FLAGS[flag]);

  const reset = () => {
    Object.assign(localFlags, DEFAULT_FLAGS);
    toast.success(t('enhancement.resetDone'));
  };

  return (
    <>
      <SectionHeader title={t('profile.section.enhancement')} description={t('enhancement.description')} />
      <LocalOnlyNotice />
      <Card title={t('enhancement.general')} description={t('enhancement.generalHint')} id="general">
        <div className={styles.list}>
          {GENERAL.map((flag) => (
            <FlagSwitch key={flag} flag={flag} />
          ))}
        </div>
      </Card>
      {isAdmin && (
        <Card title={t('enhancement.staff')} description={t('enhancement.staffHint')} id="staff">
          <div className={styles.list}>
            {STAFF.map((flag) => (
              <FlagSwitch key={flag} flag={flag} />
            ))}
            <div className={styles.flag} data-flag="desktopNotification">
              {flags.enhance ? <DesktopNotificationSetting /> : <p className={styles.muted}>{t('enhancement.desktopNeedsEnhance')}</p>}
            </div>
          </div>
        </Card>
      )}
      <div className={styles.actions}>
        <Button variant="ghost" disabled={isDefault} onClick={reset}>
          {t('enhancement.reset')}
        </Button>
      </div>
    </>
  );
}
