import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { pickLanguage, THEMES, type Theme } from '@shared/languages';
import { Skeleton } from '@client/components/Skeleton';
import { switchLanguage } from '@client/i18n/setup';
import { ShareCard } from './ShareCard';
import { useCaseOfRoute } from './useCaseOfRoute';
import styles from './SharePage.module.css';

/**
 * /player/:ouid/share/card — the card alone, for other sites' frames: `?theme` paints it in one
 * of the themes, `?lang` picks its language, `?game` puts that game first. The visitor's own
 * settings stay as they are.
 */
export function ShareCardPage() {
  const { t, i18n } = useTranslation();
  const [params] = useSearchParams();
  const { key, remote } = useCaseOfRoute();
  const theme = THEMES.includes(params.get('theme') as Theme) ? (params.get('theme') as Theme) : undefined;
  const lang = params.get('lang');

  useEffect(() => {
    if (lang && pickLanguage(lang) !== i18n.language) void switchLanguage(pickLanguage(lang));
  }, [lang, i18n]);

  // In a frame only the card shows: the page around it stays see-through.
  useEffect(() => {
    document.body.style.background = 'transparent';
    return () => {
      document.body.style.background = '';
    };
  }, []);

  return (
    <div className={styles.frame} data-theme={theme}>
      {remote.data ? (
        <ShareCard record={remote.data} game={params.get('game')} embedded />
      ) : remote.state === 'failed' || !key ? (
        <p className={styles.frameError}>{t('case.notFound')}</p>
      ) : (
        <Skeleton width={440} height={190} radius="var(--radius-lg)" />
      )}
    </div>
  );
}
