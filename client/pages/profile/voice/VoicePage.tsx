import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@client/components/Button';
import { Card } from '@client/components/Card';
import { Icon } from '@client/components/Icon';
import { Notice } from '@client/components/Notice';
import { Switch } from '@client/components/Toggle';
import { useFormat } from '@client/i18n/format';
import { audioSupported } from '@client/sound/player';
import { playTest } from '@client/sound/playCue';
import { setLocalFlag, useLocalFlags } from '@client/state/localFlags';
import { useViewer } from '@client/state/session';
import { SOUND_KINDS, useVoice, voice, type SoundKind } from '@client/state/voice';
import { LocalOnlyNotice } from '../LocalOnlyNotice';
import { SectionHeader } from '../SectionHeader';
import styles from './VoicePage.module.css';

/** /profile/voice — sounds for live events, made in the browser (Web Audio), off until turned on. */
export function VoicePage() {
  const { t } = useTranslation();
  const format = useFormat();
  const { isAdmin } = useViewer();
  const flags = useLocalFlags();
  const settings = useVoice();
  const volumeId = useId();
  const [supported] = useState(audioSupported);
  const kinds = SOUND_KINDS.filter((kind) => kind !== 'appeal' || isAdmin);

  /** A click is a gesture: the browser lets the page make this sound, and later ones too. */
  const test = (kind: SoundKind) => void playTest(kind, settings.volume);

  return (
    <>
      <SectionHeader title={t('profile.section.voice')} description={t('voice.description')} />
      <LocalOnlyNotice />
      {!supported && (
        <Notice tone="danger" title={t('voice.unsupported')}>
          {t('voice.unsupportedText')}
        </Notice>
      )}
      <Card id="voice-switch">
        <Switch checked={flags.voice} disabled={!supported} onChange={(on) => setLocalFlag('voice', on)} label={t('voice.enable')} description={t('voice.enableHint')} />
      </Card>
      <Card title={t('voice.kindsTitle')} description={t('voice.kindsHint')} id="voice-kinds">
        <ul className={styles.kinds}>
          {kinds.map((kind) => (
            <li key={kind} className={styles.kind} data-kind={kind}>
              <Switch checked={settings[kind]} disabled={!flags.voice} onChange={(on) => (voice[kind] = on)} label={t(`voice.kinds.${kind}`)} description={t(`voice.kinds.${kind}Hint`)} />
              <Button size="sm" variant="ghost" disabled={!supported} onClick={() => test(kind)} aria-label={t('voice.testOne', { kind: t(`voice.kinds.${kind}`) })}>
                <Icon name="volume" size={16} />
                {t('voice.test')}
              </Button>
            </li>
          ))}
        </ul>
      </Card>
      <Card title={t('voice.volume')} id="voice-volume">
        <div className={styles.volume}>
          <label htmlFor={volumeId} className="visually-hidden">
            {t('voice.volume')}
          </label>
          <input
            id={volumeId}
            type="range"
            min={0}
            max={100}
            step={5}
            value={settings.volume}
            disabled={!flags.voice}
            onChange={(e) => (voice.volume = Number(e.target.value))}
            aria-valuetext={format.percent(settings.volume / 100)}
          />
          <output htmlFor={volumeId}>{format.percent(settings.volume / 100)}</output>
        </div>
        {settings.volume === 0 && flags.voice && <p className={styles.muted}>{t('voice.muted')}</p>}
      </Card>
      <p className={styles.muted}>{t('voice.autoplay')}</p>
    </>
  );
}
