import { useState } from 'react';
import { DndProvider } from 'react-dnd';
import { HTML5Backend } from 'react-dnd-html5-backend';
import { useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { SCREENS } from '@shared/screens';
import { Button, ButtonLink } from '@client/components/Button';
import { Card } from '@client/components/Card';
import { EmptyState } from '@client/components/EmptyState';
import { Icon } from '@client/components/Icon';
import { Notice } from '@client/components/Notice';
import { useFormat } from '@client/i18n/format';
import { storageWorks } from '@client/state/localStore';
import { cardCount, useWorkflow } from '@client/state/workflow';
import { Board } from './Board';
import { ArchiveDialog, DetailDialog, RemoveDialog, SettingsDialog } from './Dialogs';
import { ImportDialog } from './ImportDialog';
import { useBoardUpkeep } from './useBoardUpkeep';
import styles from './Workflow.module.css';

/**
 * /workflow (and /workflow/adds with the import dialog open): the staff member's own board of
 * cases, kept in this browser only.
 */
export function WorkflowPage() {
  const { t } = useTranslation();
  const format = useFormat();
  const navigate = useNavigate();
  const location = useLocation();
  const state = useWorkflow();
  const [detail, setDetail] = useState<number | null>(null);
  const [removing, setRemoving] = useState<number | null>(null);
  const [archiveOpen, setArchiveOpen] = useState(false);
  const [settingsOpen, setSettingsOpen] = useState(false);
  const importing = location.pathname.toLowerCase().replace(/\/$/, '') === SCREENS.workflowAdds;
  const [canStore] = useState(storageWorks);
  useBoardUpkeep();

  const count = cardCount(state);
  const hidden = state.columns.length - state.settings.showColumn.length;

  return (
    <div className={`container ${styles.page}`}>
      <header className={styles.header}>
        <h1>{t('workflow.title')}</h1>
        <p>{t('workflow.lead')}</p>
      </header>
      {!canStore && <Notice tone="warning" title={t('workflow.noStorage')} />}
      <div className={styles.toolbar} role="toolbar" aria-label={t('workflow.toolbar')}>
        <ButtonLink variant="primary" to={SCREENS.workflowAdds}>
          <Icon name="search" size={16} /> {t('workflow.import.open')}
        </ButtonLink>
        <ButtonLink to={SCREENS.workflowAddItem}>
          <Icon name="plus" size={16} /> {t('workflow.add.open')}
        </ButtonLink>
        <Button onClick={() => setArchiveOpen(true)}>
          <Icon name="bookmark" size={16} /> {t('workflow.archive.open', { formatted: format.number(state.archived.length) })}
        </Button>
        <Button onClick={() => setSettingsOpen(true)}>
          <Icon name="settings" size={16} /> {t('workflow.settings.open')}
        </Button>
        <span className={styles.muted}>
          {t('workflow.summary', { formatted: format.number(count) })}
          {hidden > 0 && ` · ${t('workflow.hiddenColumns', { formatted: format.number(hidden) })}`}
        </span>
      </div>
      {count === 0 && (
        <Card>
          <EmptyState icon="scale" title={t('workflow.empty')} action={<ButtonLink to={SCREENS.workflowAdds}>{t('workflow.import.open')}</ButtonLink>}>
            {t('workflow.emptyText')}
          </EmptyState>
        </Card>
      )}
      {count === 0 ? null : state.settings.showColumn.length === 0 ? (
        <Notice tone="info" title={t('workflow.allHidden')} action={<Button size="sm" onClick={() => setSettingsOpen(true)}>{t('workflow.settings.open')}</Button>} />
      ) : (
        <DndProvider backend={HTML5Backend}>
          <Board state={state} onOpen={setDetail} onRemove={setRemoving} />
        </DndProvider>
      )}
      <p className={styles.muted}>{t('workflow.keyboardHint')}</p>
      <DetailDialog state={state} id={detail} onClose={() => setDetail(null)} onRemove={(id) => setRemoving(id)} />
      <RemoveDialog
        state={state}
        id={removing}
        onClose={() => {
          if (removing !== null && removing === detail) setDetail(null);
          setRemoving(null);
        }}
      />
      <ArchiveDialog state={state} open={archiveOpen} onClose={() => setArchiveOpen(false)} />
      <SettingsDialog state={state} open={settingsOpen} onClose={() => setSettingsOpen(false)} />
      <ImportDialog open={importing} onClose={() => void navigate(SCREENS.workflow)} />
    </div>
  );
}
