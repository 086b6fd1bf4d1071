import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { LIMITS } from '@shared/limits';
import type { AppScope } from '@shared/applications';
import type { AppKey, Application, CreatedKey } from '@shared/schemas/applications';
import { createKey, getMyUsage, revokeKey, rotateKey } from '@client/api/applications';
import { Button } from '@client/components/Button';
import { CopyField } from '@client/components/CopyField';
import { TextField } from '@client/components/Field';
import { Checkbox } from '@client/components/Toggle';
import { Notice } from '@client/components/Notice';
import { toast } from '@client/components/toast';
import { useShowError } from '@client/components/useShowError';
import { ApplicationSummary } from './ApplicationSummary';
import { KeyList } from './KeyList';
import { UsageChart } from './UsageChart';
import styles from './DevelopersPage.module.css';

/** One of the member's applications: its review, its keys (a new key's secret shown this once), its usage. */
export function ApplicationCard({ application, onChanged }: { application: Application; onChanged: () => void }) {
  const { t } = useTranslation();
  const showError = useShowError();
  const [keyName, setKeyName] = useState('');
  const [keyScopes, setKeyScopes] = useState<AppScope[]>(application.grantedScopes);
  const [secret, setSecret] = useState<CreatedKey | null>(null);
  const [busy, setBusy] = useState(false);
  const [showUsage, setShowUsage] = useState(false);
  const liveKeys = application.keys.filter((k) => k.live).length;

  const act = async (work: () => Promise<CreatedKey | AppKey>, done: string) => {
    setBusy(true);
    try {
      const result = await work();
      if ('secret' in result) setSecret(result);
      toast.success(done);
      onChanged();
    } catch (error) {
      showError(error);
    } finally {
      setBusy(false);
    }
  };

  const create = (e: FormEvent) => {
    e.preventDefault();
    if (!keyName.trim() || keyScopes.length === 0) return;
    const scopes = application.grantedScopes.filter((s) => keyScopes.includes(s));
    void act(() => createKey(application.id, keyName.trim(), scopes), t('developers.keys.createdDone')).then(() => setKeyName(''));
  };

  return (
    <li className={styles.item} data-application-id={application.id}>
      <ApplicationSummary application={application} />
      {secret && (
        <Notice tone="warning" title={t('developers.keys.secretTitle', { name: secret.name })} action={<Button onClick={() => setSecret(null)}>{t('developers.keys.secretDone')}</Button>}>
          <p>{t('developers.keys.secretOnce')}</p>
          <CopyField label={t('developers.keys.secret')} value={secret.secret} />
        </Notice>
      )}
      {application.status === 'approved' && (
        <>
          <h3 className={styles.subheading}>{t('developers.keys.title')}</h3>
          <KeyList
            keys={application.keys}
            busy={busy}
            onRotate={(key) => void act(() => rotateKey(key.id), t('developers.keys.rotated', { name: key.name }))}
            onRevoke={(key) => void act(() => revokeKey(key.id), t('developers.keys.revokedDone', { name: key.name }))}
          />
          {liveKeys < LIMITS.appKeysLiveMax ? (
            <form className={styles.inline} onSubmit={create} aria-label={t('developers.keys.new')}>
              <TextField label={t('developers.keys.name')} hint={t('developers.keys.nameHint')} maxLength={LIMITS.appKeyNameMax} value={keyName} onChange={(e) => setKeyName(e.target.value)} />
              <fieldset className={styles.scopes}>
                <legend>{t('developers.keys.scopes')}</legend>
                {application.grantedScopes.map((scope) => (
                  <Checkbox
                    key={scope}
                    label={t(`developers.scope.${scope}`)}
                    checked={keyScopes.includes(scope)}
                    onChange={() => setKeyScopes((list) => (list.includes(scope) ? list.filter((s) => s !== scope) : [...list, scope]))}
                  />
                ))}
              </fieldset>
              <Button type="submit" variant="primary" loading={busy} disabled={!keyName.trim() || keyScopes.length === 0}>
                {t('developers.keys.create')}
              </Button>
            </form>
          ) : (
            <p className={styles.muted}>{t('developers.keys.full', { max: LIMITS.appKeysLiveMax })}</p>
          )}
          <div className={styles.actions}>
            <Button size="sm" variant="ghost" aria-expanded={showUsage} onClick={() => setShowUsage((v) => !v)}>
              {showUsage ? t('developers.usage.hide') : t('developers.usage.show')}
            </Button>
          </div>
          {showUsage && <UsageChart applicationId={application.id} load={getMyUsage} />}
        </>
      )}
    </li>
  );
}
