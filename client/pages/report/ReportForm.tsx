import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { GAMES } from '@shared/games';
import { LIMITS } from '@shared/limits';
import { report } from '@client/api/cases';
import { useDescribeError } from '@client/api/describeError';
import { casePath } from '@client/app/casePaths';
import { Button } from '@client/components/Button';
import { CaptchaField } from '@client/components/CaptchaField';
import { SelectField } from '@client/components/Field';
import { Notice } from '@client/components/Notice';
import { toast } from '@client/components/toast';
import { useCaptcha } from '@client/forms/useCaptcha';
import { RichEditor } from '@client/editor/RichEditor';
import { placeError } from '@client/forms/placeError';
import { useRefusalFocus } from '@client/forms/refusalFocus';
import { CheatMethodsField } from './CheatMethodsField';
import { GameIdField } from './GameIdField';
import { joinLinks, reportProblems, type ReportDraft, type ReportField } from './reportRules';
import { VideoLinksField } from './VideoLinksField';
import styles from './ReportPage.module.css';

const FIELDS: ReportField[] = ['game', 'originName', 'cheatMethods', 'videoLinks', 'description'];

/** Report one player (the report form); a new case opens, and the reporter lands on it. */
export function ReportForm() {
  const { t } = useTranslation();
  const describe = useDescribeError();
  const navigate = useNavigate();
  const captcha = useCaptcha();
  const [draft, setDraft] = useState<ReportDraft>({ game: GAMES[0], originName: '', cheatMethods: [], videoLinks: [''], description: '' });
  const [checked, setChecked] = useState(false);
  const [server, setServer] = useState<{ fields: Partial<Record<ReportField, string>>; captcha?: string; form?: string }>({ fields: {} });
  const [busy, setBusy] = useState(false);
  const { form, refused } = useRefusalFocus();

  const problems = reportProblems(draft);
  const errorOf = (field: ReportField) => server.fields[field] ?? (checked && problems[field] ? t(`report.errors.${problems[field]}`, { max: LIMITS.reportMax }) : undefined);
  const set = <K extends keyof ReportDraft>(key: K, value: ReportDraft[K]) => {
    setDraft((d) => ({ ...d, [key]: value }));
    setServer((s) => ({ ...s, fields: { ...s.fields, [key]: undefined } }));
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setChecked(true);
    if (Object.keys(problems).length || !captcha.answer) return refused();
    setBusy(true);
    setServer({ fields: {} });
    try {
      const done = await report(
        { game: draft.game, originName: draft.originName.trim(), cheatMethods: [...draft.cheatMethods], videoLink: joinLinks(draft.videoLinks), description: draft.description },
        captcha.answer,
      );
      toast.success(t('report.sent', { name: done.originName }));
      await navigate(casePath(done.originPersonaId));
    } catch (error) {
      captcha.renew();
      setServer(placeError<ReportField>(error, describe(error), FIELDS, { 'report.notFound': 'originName' }));
      setBusy(false);
      refused();
    }
  };

  return (
    <form ref={form} className={styles.form} onSubmit={(e) => void submit(e)} noValidate>
      {server.form && <Notice tone="danger">{server.form}</Notice>}
      <div className={styles.pair}>
        <SelectField label={t('report.game')} value={draft.game} options={GAMES.map((g) => ({ value: g, label: t(`games.${g}`) }))} onChange={(game) => set('game', game)} error={errorOf('game')} />
        <GameIdField value={draft.originName} onChange={(v) => set('originName', v)} error={errorOf('originName')} />
      </div>
      <CheatMethodsField value={draft.cheatMethods} onChange={(v) => set('cheatMethods', v)} error={errorOf('cheatMethods')} />
      <VideoLinksField value={draft.videoLinks} onChange={(v) => set('videoLinks', v)} error={errorOf('videoLinks')} checked={checked} />
      <RichEditor
        label={t('report.description')}
        hint={t('report.descriptionHint')}
        placeholder={t('report.descriptionPlaceholder')}
        maxLength={LIMITS.reportMax}
        onChange={(html) => set('description', html)}
        error={errorOf('description')}
        disabled={busy}
      />
      <CaptchaField {...captcha.field} error={server.captcha} />
      <Notice tone="warning">{t('report.warning')}</Notice>
      <div className={styles.actions}>
        <Button type="submit" variant="primary" size="lg" loading={busy} disabled={!captcha.complete}>
          {t('report.submit')}
        </Button>
      </div>
    </form>
  );
}
