import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Tabs } from '@client/components/Tabs';
import { AccountLoading } from '../AccountLoading';
import { SectionHeader } from '../SectionHeader';
import { useAccount } from '../useAccount';
import { AccountCard } from './AccountCard';
import { GameAccountCard } from './GameAccountCard';
import { PasswordForm } from './PasswordForm';
import { PreferencesForm } from './PreferencesForm';
import styles from './Details.module.css';

const TABS = ['overview', 'preferences', 'security'] as const;
type Tab = (typeof TABS)[number];

/** Account information: overview, settings and password, one tab each (the tab is kept in `?tab=`). */
export function InformationPage() {
  const { t } = useTranslation();
  const { me, error, retry } = useAccount();
  const [params, setParams] = useSearchParams();
  const tab: Tab = TABS.find((name) => name === params.get('tab')) ?? 'overview';

  return (
    <>
      <SectionHeader title={t('profile.section.information')} description={t('profile.informationDescription')} />
      {!me ? (
        <AccountLoading error={error} retry={retry} />
      ) : (
        <Tabs<Tab>
          label={t('profile.section.information')}
          value={tab}
          onChange={(next) => setParams(next === 'overview' ? {} : { tab: next }, { replace: true })}
          items={[
            {
              id: 'overview',
              label: t('profile.tabs.overview'),
              content: (
                <div className={styles.stack}>
                  <AccountCard me={me} />
                  <GameAccountCard me={me} />
                </div>
              ),
            },
            { id: 'preferences', label: t('profile.tabs.preferences'), content: <PreferencesForm key={me.id} me={me} /> },
            { id: 'security', label: t('profile.tabs.security'), content: <PasswordForm /> },
          ]}
        />
      )}
    </>
  );
}
