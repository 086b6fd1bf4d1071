import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LIMITS } from '@shared/limits';
import { getCaptcha } from '@client/api/account';
import type { CaptchaAnswer, CaptchaChallenge } from '@client/api/types';
import { Button } from './Button';
import { FieldFrame } from './Field';
import { Icon } from './Icon';
import { Spinner } from './Spinner';
import { TurnstileWidget } from './TurnstileWidget';
import { captchaChoice, captchaKind } from '@client/app/captchaChoice';
import { lastManualRefresh, recordManualRefresh, refreshWaitSeconds } from './captchaCountdown';
import styles from './CaptchaField.module.css';

interface CaptchaFieldProps {
  /** Changing it fetches a new picture and clears the answer (after every failed attempt). */
  round: number;
  onChange: (answer: CaptchaAnswer | null) => void;
  error?: string;
}

const svgSource = (svg: string) => `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;

function useRefreshWait() {
  const [wait, setWait] = useState(() => refreshWaitSeconds(lastManualRefresh(), Date.now()));
  useEffect(() => {
    if (wait <= 0) return;
    const timer = setTimeout(() => setWait(refreshWaitSeconds(lastManualRefresh(), Date.now())), 1000);
    return () => clearTimeout(timer);
  }, [wait]);
  const start = () => {
    recordManualRefresh();
    setWait(refreshWaitSeconds(lastManualRefresh(), Date.now()));
  };
  return [wait, start] as const;
}

/** The svg captcha: a picture from the server, a 4-character answer, and a rate-limited refresh. */
export function CaptchaField({ round, onChange, error }: CaptchaFieldProps) {
  const { t } = useTranslation();
  const [challenge, setChallenge] = useState<CaptchaChallenge | null>(null);
  const [state, setState] = useState<'loading' | 'ready' | 'failed'>('loading');
  const [response, setResponse] = useState('');
  const [wait, startWait] = useRefreshWait();
  const latest = useRef(0);

  const load = useCallback(async () => {
    const request = ++latest.current;
    setState('loading');
    setResponse('');
    onChange(null);
    try {
      const next = await getCaptcha();
      if (request !== latest.current) return;
      setChallenge(next);
      setState('ready');
    } catch {
      if (request !== latest.current) return;
      setChallenge(null);
      setState('failed');
    }
  }, [onChange]);

  useEffect(() => {
    void load();
  }, [round, load]);

  const answer = (value: string) => {
    setResponse(value);
    onChange(challenge && value ? { captchaType: 'svg', encryptCaptcha: challenge.hash, response: value } : null);
  };

  const refresh = () => {
    startWait();
    void load();
  };

  // `?captcha=turnstile`: Turnstile when the site offers it, else the picture, saying so.
  const kind = captchaKind(captchaChoice(), challenge?.turnstileSiteKey);
  if (kind === 'turnstile' && challenge?.turnstileSiteKey) {
    return (
      <FieldFrame label={t('captcha.label')} hint={t('captcha.turnstileHint')} error={error}>
        {(control) => (
          <TurnstileWidget
            key={round}
            siteKey={challenge.turnstileSiteKey!}
            labelledBy={`${control.id}-label`}
            describedBy={control['aria-describedby']}
            onToken={(token) => onChange(token ? { captchaType: 'turnstile', response: token } : null)}
          />
        )}
      </FieldFrame>
    );
  }
  const hint = kind === 'svgInstead' ? `${t('captcha.turnstileUnavailable')} ${t('captcha.hint')}` : t('captcha.hint');

  return (
    <FieldFrame label={t('captcha.label')} hint={hint} error={error ?? (state === 'failed' ? t('captcha.loadFailed') : undefined)}>
      {(control) => (
        <div className={styles.row}>
          <div className={`${styles.picture} ${state === 'failed' ? styles.failed : ''}`}>
            {state === 'loading' && <Spinner label={t('captcha.loading')} />}
            {state === 'ready' && challenge && <img src={svgSource(challenge.content)} alt={t('captcha.imageAlt')} />}
            {state === 'failed' && <Icon name="alert" label={t('captcha.loadFailed')} />}
          </div>
          <Button
            className={styles.refresh}
            iconOnly={wait === 0}
            disabled={wait > 0 || state === 'loading'}
            onClick={refresh}
            aria-label={wait > 0 ? t('captcha.refreshIn', { count: wait }) : t('captcha.refresh')}
            title={wait > 0 ? t('captcha.refreshIn', { count: wait }) : t('captcha.refresh')}
          >
            {wait > 0 ? `${wait}s` : <Icon name="refresh" />}
          </Button>
          <input
            {...control}
            className={`${control.className} ${styles.input}`}
            value={response}
            onChange={(e) => answer(e.target.value.trim())}
            maxLength={LIMITS.captchaLength}
            autoComplete="off"
            autoCapitalize="off"
            autoCorrect="off"
            spellCheck={false}
            disabled={state !== 'ready'}
          />
        </div>
      )}
    </FieldFrame>
  );
}
