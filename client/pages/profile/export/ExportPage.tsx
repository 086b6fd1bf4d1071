import { useId, useRef, useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@client/components/Button';
import { Card } from '@client/components/Card';
import { Icon } from '@client/components/Icon';
import { Notice } from '@client/components/Notice';
import { toast } from '@client/components/toast';
import { useFormat } from '@client/i18n/format';
import { applyBackup, backupFileName, collectBackup, describeImport, parseBackup, type Backup, type BackupChange, type BackupProblem } from '@client/state/backup';
import { cardCount } from '@client/state/workflow';
import { LocalOnlyNotice } from '../LocalOnlyNotice';
import { SectionHeader } from '../SectionHeader';
import styles from './ExportPage.module.css';

type Chosen = { state: 'reading'; name: string } | { state: 'refused'; name: string; problem: BackupProblem; detail?: string } | { state: 'ready'; name: string; backup: Backup; changes: BackupChange[] };

/** Saves the file through the browser's download. */
function download(backup: Backup) {
  const url = URL.createObjectURL(new Blob([JSON.stringify(backup, null, 2)], { type: 'application/json' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = backupFileName();
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

function ChangeList({ changes }: { changes: readonly BackupChange[] }) {
  const { t } = useTranslation();
  const format = useFormat();
  return (
    <table className={styles.changes}>
      <caption className="visually-hidden">{t('backup.changesCaption')}</caption>
      <thead>
        <tr>
          <th scope="col">{t('backup.part')}</th>
          <th scope="col">{t('backup.effect')}</th>
        </tr>
      </thead>
      <tbody>
        {changes.map((c) => (
          <tr key={c.part} data-part={c.part} data-changed={c.changed}>
            <th scope="row">{t(`backup.parts.${c.part}`)}</th>
            <td>
              {!c.changed
                ? t('backup.unchanged')
                : c.part === 'fastReply' || c.part === 'judgement' || c.part === 'history' || c.part === 'workflow'
                  ? t('backup.replacesList', { current: format.number(c.current), incoming: format.number(c.incoming) })
                  : t('backup.replacesSettings', { formatted: format.number(c.current) })}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** /profile/export — every local setting, template and the history as one file, and back. */
export function ExportPage() {
  const { t } = useTranslation();
  const inputId = useId();
  const format = useFormat();
  const input = useRef<HTMLInputElement>(null);
  const [chosen, setChosen] = useState<Chosen | null>(null);
  const summary = collectBackup();

  const exportNow = () => {
    download(collectBackup());
    toast.success(t('backup.exported'));
  };

  const choose = async (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = '';
    if (!file) return;
    setChosen({ state: 'reading', name: file.name });
    let text: string;
    try {
      text = await file.text();
    } catch {
      return setChosen({ state: 'refused', name: file.name, problem: 'notJson' });
    }
    const parsed = parseBackup(text);
    if (!parsed.ok) return setChosen({ state: 'refused', name: file.name, problem: parsed.problem, detail: parsed.detail });
    setChosen({ state: 'ready', name: file.name, backup: parsed.backup, changes: describeImport(parsed.backup) });
  };

  const importNow = () => {
    if (chosen?.state !== 'ready') return;
    applyBackup(chosen.backup);
    setChosen(null);
    toast.success(t('backup.imported'));
  };

  return (
    <>
      <SectionHeader title={t('profile.section.export')} description={t('backup.description')} />
      <LocalOnlyNotice />
      <Card title={t('backup.exportTitle')} description={t('backup.exportHint')} id="export">
        <ul className={styles.contents}>
          <li>{t('backup.contents.settings')}</li>
          <li>{t('backup.contents.templates', { fastReply: format.number(summary.templates.fastReply.length), judgement: format.number(summary.templates.judgement.length) })}</li>
          <li>{t('backup.contents.history', { formatted: format.number(summary.history.length) })}</li>
          <li>{t('backup.contents.workflow', { formatted: format.number(summary.workflow ? cardCount(summary.workflow) : 0) })}</li>
        </ul>
        <div>
          <Button variant="primary" onClick={exportNow}>
            <Icon name="download" size={16} />
            {t('backup.export')}
          </Button>
        </div>
      </Card>
      <Card title={t('backup.importTitle')} description={t('backup.importHint')} id="import">
        <div className={styles.picker}>
          {/* The button is the way in (keyboard too); the native input stays out of the tab order. */}
          <input ref={input} id={inputId} className="visually-hidden" type="file" accept="application/json,.json" tabIndex={-1} aria-label={t('backup.choose')} onChange={(e) => void choose(e)} />
          <Button onClick={() => input.current?.click()} loading={chosen?.state === 'reading'}>
            <Icon name="upload" size={16} />
            {t('backup.choose')}
          </Button>
          {chosen && <span className={styles.fileName}>{chosen.name}</span>}
        </div>
        {chosen?.state === 'refused' && (
          <Notice tone="danger" title={t('backup.refused')}>
            {t(`backup.problems.${chosen.problem}`, { detail: chosen.detail ?? '' })} {t('backup.nothingChanged')}
          </Notice>
        )}
        {chosen?.state === 'ready' && (
          <div className={styles.review} aria-live="polite">
            <Notice tone="warning" title={t('backup.reviewTitle', { date: format.dateTime(chosen.backup.exportedAt) })}>
              {t('backup.reviewText')}
            </Notice>
            <ChangeList changes={chosen.changes} />
            <div className={styles.actions}>
              <Button variant="ghost" onClick={() => setChosen(null)}>
                {t('common.cancel')}
              </Button>
              <Button variant="primary" onClick={importNow}>
                {t('backup.import')}
              </Button>
            </div>
          </div>
        )}
      </Card>
    </>
  );
}
