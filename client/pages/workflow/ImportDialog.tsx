import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { searchParamProblem } from '@shared/schemas/search';
import { useDescribeError } from '@client/api/describeError';
import { search, type PlayerHit } from '@client/api/search';
import { Badge } from '@client/components/Badge';
import { Button } from '@client/components/Button';
import { Dialog } from '@client/components/Dialog';
import { EmptyState } from '@client/components/EmptyState';
import { TextField } from '@client/components/Field';
import { Skeleton } from '@client/components/Skeleton';
import { StatusBadge } from '@client/components/StatusBadge';
import { toast } from '@client/components/toast';
import { useFormat } from '@client/i18n/format';
import { addCards, commitWorkflow, workflow, type WorkflowState } from '@client/state/workflow';
import styles from './Workflow.module.css';

/** The name field's limit on this dialog (the site's search takes longer text). */
export const IMPORT_NAME_MAX = 20;
const RESULTS = 20;
const WAIT_MS = 400;

type Found = { state: 'idle' } | { state: 'loading' } | { state: 'failed'; error: unknown } | { state: 'ready'; hits: PlayerHit[]; total: number };

/**
 * /workflow/adds: finds cases by name through the site's search (present and past names, look-alike
 * characters folded) and puts one or several on the board.
 */
export function ImportDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const describe = useDescribeError();
  const format = useFormat();
  const [name, setName] = useState('');
  const [found, setFound] = useState<Found>({ state: 'idle' });
  const [chosen, setChosen] = useState<Set<number>>(new Set());
  const param = name.trim();
  const problem = param ? searchParamProblem('player', param) : null;

  useEffect(() => {
    if (!param || problem) {
      setFound({ state: 'idle' });
      return;
    }
    setFound({ state: 'loading' });
    const controller = new AbortController();
    const timer = setTimeout(() => {
      search({ type: 'player', param, limit: RESULTS }, controller.signal).then(
        (page) => setFound({ state: 'ready', hits: page.data, total: page.total }),
        (error: unknown) => !controller.signal.aborted && setFound({ state: 'failed', error }),
      );
    }, WAIT_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [param, problem]);

  useEffect(() => {
    if (!open) {
      setName('');
      setChosen(new Set());
    }
  }, [open]);

  const onBoard = (id: number) => !!workflow.cards[id];
  const toggle = (id: number) =>
    setChosen((set) => {
      const next = new Set(set);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  const add = () => {
    if (found.state !== 'ready') return;
    const cases = found.hits
      .filter((h) => chosen.has(h.dbId))
      .map((h) => ({ id: h.dbId, name: h.originName, personaId: h.originPersonaId, games: h.games, status: h.status, updateTime: h.updateTime }));
    const result = addCards(workflow as WorkflowState, cases, Date.now());
    commitWorkflow(result.state);
    if (result.full) toast.error(t('workflow.add.full', { max: 500 }));
    toast.success(t('workflow.import.added', { formatted: format.number(result.added.length) }));
    onClose();
  };

  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={t('workflow.import.title')}
      footer={
        <>
          <Button onClick={onClose}>{t('common.cancel')}</Button>
          <Button variant="primary" disabled={!chosen.size} onClick={add}>
            {t('workflow.import.addChosen', { formatted: format.number(chosen.size) })}
          </Button>
        </>
      }
    >
      <div className={styles.stack}>
        <TextField
          label={t('workflow.import.name')}
          hint={problem ? t('workflow.import.tooShort') : t('workflow.import.hint', { max: IMPORT_NAME_MAX })}
          type="search"
          maxLength={IMPORT_NAME_MAX}
          value={name}
          autoComplete="off"
          onChange={(e) => setName(e.target.value.slice(0, IMPORT_NAME_MAX))}
        />
        <div className={styles.results} aria-live="polite" data-testid="workflow-import-results">
          {found.state === 'idle' && <p className={styles.muted}>{t('workflow.import.typeName')}</p>}
          {found.state === 'loading' && (
            <div className={styles.stack}>
              <Skeleton height={36} />
              <Skeleton height={36} />
              <Skeleton height={36} />
            </div>
          )}
          {found.state === 'failed' && (
            <EmptyState icon="alert" tone="error" title={t('workflow.import.failed')}>
              {describe(found.error)}
            </EmptyState>
          )}
          {found.state === 'ready' && !found.hits.length && <EmptyState icon="search" title={t('workflow.import.none')} />}
          {found.state === 'ready' && found.hits.length > 0 && (
            <>
              <p className={styles.muted}>{t('workflow.import.count', { shown: format.number(found.hits.length), total: format.number(found.total) })}</p>
              <ul className={styles.plainList}>
                {found.hits.map((h) => {
                  const already = onBoard(h.dbId);
                  return (
                    <li key={h.dbId} className={styles.row} data-hit={h.dbId}>
                      <label className={styles.hit}>
                        <input type="checkbox" disabled={already} checked={already || chosen.has(h.dbId)} onChange={() => toggle(h.dbId)} />
                        <span className={styles.rowText}>
                          <strong>{h.originName}</strong>
                          {h.historyName !== h.originName && <span className={styles.muted}>{t('workflow.import.formerly', { name: h.historyName })}</span>}
                        </span>
                        <StatusBadge status={h.status} />
                        {already && <Badge tone="success">{t('workflow.import.onBoard')}</Badge>}
                      </label>
                    </li>
                  );
                })}
              </ul>
            </>
          )}
        </div>
      </div>
    </Dialog>
  );
}
