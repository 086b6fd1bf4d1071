import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, type LanguageCode } from '@shared/languages';
import { ANNOUNCEMENT_CONTENT_MAX, ANNOUNCEMENT_NAMES, ANNOUNCEMENT_TITLE_MAX, type Announcement, type AnnouncementName } from '@shared/schemas/announcements';
import { getAnnouncement, getAnnouncementVersions, publishAnnouncement, restoreAnnouncement } from '@client/api/adminContent';
import { useDescribeError } from '@client/api/describeError';
import { useShowError } from '@client/components/useShowError';
import { Badge } from '@client/components/Badge';
import { Button } from '@client/components/Button';
import { Card } from '@client/components/Card';
import { DateTime } from '@client/components/DateTime';
import { EmptyState } from '@client/components/EmptyState';
import { SelectField, TextField } from '@client/components/Field';
import { Icon } from '@client/components/Icon';
import { Notice } from '@client/components/Notice';
import { RemoteList } from '@client/components/RemoteList';
import { Segmented } from '@client/components/Segmented';
import { Skeleton } from '@client/components/Skeleton';
import { toast } from '@client/components/toast';
import { RichEditor } from '@client/editor/RichEditor';
import { useRemote } from '@client/hooks/useRemote';
import { isLanguageCode } from '@client/i18n/language';
import { RichText } from '@client/richText/RichText';
import { AdminHeader } from '../AdminHeader';
import styles from '@client/pages/shared/Admin.module.css';

const HISTORY_SIZE = 20;

const languageName = (code: string) => LANGUAGES.find((l) => l.code === code)?.name ?? code;

/** A new version in `language`; it starts from the latest one readers of that language see (en-US's while it has none). */
function Editor({ name, language, latest, onPublished }: { name: AnnouncementName; language: LanguageCode; latest: Announcement | null; onPublished: () => void }) {
  const { t } = useTranslation();
  const showError = useShowError();
  const [title, setTitle] = useState(latest?.title ?? '');
  const [content, setContent] = useState(latest?.content ?? '');
  const [busy, setBusy] = useState(false);
  const publish = async () => {
    setBusy(true);
    try {
      const v = await publishAnnouncement({ name, language, title: title.trim(), content });
      toast.success(t('admin.homeManagement.published', { version: v.version }));
      onPublished();
    } catch (error) {
      showError(error);
    } finally {
      setBusy(false);
    }
  };
  return (
    <form
      className={styles.filters}
      onSubmit={(e) => {
        e.preventDefault();
        void publish();
      }}
    >
      {latest && latest.language !== language && (
        <Notice tone="warning">{t('admin.homeManagement.startsFrom', { language: languageName(language), from: languageName(latest.language) })}</Notice>
      )}
      <TextField label={t('admin.homeManagement.docTitle')} maxLength={ANNOUNCEMENT_TITLE_MAX} value={title} onChange={(e) => setTitle(e.target.value)} name="title" />
      <RichEditor label={t('admin.homeManagement.content')} maxLength={ANNOUNCEMENT_CONTENT_MAX} initialHtml={latest?.content} onChange={setContent} />
      <div className={styles.filterActions}>
        <Button type="submit" variant="primary" loading={busy} disabled={!content.trim()} data-publish>
          <Icon name="upload" size={14} />
          {t('admin.homeManagement.publish')}
        </Button>
      </div>
    </form>
  );
}

function History({ name, language, round, onRestored }: { name: AnnouncementName; language: LanguageCode; round: number; onRestored: () => void }) {
  const { t } = useTranslation();
  const showError = useShowError();
  const [preview, setPreview] = useState<Announcement | null>(null);
  const remote = useRemote(`${name}:${language}:${round}`, (signal) => getAnnouncementVersions(name, language, 0, HISTORY_SIZE, signal));
  const restore = async (version: number) => {
    try {
      const v = await restoreAnnouncement(name, language, version);
      toast.success(t('admin.homeManagement.restored', { from: version, version: v.version }));
      onRestored();
    } catch (error) {
      showError(error);
    }
  };
  const show = async (version: number) => {
    try {
      setPreview(await getAnnouncement(name, language, version));
    } catch (error) {
      showError(error);
    }
  };
  return (
    <RemoteList
      remote={remote}
      items={remote.data?.data ?? []}
      failedTitle={t('admin.homeManagement.loadFailed')}
      keepOnReload
      skeleton={<Skeleton width="80%" height={22} />}
      empty={<EmptyState icon="info" title={t('admin.homeManagement.noVersions', { language: languageName(language) })} />}
    >
      {(versions) => (
        <ul className={styles.list} aria-label={t('admin.homeManagement.history')} data-history>
          {versions.map((v) => (
            <li key={v.version} className={styles.item} data-version={v.version}>
              <div className={styles.line}>
                <strong>{t('admin.homeManagement.version', { version: v.version })}</strong>
                {v.latest && <Badge tone="success">{t('announcement.latest')}</Badge>}
                {v.restoredFrom && <Badge tone="neutral">{t('admin.homeManagement.restoredFrom', { version: v.restoredFrom })}</Badge>}
                <span className={styles.spacer} />
                <DateTime value={v.createTime} />
              </div>
              <div className={styles.line}>
                <span>{v.title}</span>
                {v.authorName && <span className={styles.id}>{v.authorName}</span>}
              </div>
              <div className={styles.actions}>
                <Button size="sm" variant="ghost" onClick={() => void show(v.version)}>
                  <Icon name="eye" size={14} />
                  {t('admin.homeManagement.view')}
                </Button>
                {!v.latest && (
                  <Button size="sm" onClick={() => void restore(v.version)} data-restore-version>
                    <Icon name="refresh" size={14} />
                    {t('admin.homeManagement.restore')}
                  </Button>
                )}
              </div>
              {preview?.version === v.version && (
                <div className={styles.content}>
                  <RichText html={preview.content} />
                </div>
              )}
            </li>
          ))}
        </ul>
      )}
    </RemoteList>
  );
}

/**
 * /admin/home-management — the bulletin and the rule announcements, each with a history per
 * language: choose the document and the language, edit, publish a version, history, restore (S/R).
 */
export function HomeManagementPage() {
  const { t, i18n } = useTranslation();
  const describe = useDescribeError();
  const [params, setParams] = useSearchParams();
  const asked = params.get('doc');
  const name: AnnouncementName = (ANNOUNCEMENT_NAMES as readonly string[]).includes(asked ?? '') ? (asked as AnnouncementName) : 'bulletin';
  const askedLanguage = params.get('language') ?? '';
  const language: LanguageCode = isLanguageCode(askedLanguage) ? askedLanguage : isLanguageCode(i18n.language) ? i18n.language : 'en-US';
  const [round, setRound] = useState(0);
  const latest = useRemote(`${name}:${language}:${round}`, (signal) => getAnnouncement(name, language, undefined, signal));
  const bump = () => setRound((r) => r + 1);
  const choose = (next: { doc?: AnnouncementName; language?: LanguageCode }) => {
    const doc = next.doc ?? name;
    const lang = next.language ?? language;
    // The language stays in the address once chosen; until then it follows the interface's.
    const keepLanguage = next.language !== undefined || isLanguageCode(askedLanguage);
    setParams({ ...(doc === 'bulletin' ? {} : { doc }), ...(keepLanguage ? { language: lang } : {}) }, { replace: true });
  };
  const published = latest.data?.languages ?? [];

  return (
    <div className={`container ${styles.page}`}>
      <AdminHeader title={t('admin.homeManagement.title')} lead={t('admin.homeManagement.lead')} />
      <Segmented
        label={t('admin.homeManagement.document')}
        value={name}
        options={ANNOUNCEMENT_NAMES.map((n) => ({ value: n, label: t(`announcement.names.${n}`) }))}
        onChange={(doc) => choose({ doc })}
      />
      <SelectField
        label={t('admin.homeManagement.language')}
        hint={latest.state === 'ready' ? t('admin.homeManagement.publishedIn', { published: published.length, total: LANGUAGES.length }) : undefined}
        value={language}
        options={LANGUAGES.map((l) => ({
          value: l.code,
          label: published.includes(l.code) ? l.name : t('admin.homeManagement.notPublishedIn', { language: l.name }),
        }))}
        onChange={(lang) => choose({ language: lang })}
        data-language
      />
      <Card title={t('admin.homeManagement.edit')}>
        {latest.state === 'failed' ? (
          <EmptyState tone="error" icon="alert" title={t('admin.homeManagement.loadFailed')} action={<Button onClick={latest.reload}>{t('common.retry')}</Button>}>
            {describe(latest.error)}
          </EmptyState>
        ) : latest.state === 'loading' ? (
          <Skeleton width="100%" height={160} />
        ) : (
          <Editor key={`${name}:${language}:${latest.data?.language}:${latest.data?.version ?? 0}`} name={name} language={language} latest={latest.data} onPublished={bump} />
        )}
      </Card>
      <Card title={t('admin.homeManagement.history')}>
        <History name={name} language={language} round={round} onRestored={bump} />
      </Card>
    </div>
  );
}
