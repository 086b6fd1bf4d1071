import { useEffect, useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { getPlayer, type CaseKey } from '@client/api/cases';
import { useDescribeError } from '@client/api/describeError';
import { Badge } from '@client/components/Badge';
import { Button } from '@client/components/Button';
import { Card } from '@client/components/Card';
import { EmptyState } from '@client/components/EmptyState';
import { TextField } from '@client/components/Field';
import { Icon } from '@client/components/Icon';
import { Segmented } from '@client/components/Segmented';
import { Skeleton } from '@client/components/Skeleton';
import { StatusBadge } from '@client/components/StatusBadge';
import { toast } from '@client/components/toast';
import { addCards, commitWorkflow, workflow, type WorkflowState } from '@client/state/workflow';
import type { CaseRecord } from '@shared/types/cases';
import { summaryOf } from './useBoardUpkeep';
import styles from './Workflow.module.css';

type Kind = 'id' | 'ouid';
type Lookup = { state: 'idle' } | { state: 'loading' } | { state: 'failed'; error: unknown } | { state: 'ready'; record: CaseRecord };

/** What the field names: a case number (`id`) or the player's persona id (`ouid`, as in `/player/:ouid`). */
export function caseKeyOf(kind: Kind, value: string): CaseKey | null {
  const v = value.trim();
  if (!/^[1-9]\d{0,15}$/.test(v)) return null;
  return kind === 'id' ? { dbId: Number(v) } : { personaId: v };
}

/** /workflow/item/add — puts one case on the board by its number or persona id (`?id=` / `?ouid=` fill the form). */
export function AddItemPage() {
  const { t } = useTranslation();
  const describe = useDescribeError();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [kind, setKind] = useState<Kind>(params.get('ouid') ? 'ouid' : 'id');
  const [value, setValue] = useState(params.get('ouid') ?? params.get('id') ?? '');
  const [lookup, setLookup] = useState<Lookup>({ state: 'idle' });
  const [invalid, setInvalid] = useState(false);

  const find = (k: Kind, v: string) => {
    const key = caseKeyOf(k, v);
    setInvalid(!key);
    if (!key) return;
    setLookup({ state: 'loading' });
    getPlayer(key).then(
      (record) => setLookup({ state: 'ready', record }),
      (error: unknown) => setLookup({ state: 'failed', error }),
    );
  };

  useEffect(() => {
    if (value) find(kind, value);
    // Only the values the page was opened with.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    find(kind, value);
  };

  const add = (record: CaseRecord) => {
    const result = addCards(workflow as WorkflowState, [summaryOf(record)], Date.now());
    commitWorkflow(result.state);
    if (result.full) toast.error(t('workflow.add.full', { max: 500 }));
    else toast.success(result.added.length ? t('workflow.add.added', { name: record.originName }) : t('workflow.add.already', { name: record.originName }));
    void navigate('/workflow');
  };

  return (
    <div className={`container ${styles.page}`}>
      <header className={styles.header}>
        <Link to="/workflow" className={styles.back}>
          <Icon name="chevronLeft" size={16} />
          {t('workflow.title')}
        </Link>
        <h1>{t('workflow.add.title')}</h1>
        <p>{t('workflow.add.lead')}</p>
      </header>
      <Card>
        <form className={styles.stack} onSubmit={submit} noValidate>
          <Segmented label={t('workflow.add.kind')} value={kind} options={(['id', 'ouid'] as const).map((k) => ({ value: k, label: t(`workflow.add.kinds.${k}`) }))} onChange={setKind} />
          <TextField
            label={t(`workflow.add.kinds.${kind}`)}
            hint={t('workflow.add.hint')}
            error={invalid ? t('workflow.add.invalid') : undefined}
            inputMode="numeric"
            value={value}
            maxLength={16}
            onChange={(e) => setValue(e.target.value)}
          />
          <div>
            <Button type="submit" loading={lookup.state === 'loading'}>
              {t('workflow.add.find')}
            </Button>
          </div>
        </form>
      </Card>
      {lookup.state === 'loading' && (
        <Card>
          <Skeleton height={20} width="50%" />
        </Card>
      )}
      {lookup.state === 'failed' && (
        <Card>
          <EmptyState icon="alert" tone="error" title={t('workflow.add.notFound')}>
            {describe(lookup.error)}
          </EmptyState>
        </Card>
      )}
      {lookup.state === 'ready' && (
        <Card title={lookup.record.originName}>
          <div className={styles.stack} data-found={lookup.record.id}>
            <div className={styles.cardLine}>
              <StatusBadge status={lookup.record.status} />
              {lookup.record.games.map((g) => (
                <Badge key={g} tone="info">
                  {t(`games.${g}`, { defaultValue: g })}
                </Badge>
              ))}
            </div>
            <div>
              <Button variant="primary" onClick={() => add(lookup.record)}>
                {t('workflow.add.submit')}
              </Button>
            </div>
          </div>
        </Card>
      )}
    </div>
  );
}
