import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDescribeError } from '@client/api/describeError';
import { getHealth, type CheckState, type Health, type HealthChecks } from '@client/api/stats';
import { Badge, type Tone } from '@client/components/Badge';
import { Button } from '@client/components/Button';
import { Card } from '@client/components/Card';
import { Icon } from '@client/components/Icon';
import { Notice } from '@client/components/Notice';
import { SITE_LINKS } from '@client/layout/siteLinks';
import { useFormat } from '@client/i18n/format';
import styles from './SiteStatsPage.module.css';

const CHECKS: ReadonlyArray<keyof HealthChecks> = ['database', 'redis', 'mail', 'platform'];
const TONE: Record<CheckState, Tone> = { ok: 'success', down: 'danger', off: 'neutral' };

type Probe = { state: 'idle' } | { state: 'checking'; last: Done | null } | Done;
type Done = { state: 'done'; health: Health; ms: number } | { state: 'failed'; error: unknown };

/**
 * Network status: the server's check of its services and how fast it answered this browser.
 * It runs when asked (each check touches the mail server and the platform directory), and the
 * status page watches the site from outside.
 */
export function NetworkStatus() {
  const { t } = useTranslation();
  const describe = useDescribeError();
  const format = useFormat();
  const [probe, setProbe] = useState<Probe>({ state: 'idle' });
  const running = useRef<AbortController | null>(null);
  useEffect(() => () => running.current?.abort(), []);

  const check = async () => {
    running.current?.abort();
    const controller = new AbortController();
    running.current = controller;
    setProbe((p) => ({ state: 'checking', last: p.state === 'done' || p.state === 'failed' ? p : p.state === 'checking' ? p.last : null }));
    const started = performance.now();
    try {
      const health = await getHealth(controller.signal);
      if (!controller.signal.aborted) setProbe({ state: 'done', health, ms: Math.round(performance.now() - started) });
    } catch (error) {
      if (!controller.signal.aborted) setProbe({ state: 'failed', error });
    }
  };

  const shown = probe.state === 'checking' ? probe.last : probe.state === 'idle' ? null : probe;

  return (
    <Card
      id="network"
      title={t('siteStats.network.title')}
      description={t('siteStats.network.description')}
      actions={
        <Button size="sm" onClick={() => void check()} loading={probe.state === 'checking'}>
          <Icon name="refresh" size={14} />
          {t('siteStats.network.check')}
        </Button>
      }
    >
      <div className={styles.network} aria-live="polite" aria-busy={probe.state === 'checking'}>
        {!shown ? (
          <p className={styles.hint}>{probe.state === 'checking' ? t('siteStats.network.checking') : t('siteStats.network.idle')}</p>
        ) : shown.state === 'failed' ? (
          <Notice tone="danger" title={t('siteStats.network.unreachable')}>
            {describe(shown.error)}
          </Notice>
        ) : (
          <>
            <Notice tone={shown.health.healthy ? 'success' : 'warning'} title={t(shown.health.healthy ? 'siteStats.network.healthy' : 'siteStats.network.degraded')}>
              {t('siteStats.network.latency', { ms: format.number(shown.ms) })}
            </Notice>
            {shown.health.checks && (
              <dl className={styles.checks}>
                {CHECKS.map((name) => {
                  const state = shown.health.checks![name]?.status ?? 'down';
                  return (
                    <div key={name}>
                      <dt>{t(`siteStats.network.checks.${name}`)}</dt>
                      <dd>
                        <Badge tone={TONE[state]}>{t(`siteStats.network.state.${state}`)}</Badge>
                      </dd>
                    </div>
                  );
                })}
              </dl>
            )}
          </>
        )}
        <a href={SITE_LINKS.status} target="_blank" rel="noreferrer" className={styles.statusLink}>
          {t('siteStats.network.statusPage')}
          <Icon name="external" size={12} />
        </a>
      </div>
    </Card>
  );
}
