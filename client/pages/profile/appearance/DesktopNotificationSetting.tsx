import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Notice } from '@client/components/Notice';
import { Switch } from '@client/components/Toggle';
import { notifyPermission, requestNotifyPermission, type NotifyPermission } from '@client/realtime/desktopNotify';
import { preferences, usePreferences } from '@client/state/preferences';

/**
 * Staff: a desktop notification when the number of open cases changes while Tribunal's tab is
 * hidden. Turning it on asks the browser's permission; it stays off if the browser refuses.
 */
export function DesktopNotificationSetting() {
  const { t } = useTranslation();
  const { desktopNotification } = usePreferences();
  const [permission, setPermission] = useState<NotifyPermission>(notifyPermission);
  const [asking, setAsking] = useState(false);

  const change = async (on: boolean) => {
    if (!on) {
      preferences.desktopNotification = false;
      return;
    }
    setAsking(true);
    const answer = await requestNotifyPermission();
    setAsking(false);
    setPermission(answer);
    preferences.desktopNotification = answer === 'granted';
  };

  const blocked = permission === 'denied' || permission === 'unsupported';
  return (
    <>
      <Switch
        checked={desktopNotification && permission === 'granted'}
        disabled={asking || permission === 'unsupported'}
        onChange={(on) => void change(on)}
        label={t('openCases.setting.label')}
        description={t('openCases.setting.description')}
      />
      {blocked && (
        <Notice tone="warning" title={t(permission === 'denied' ? 'openCases.setting.denied' : 'openCases.setting.unsupported')}>
          {permission === 'denied' && t('openCases.setting.deniedText')}
        </Notice>
      )}
    </>
  );
}
