import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from './Icon';
import { Spinner } from './Spinner';

/** The part of Cloudflare's Turnstile script this widget uses (explicit rendering). */
interface TurnstileApi {
  render(el: HTMLElement, options: Record<string, unknown>): string;
  remove(widgetId: string): void;
}
declare global {
  interface Window {
    turnstile?: TurnstileApi;
  }
}

const SCRIPT = 'https://challenges.cloudflare.com/turnstile/v0/api.js?render=explicit';
let loading: Promise<TurnstileApi> | null = null;

/** Loads Turnstile's script once per page. */
function loadTurnstile(): Promise<TurnstileApi> {
  if (window.turnstile) return Promise.resolve(window.turnstile);
  loading ??= new Promise<TurnstileApi>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = SCRIPT;
    script.async = true;
    script.onload = () => (window.turnstile ? resolve(window.turnstile) : reject(new Error('turnstile missing')));
    script.onerror = () => {
      loading = null;
      reject(new Error('turnstile did not load'));
    };
    document.head.append(script);
  });
  return loading;
}

interface TurnstileWidgetProps {
  siteKey: string;
  /** The field's label and hint: the widget is not an input, so it is a labelled group. */
  labelledBy?: string;
  describedBy?: string;
  /** The token once Turnstile issued one; null when it expired or failed. */
  onToken: (token: string | null) => void;
}

/** Cloudflare Turnstile in place of the picture captcha; remount it (a new `key`) for a new token. */
export function TurnstileWidget({ siteKey, labelledBy, describedBy, onToken }: TurnstileWidgetProps) {
  const { t, i18n } = useTranslation();
  const box = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<'loading' | 'ready' | 'failed'>('loading');
  const latest = useRef(onToken);
  latest.current = onToken;

  useEffect(() => {
    let widget: string | null = null;
    let gone = false;
    loadTurnstile().then(
      (api) => {
        if (gone || !box.current) return;
        widget = api.render(box.current, {
          sitekey: siteKey,
          language: i18n.language.toLowerCase(),
          callback: (token: string) => latest.current(token),
          'expired-callback': () => latest.current(null),
          'error-callback': () => latest.current(null),
        });
        setState('ready');
      },
      () => !gone && setState('failed'),
    );
    return () => {
      gone = true;
      if (widget !== null) window.turnstile?.remove(widget);
    };
  }, [siteKey, i18n.language]);

  return (
    <div role="group" aria-labelledby={labelledBy} aria-describedby={describedBy}>
      {state === 'loading' && <Spinner label={t('captcha.loading')} />}
      {state === 'failed' && <Icon name="alert" label={t('captcha.loadFailed')} />}
      <div ref={box} />
    </div>
  );
}
