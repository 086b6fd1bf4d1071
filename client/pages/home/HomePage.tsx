import { Trans, useTranslation } from 'react-i18next';
import { GAMES, SITE_START } from '@shared/games';
import { ButtonLink, buttonClass } from '@client/components/Button';
import { Icon, type IconName } from '@client/components/Icon';
import { LivePulse } from '@client/components/LivePulse';
import { SITE_LINKS } from '@client/layout/siteLinks';
import { useViewer } from '@client/state/session';
import { CaseBoardIllustration } from './CaseBoardIllustration';
import { SiteActivity } from './SiteActivity';
import styles from './HomePage.module.css';

const HOW: ReadonlyArray<{ key: string; icon: IconName }> = [
  { key: 'report', icon: 'flag' },
  { key: 'discuss', icon: 'message' },
  { key: 'judge', icon: 'scale' },
];

const FEATURES: ReadonlyArray<{ key: string; icon: IconName }> = [
  { key: 'community', icon: 'users' },
  { key: 'live', icon: 'bolt' },
  { key: 'fair', icon: 'shield' },
  { key: 'api', icon: 'code' },
];

/** What the viewer should do next: sign up, bind their game account, or look at their profile. */
function useNextStep() {
  const { signedIn, me } = useViewer();
  if (!signedIn) return { to: '/signup', label: 'home.cta.signup' };
  if (me && !me.isBound) return { to: '/bindOrigin', label: 'home.cta.bind' };
  return { to: '/profile/information', label: 'home.cta.profile' };
}

export function HomePage() {
  const { t } = useTranslation();
  const next = useNextStep();

  return (
    <>
      <section className={styles.hero} aria-labelledby="hero-title">
        <div className={`container ${styles.heroInner}`}>
          <div className={styles.heroText}>
            <span className={styles.eyebrow}>
              <LivePulse />
              {t('home.hero.eyebrow', { since: new Date(SITE_START).getUTCFullYear() })}
            </span>
            <h1 className={styles.title} id="hero-title">
              <Trans i18nKey="home.hero.title" components={{ accent: <span className={styles.titleAccent} /> }} />
            </h1>
            <p className={styles.lead}>{t('home.hero.lead')}</p>
            <div className={styles.ctas}>
              <ButtonLink to={next.to} variant="primary" size="lg">
                {t(next.label)}
                <Icon name="arrowRight" size={18} />
              </ButtonLink>
              <a href="#how" className={buttonClass({ variant: 'secondary', size: 'lg' })}>
                {t('home.cta.how')}
              </a>
            </div>
            <ul className={styles.games} aria-label={t('home.hero.games')}>
              <li>{t('home.hero.games')}</li>
              {GAMES.map((game) => (
                <li key={game} className={styles.game} title={t(`games.${game}`)}>
                  {game.toUpperCase()}
                </li>
              ))}
            </ul>
          </div>
          <CaseBoardIllustration />
        </div>
      </section>

      <div className="container">
        <SiteActivity />

        <section className={styles.section} id="how" aria-labelledby="how-title">
          <div className={styles.sectionHead}>
            <span className={styles.kicker}>{t('home.how.kicker')}</span>
            <h2 id="how-title">{t('home.how.title')}</h2>
            <p>{t('home.how.lead')}</p>
          </div>
          <ol className={styles.steps}>
            {HOW.map((item) => (
              <li key={item.key} className={styles.step}>
                <span className={styles.stepIcon}>
                  <Icon name={item.icon} size={20} />
                </span>
                <h3>{t(`home.how.${item.key}.title`)}</h3>
                <p>{t(`home.how.${item.key}.text`)}</p>
              </li>
            ))}
          </ol>
        </section>

        <section className={styles.section} aria-labelledby="why-title">
          <div className={styles.sectionHead}>
            <span className={styles.kicker}>{t('home.why.kicker')}</span>
            <h2 id="why-title">{t('home.why.title')}</h2>
          </div>
          <div className={styles.features}>
            {FEATURES.map((item) => (
              <div key={item.key} className={styles.feature}>
                <Icon name={item.icon} size={22} />
                <h3>{t(`home.why.${item.key}.title`)}</h3>
                <p>{t(`home.why.${item.key}.text`)}</p>
              </div>
            ))}
          </div>
        </section>

        <section className={styles.band} aria-labelledby="band-title">
          <div>
            <h2 id="band-title">{t('home.band.title')}</h2>
            <p>{t('home.band.text')}</p>
          </div>
          <div className={styles.ctas}>
            <ButtonLink to={next.to} size="lg" className={styles.bandButton}>
              {t(next.label)}
            </ButtonLink>
            <a href={SITE_LINKS.apiDocs} className={buttonClass({ variant: 'ghost', size: 'lg' }, styles.bandGhost)}>
              {t('home.band.api')}
            </a>
          </div>
        </section>
      </div>
    </>
  );
}
