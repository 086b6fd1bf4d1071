import { useTranslation } from 'react-i18next';
import { Card } from '@client/components/Card';
import { ThemePicker } from '@client/components/ThemePicker';
import { useViewer } from '@client/state/session';
import { SectionHeader } from '../SectionHeader';
import { DesktopNotificationSetting } from './DesktopNotificationSetting';
import { TextSizePicker } from './TextSizePicker';

/** Theme and text size for this browser; both apply at once. Staff also choose desktop notifications here. */
export function AppearancePage() {
  const { t } = useTranslation();
  const { isAdmin } = useViewer();
  return (
    <>
      <SectionHeader title={t('profile.section.appearance')} description={t('appearance.description')} />
      <Card title={t('appearance.theme')} description={t('appearance.themeHint')} id="theme">
        <ThemePicker variant="cards" />
      </Card>
      <Card title={t('appearance.textSize')} description={t('appearance.textSizeHint')} id="text-size">
        <TextSizePicker />
      </Card>
      {isAdmin && (
        <Card title={t('openCases.setting.title')} description={t('openCases.setting.hint')} id="desktop-notifications">
          <DesktopNotificationSetting />
        </Card>
      )}
    </>
  );
}
